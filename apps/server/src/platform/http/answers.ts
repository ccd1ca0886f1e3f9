import { DataAnswerSchema, ErrorAnswerSchema } from '@mandato/domain';
import type { ZodType } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The X-Schema header (tenant slug) in the OpenAPI document: 'required' on every route that
     * names a tenant, 'optional' where it only widens the answer. Documentation only: the guard
     * (`platform/auth/guard.ts`) is what refuses a missing one (403), so no schema validates it.
     */
    tenantHeader?: 'required' | 'optional';
  }
}

/** The 4xx statuses a route may document; each answers `{ message, errors }`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** The refusals every authenticated route can give: bad input, no session, wrong tenant or role. */
const GUARDED = [400, 401, 403] as const;

function failures<S extends ErrorStatus>(statuses: readonly S[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorAnswerSchema])) as {
    [K in S]: typeof ErrorAnswerSchema;
  };
}

/** `{ data }` for 200 plus the error shape for each of `statuses`. */
export function answers<T extends ZodType, S extends ErrorStatus>(data: T, statuses: readonly S[]) {
  return { 200: DataAnswerSchema(data), ...failures(statuses) };
}

/**
 * Route schema parts of a signed-in route: bearer token and X-Schema required, `{ data }` of
 * `data`, and 400/401/403 plus `extra` (404 for a missing record, 409 for a conflict, 429 for a limit).
 */
export function authenticated<T extends ZodType, E extends 404 | 409 | 413 | 429 = never>(
  data: T,
  extra: readonly E[] = [],
) {
  return {
    security: [{ bearer: [] }],
    tenantHeader: 'required' as const,
    response: answers(data, [...GUARDED, ...extra]),
  };
}

/** Route schema parts of a route without session (no security), with its documented statuses. */
export function anonymous<T extends ZodType, S extends ErrorStatus>(
  data: T,
  statuses: readonly S[],
  tenantHeader?: 'required' | 'optional',
) {
  return {
    security: [] as { bearer: string[] }[],
    ...(tenantHeader ? { tenantHeader } : {}),
    response: answers(data, statuses),
  };
}

/** A non-JSON 200 (`content` of the given media type, a text) plus the error shape of `statuses`. */
export function download<T extends ZodType, S extends ErrorStatus>(
  mediaType: string,
  text: T,
  statuses: readonly S[],
) {
  return {
    200: { description: 'OK', content: { [mediaType]: { schema: text } } },
    ...failures(statuses),
  };
}
