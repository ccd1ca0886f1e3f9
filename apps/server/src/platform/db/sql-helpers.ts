import type { Address } from '@mandato/domain';
import { sql } from 'kysely';

/** Whether `value` can be a uuid column value (anything else would be a PostgreSQL error). */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A bigint[] parameter that both engines accept. */
export const bigintArray = (ids: readonly (string | number)[]) =>
  sql<string[]>`cast(${`{${ids.map(String).join(',')}}`} as bigint[])`;

/** `value` as a literal inside a LIKE pattern: \, % and _ escaped (the default escape, \). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What is left of a text once accents are dropped (a value of only combining marks is empty). */
export const withoutMarks = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');

const EXPANSIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ð: 'd',
};

/**
 * TypeScript counterpart of SQL `search_norm()` (lower(unaccent()), migration 0003) for Latin
 * text: accents dropped, lower case. Exact equality with the SQL side is only guaranteed by
 * applying search_norm() to the parameter in SQL, as compile-filter.ts does.
 */
export function searchNorm(value: string): string {
  return withoutMarks(value)
    .toLowerCase()
    .replace(/[ßæœøđłþð]/g, (c) => EXPANSIONS[c] ?? c);
}

/** A domain address as the address columns of people, companies and politicians (null when absent). */
export function addressColumns(a: Address | null | undefined) {
  return {
    zip_code: a?.zipCode ?? null,
    street: a?.street ?? null,
    number: a?.number ?? null,
    complement: a?.complement ?? null,
    neighborhood: a?.neighborhood ?? null,
    city: a?.city ?? null,
    state: a?.state ?? null,
  };
}
