import type { GeoPrecision } from '@mandato/domain';
import type { GeoRow } from '../../platform/db/geo-rows.ts';

/**
 * Text as the geocoder compares it: like the database's search_norm (unaccent, then lower case),
 * with punctuation and repeated spaces folded too, so 'SÃO PAULO', 'Sao Paulo' and 'são  paulo'
 * are one name, and so are "Santa Bárbara d'Oeste" and 'Santa Barbara D Oeste'.
 */
export function normalizeText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The CEP's eight digits, or '' when it has not eight. */
export function cepDigits(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 8 ? digits : '';
}

/** A point a source found, with how close it is. */
export interface GeoAnswer {
  latitude: number;
  longitude: number;
  precision: Exclude<GeoPrecision, 'MANUAL'>;
  source: 'offline' | 'nominatim';
}

/** What one source says of an address: a point, not known, or no answer now (try again later). */
export type SourceResult =
  | { kind: 'found'; answer: GeoAnswer }
  | { kind: 'not_found' }
  | { kind: 'retry'; reason: string };

export type GeoAddress = Pick<GeoRow, 'zip_code' | 'street' | 'number' | 'neighborhood' | 'city' | 'state'>;
