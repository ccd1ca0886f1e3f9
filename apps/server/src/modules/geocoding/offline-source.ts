import fs from 'node:fs';
import path from 'node:path';
import { once } from '../../platform/lazy.ts';
import { SERVER_ROOT } from '../../platform/paths.ts';
import { type GeoAddress, type GeoAnswer, normalizeText } from './address.ts';

/** One municipality of data/municipios.csv (IBGE code, UF, name, seat coordinates). */
export interface Municipality {
  ibge: number;
  uf: string;
  name: string;
  latitude: number;
  longitude: number;
}

// from the server's folder: the same file from the sources and from the bundle (platform/paths.ts)
const DATA = path.join(SERVER_ROOT, 'src/modules/geocoding/data/municipios.csv');

/**
 * The embedded default geocoder (DESIGN.md §4): Brazil's municipalities and their seats, no
 * network. Matches a city by its normalised name within its UF (or, with no UF, a name only one
 * municipality has); its answers are CITY precision (there is no offline CEP data).
 */
export class OfflineMunicipalities {
  readonly all: readonly Municipality[];
  private readonly byUfAndName = new Map<string, Municipality>();
  private readonly byName = new Map<string, Municipality | null>();

  constructor(csv: string) {
    const list: Municipality[] = [];
    for (const line of csv.split(/\r?\n/).slice(1)) {
      if (!line) continue;
      const [ibge, uf, name, latitude, longitude] = line.split(',');
      list.push({
        ibge: Number(ibge),
        uf: uf as string,
        name: name as string,
        latitude: Number(latitude),
        longitude: Number(longitude),
      });
    }
    this.all = list;
    for (const m of list) {
      const key = normalizeText(m.name);
      this.byUfAndName.set(`${m.uf}|${key}`, m);
      // a name two UFs share answers nothing without its UF
      this.byName.set(key, this.byName.has(key) ? null : m);
    }
  }

  find(city: string | null | undefined, state: string | null | undefined): Municipality | undefined {
    const name = normalizeText(city);
    if (!name) return undefined;
    const uf = (state ?? '').trim().toUpperCase();
    if (uf) return this.byUfAndName.get(`${uf}|${name}`);
    return this.byName.get(name) ?? undefined;
  }

  answer(address: Pick<GeoAddress, 'city' | 'state'>): GeoAnswer | undefined {
    const m = this.find(address.city, address.state);
    return m && { latitude: m.latitude, longitude: m.longitude, precision: 'CITY', source: 'offline' };
  }
}

/** The table, read once per process (≈ 230 KB). */
export const offlineMunicipalities = once(() => new OfflineMunicipalities(fs.readFileSync(DATA, 'utf8')));
