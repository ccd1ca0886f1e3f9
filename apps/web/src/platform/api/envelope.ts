import { MESSAGES } from '@mandato/domain/plain';
import { ApiError } from './errors.ts';

/** A list answer (DESIGN §3): `{ data: { list, total } }`. */
export interface ListAnswer<T> {
  list: T[];
  total: number;
}

/** Unwraps the `{ data: … }` envelope; a missing wrapper is an error (spec 1 §7). */
export function unwrapEnvelope<T>(body: unknown, status = 200): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('data' in body)) {
    throw new ApiError('envelope', status, { message: MESSAGES.emptyEnvelope }, MESSAGES.emptyEnvelope);
  }
  return (body as { data: T }).data;
}

/** Status below 200 or at least 400 is a failure (spec 1 §4). */
export function isFailureStatus(status: number): boolean {
  return status < 200 || status >= 400;
}
