/**
 * Prints the INSERT of geo_municipalities (migration 0028's data) from the offline table
 * apps/server/src/modules/geocoding/data/municipios.csv, names normalised exactly as the geocoder
 * compares them. `offline-table.test.ts` fails when the migration and the CSV drift apart.
 *   npx tsx tools/municipalities-sql.ts > /tmp/municipalities.sql
 */
import { normalizeText } from '../apps/server/src/modules/geocoding/address.ts';
import { offlineMunicipalities } from '../apps/server/src/modules/geocoding/offline-source.ts';

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const all = offlineMunicipalities().all;
const nameCount = new Map<string, number>();
for (const m of all) nameCount.set(normalizeText(m.name), (nameCount.get(normalizeText(m.name)) ?? 0) + 1);
const rows = all.map((m) => {
  const norm = normalizeText(m.name);
  return `(${m.ibge},${quote(m.uf)},${quote(m.name)},${quote(norm)},${m.latitude},${m.longitude},${nameCount.get(norm) === 1})`;
});
console.log(
  'INSERT INTO geo_municipalities (ibge, uf, name, name_norm, latitude, longitude, unique_name) VALUES',
);
console.log(`${rows.join(',\n')};`);
