import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { normalizeText } from './address.ts';
import { offlineMunicipalities } from './offline-source.ts';

/** The IBGE codes of a municipality and of its state. */
export interface MunicipalityIbge {
  stateIbge: number;
  municipalityIbge: number;
}

/** A public geographic service (spec 3 §7.5), or none: only the offline table. */
export interface GeoServiceOptions {
  url: string | undefined;
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The IBGE ids of `city` in `state` (UF). With a geographic service configured: its
 * `GET municipios/{city slug}` and `GET estados/{UF}` (the id read from each answer, an object or
 * the first of a list), outside any transaction; when it does not answer, answers without an id or
 * names a municipality of another state, the offline table (data/municipios.csv), accents and case
 * ignored. undefined when neither knows the municipality.
 */
export async function municipalityIbgeOf(
  geo: GeoServiceOptions,
  city: string,
  state: string,
): Promise<MunicipalityIbge | undefined> {
  if (geo.url) {
    try {
      const found = await fromService(geo, city, state);
      if (found) return found;
    } catch (error) {
      geo.log.warn({ err: error }, 'serviço geográfico não respondeu; usando a tabela offline');
    }
  }
  return offlineIbgeOf(city, state);
}

function offlineIbgeOf(city: string, state: string): MunicipalityIbge | undefined {
  const m = offlineMunicipalities().find(city, state);
  return m && { stateIbge: stateOf(m.ibge), municipalityIbge: m.ibge };
}

/** The state's code is a municipality's first two digits (IBGE). */
const stateOf = (municipalityIbge: number) => Math.trunc(municipalityIbge / 100_000);

const IdSchema = z
  .number()
  .int()
  .positive()
  .or(
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  );
const IdAnswerSchema = z.union([
  z.object({ id: IdSchema }),
  z
    .array(z.object({ id: IdSchema }))
    .min(1)
    .transform((list) => list[0] as { id: number }),
]);
const ANSWER_MAX_BYTES = 256 * 1024;

async function fromService(geo: GeoServiceOptions, city: string, state: string) {
  const base = (geo.url as string).replace(/\/+$/, '');
  const slug = normalizeText(city).replace(/ /g, '-');
  const uf = normalizeText(state).slice(0, 2);
  if (!slug || uf.length !== 2) return undefined;
  const [municipality, stateId] = await Promise.all([
    idAt(`${base}/municipios/${encodeURIComponent(slug)}`, geo.timeoutMs),
    idAt(`${base}/estados/${encodeURIComponent(uf)}`, geo.timeoutMs),
  ]);
  if (municipality === undefined || stateId === undefined) return undefined;
  // a slug two states share (e.g. 'bom-jesus') may answer another state's municipality
  if (stateOf(municipality) !== stateId) return undefined;
  return { stateIbge: stateId, municipalityIbge: municipality };
}

async function idAt(url: string, timeoutMs: number): Promise<number | undefined> {
  const res = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { accept: 'application/json' },
  });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`serviço geográfico: HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > ANSWER_MAX_BYTES) throw new Error('serviço geográfico: resposta grande demais');
  const parsed = IdAnswerSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data.id : undefined;
}
