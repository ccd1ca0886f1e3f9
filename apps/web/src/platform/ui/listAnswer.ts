import type { ListAnswer } from '@mandato/domain';

/** Reads a list answer: `{list,total}` or a bare array (some lookups answer only the list). */
export function asListAnswer<T>(answer: ListAnswer<T> | T[] | null | undefined): ListAnswer<T> {
  if (Array.isArray(answer)) return { list: answer, total: answer.length };
  return { list: answer?.list ?? [], total: answer?.total ?? 0 };
}
