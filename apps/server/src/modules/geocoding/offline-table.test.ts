import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/engine.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import { normalizeText } from './address.ts';
import { offlineMunicipalities } from './offline-source.ts';

/**
 * The address trigger (migration 0028) geocodes from geo_municipalities with geo_norm(); the job
 * from data/municipios.csv with normalizeText(). Both must be one source: same rows, same names.
 */
describe(`the offline municipalities in the database (${testEngine})`, () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('hold exactly the rows of the CSV (tools/municipalities-sql.ts writes the migration)', async () => {
    const rows = await db.kysely.selectFrom('geo_municipalities').selectAll().orderBy('ibge').execute();
    const csv = [...offlineMunicipalities().all].sort((a, b) => a.ibge - b.ibge);
    expect(rows.length).toBe(csv.length);
    rows.forEach((row, i) => {
      const m = csv[i];
      expect([row.ibge, row.uf, row.name, row.latitude, row.longitude]).toEqual([
        m?.ibge,
        m?.uf,
        m?.name,
        m?.latitude,
        m?.longitude,
      ]);
      expect(row.name_norm).toBe(normalizeText(m?.name));
    });
  });

  it('normalise names in SQL (geo_norm) exactly as the geocoder does in JS', async () => {
    const samples = [
      "Santa Bárbara d'Oeste",
      '  SÃO   PAULO ',
      'Mogi-Guaçu',
      'Itaú de Minas',
      'Açailândia',
      'Pôrto (antigo)',
      '',
      '---',
    ];
    const { rows } = await sql<{ name: string; norm: string }>`
      SELECT name, geo_norm(name) AS norm FROM geo_municipalities
      UNION ALL SELECT s, geo_norm(s) FROM unnest(${samples}::text[]) s`.execute(db.kysely);
    const differ = rows.filter((r) => r.norm !== normalizeText(r.name));
    expect(differ).toEqual([]);
  });
});
