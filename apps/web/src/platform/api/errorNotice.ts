import { MESSAGES } from '@mandato/domain/plain';
import type { ApiErrorBody } from './errors.ts';

export interface NoticeText {
  title: string;
  description?: string;
}

function flatten(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(flatten);
  if (typeof value === 'object') return Object.values(value).flatMap(flatten);
  return [];
}

/** Description of an error notice from `errors`: a string, an array joined by ', ' or field → messages. */
export function describeErrors(errors: unknown): string | undefined {
  if (typeof errors === 'string') return errors.trim() ? errors : undefined;
  const parts = flatten(errors);
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * Default error notice (spec 1 §8): title from the response `message`, else the text the
 * caller gave, else 'Ops!'; description from the response `errors`.
 */
export function buildErrorNotice(body: ApiErrorBody | null | undefined, fallbackTitle?: string): NoticeText {
  const message = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  const title = message ?? (fallbackTitle?.trim() ? fallbackTitle : MESSAGES.ops);
  const description = describeErrors(body?.errors);
  return description ? { title, description } : { title };
}
