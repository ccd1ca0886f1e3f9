import { geoPrecisionRank } from '@mandato/domain';
import type { Config } from '../../platform/config/config.ts';
import type { GeoOutcome, GeoRow } from '../../platform/db/geo-rows.ts';
import type { GeoAnswer, SourceResult } from './address.ts';
import type { CachedResult } from './geocoding.repository.ts';
import { NominatimGeocoder } from './nominatim-source.ts';
import { type OfflineMunicipalities, offlineMunicipalities } from './offline-source.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the geocoding sources, the HTTP geocoder with its pace (modules/geocoding/resolve.ts) */
    geocoders: Geocoders;
  }
}

/** The configured sources: the offline table always, the HTTP geocoder when GEOCODER_URL is set. */
export interface Geocoders {
  offline: OfflineMunicipalities;
  nominatim?: NominatimGeocoder;
}

/**
 * The sources of an app, made once at start-up (services.ts): the HTTP geocoder's pace (one
 * request per second) is per instance, so every job of the app shares it.
 */
export function createGeocoders(config: Config['geocoder']): Geocoders {
  return {
    offline: offlineMunicipalities(),
    ...(config.url
      ? {
          nominatim: new NominatimGeocoder({
            url: config.url,
            rateMs: config.rateMs,
            timeoutMs: config.timeoutMs,
            userAgent: config.userAgent,
          }),
        }
      : {}),
  };
}

/** HTTP failures of one address before it settles with what the other sources say. */
export const GEO_MAX_ATTEMPTS = 6;

/** Wait before the next try after `attempts` failures: 30 s, 1 min, 2 min … at most 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/** The HTTP geocoder's query of each row (undefined: none, or nothing it could look up). */
export function httpQueries(geocoders: Geocoders, rows: readonly GeoRow[]) {
  return rows.map((row) => geocoders.nominatim?.query(row));
}

export interface BatchLookups {
  /** the HTTP geocoder's answers by key: cached, or asked in this batch */
  answers: Map<string, SourceResult>;
}

/**
 * Asks the HTTP geocoder the keys of the batch it has no answer for, in row order, at most
 * `budget` of them (one request per second: a batch holds no lock while it waits). Each answer is
 * recorded by `remember` as it arrives (the cache: never asked twice, even across a crash). The
 * first failure (time-out, 429, garbage) ends the asking: the service is not answering now, and
 * the rows that wait for it back off.
 */
export async function askMissing(
  geocoders: Geocoders,
  queries: ReturnType<typeof httpQueries>,
  cached: Map<string, CachedResult>,
  budget: number,
  remember: (key: string, result: CachedResult) => Promise<void>,
): Promise<BatchLookups> {
  const answers = new Map<string, SourceResult>(cached);
  const http = geocoders.nominatim;
  if (!http) return { answers };
  let asked = 0;
  for (const q of queries) {
    if (!q || answers.has(q.key)) continue;
    if (asked >= budget) break;
    asked++;
    const result = await http.lookup(q.params);
    answers.set(q.key, result);
    if (result.kind === 'retry') break;
    await remember(q.key, result);
  }
  return { answers };
}

const better = (a: GeoAnswer | undefined, b: GeoAnswer | undefined) =>
  !b || (a && geoPrecisionRank(a.precision) >= geoPrecisionRank(b.precision)) ? a : b;

const done = (id: string, answer: GeoAnswer): GeoOutcome => ({
  id,
  status: 'DONE',
  latitude: answer.latitude,
  longitude: answer.longitude,
  precision: answer.precision,
  source: answer.source,
  attempts: 0,
  nextAt: null,
});
const notFound = (id: string): GeoOutcome => ({
  id,
  status: 'NOT_FOUND',
  latitude: null,
  longitude: null,
  precision: null,
  source: null,
  attempts: 0,
  nextAt: null,
});

export interface Resolution {
  outcomes: GeoOutcome[];
  /** rows left as they were: their HTTP answer is still to be asked (over the batch's budget) */
  untried: number;
  /** rows whose HTTP answer failed this time */
  failed: number;
}

/**
 * The outcome of each row from every configured source, keeping the most precise answer.
 * - `pending` (new and changed addresses): the best answer, or NOT_FOUND when no source knows it;
 *   an HTTP failure backs the row off (PENDING, attempts + 1, next try later) until
 *   GEO_MAX_ATTEMPTS, then it settles with what the other sources say.
 * - `recheck` ('Revalidar pontos'): the best answer when it is more precise than the row's point
 *   (a MANUAL point is never replaced), else KEEP; an HTTP failure leaves the row for a later try.
 */
export function resolveRows(
  geocoders: Geocoders,
  rows: readonly GeoRow[],
  queries: ReturnType<typeof httpQueries>,
  lookups: BatchLookups,
  mode: 'pending' | 'recheck',
  now = Date.now(),
): Resolution {
  const outcomes: GeoOutcome[] = [];
  let untried = 0;
  let failed = 0;
  rows.forEach((row, i) => {
    const offline = geocoders.offline.answer(row);
    const q = queries[i];
    const http = q ? lookups.answers.get(q.key) : undefined;
    if (q && !http) {
      untried++;
      return;
    }
    const best = better(http?.kind === 'found' ? http.answer : undefined, offline);
    if (http?.kind === 'retry') {
      failed++;
      if (mode === 'recheck') return;
      const attempts = row.geo_attempts + 1;
      if (attempts < GEO_MAX_ATTEMPTS) {
        outcomes.push({
          id: row.id,
          status: 'PENDING',
          latitude: null,
          longitude: null,
          precision: null,
          source: null,
          attempts,
          nextAt: new Date(now + backoffSeconds(attempts) * 1000).toISOString(),
        });
        return;
      }
    }
    if (mode === 'pending') {
      outcomes.push(best ? done(row.id, best) : notFound(row.id));
      return;
    }
    const current =
      row.geo_status === 'DONE' ? geoPrecisionRank(row.geo_precision as GeoAnswer['precision'] | null) : 0;
    if (best && geoPrecisionRank(best.precision) > current) outcomes.push(done(row.id, best));
    else if (!best && row.geo_status !== 'DONE' && row.geo_status !== 'PENDING')
      outcomes.push(notFound(row.id));
    else outcomes.push({ ...notFound(row.id), status: 'KEEP' });
  });
  return { outcomes, untried, failed };
}
