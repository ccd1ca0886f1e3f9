import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { cepDigits, type GeoAddress, type GeoAnswer, normalizeText, type SourceResult } from './address.ts';

/** State names by UF: Nominatim matches a structured `state` by name. */
const STATE_NAMES: Record<string, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

const coordinate = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v);
  if (v === '' || !Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'coordenada inválida' });
    return z.NEVER;
  }
  return n;
});

/** What is read of a Nominatim `format=jsonv2` answer; anything else is garbage (tried again later). */
const AnswerSchema = z.array(
  z.looseObject({
    lat: coordinate.pipe(z.number().min(-90).max(90)),
    lon: coordinate.pipe(z.number().min(-180).max(180)),
    addresstype: z.string().optional(),
    type: z.string().optional(),
    category: z.string().optional(),
    class: z.string().optional(),
    place_rank: z.number().optional(),
  }),
);
type Place = z.output<typeof AnswerSchema>[number];

const STREET_TYPES: ReadonlySet<string> = new Set([
  'house',
  'building',
  'road',
  'street',
  'residential',
  'highway',
  'place',
]);
const NEIGHBORHOOD_TYPES: ReadonlySet<string> = new Set([
  'suburb',
  'neighbourhood',
  'quarter',
  'city_district',
  'borough',
]);
const CITY_TYPES: ReadonlySet<string> = new Set([
  'city',
  'town',
  'village',
  'municipality',
  'county',
  'hamlet',
  'administrative',
]);

/** How close a place is, from its kind (then its rank). */
export function placePrecision(place: Place): GeoAnswer['precision'] {
  const kind = place.addresstype ?? place.type ?? '';
  if (kind === 'postcode') return 'ZIP';
  if (STREET_TYPES.has(kind)) return 'STREET';
  if (NEIGHBORHOOD_TYPES.has(kind)) return 'NEIGHBORHOOD';
  if (CITY_TYPES.has(kind)) return 'CITY';
  const rank = place.place_rank ?? 0;
  if (rank >= 26) return 'STREET';
  if (rank >= 21) return 'NEIGHBORHOOD';
  return 'CITY';
}

/** Brazil's bounds (spec 2 §2), a little wider: a point outside is not an answer for a Brazilian address. */
const inBrazil = (lat: number, lon: number) => lat >= -34.5 && lat <= 6 && lon >= -74.5 && lon <= -28;

export interface NominatimOptions {
  url: string;
  rateMs: number;
  timeoutMs: number;
  userAgent: string;
}

/**
 * The real geocoding adapter (DESIGN.md §4): a Nominatim-compatible `/search` over HTTP, with the
 * usage policy of the public service — at most one request per `rateMs` from this process, a
 * User-Agent that names the application, a time-out. It keeps no state of its own besides the
 * pace: answers are cached in the database by the caller (geocoding.repository), by `key`.
 */
export class NominatimGeocoder {
  readonly source = 'nominatim' as const;
  private nextAt = 0;
  private turn: Promise<void> = Promise.resolve();

  constructor(private readonly options: NominatimOptions) {}

  /**
   * The normalised address this source is asked (also the cache key), and its structured query;
   * undefined when there is nothing it could look up.
   */
  query(address: GeoAddress): { key: string; params: URLSearchParams } | undefined {
    const street = normalizeText(address.street);
    const number = normalizeText(address.number);
    const city = normalizeText(address.city);
    const uf = (address.state ?? '').trim().toUpperCase();
    const cep = cepDigits(address.zip_code);
    if (!city && !cep) return undefined;
    const params = new URLSearchParams({
      format: 'jsonv2',
      limit: '1',
      countrycodes: 'br',
      country: 'Brasil',
    });
    if (street)
      params.set('street', [address.number?.trim(), address.street?.trim()].filter(Boolean).join(' '));
    if (city) params.set('city', (address.city ?? '').trim());
    if (STATE_NAMES[uf]) params.set('state', STATE_NAMES[uf]);
    if (cep) params.set('postalcode', `${cep.slice(0, 5)}-${cep.slice(5)}`);
    return { key: [street, number, city, uf, cep].join('|'), params };
  }

  /** Asks the service (waiting for its turn): a point, not found, or retry (time-out, 429, 5xx, garbage). */
  async lookup(params: URLSearchParams): Promise<SourceResult> {
    await this.waitTurn();
    const url = `${this.options.url.replace(/\/+$/, '')}/search?${params}`;
    let body: unknown;
    try {
      const response = await fetch(url, {
        headers: {
          'User-Agent': this.options.userAgent,
          Accept: 'application/json',
          'Accept-Language': 'pt-BR',
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'retry', reason: `HTTP ${response.status}` };
      }
      body = JSON.parse(await response.text());
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
    const parsed = AnswerSchema.safeParse(body);
    if (!parsed.success) return { kind: 'retry', reason: 'resposta inválida do geocodificador' };
    const place = parsed.data[0];
    if (!place || !inBrazil(place.lat, place.lon)) return { kind: 'not_found' };
    return {
      kind: 'found',
      answer: {
        latitude: place.lat,
        longitude: place.lon,
        precision: placePrecision(place),
        source: 'nominatim',
      },
    };
  }

  /**
   * One request per `rateMs`, in call order, whatever the callers: waits for the previous caller's
   * turn and the pace; the next turn counts from the end of this one, and the caller sends right
   * after it, so the interval holds between sends.
   */
  private async waitTurn(): Promise<void> {
    const previous = this.turn;
    let sent!: () => void;
    this.turn = new Promise<void>((resolve) => {
      sent = resolve;
    });
    try {
      await previous;
      const wait = this.nextAt - Date.now();
      if (wait > 0) await sleep(wait);
    } finally {
      this.nextAt = Date.now() + this.options.rateMs;
      sent();
    }
  }
}
