import {
  MERGE_UNDO_DAYS,
  type MergeHistoryPage,
  type MergeHistoryQuery,
  type MergePerson,
  pageOffset,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import { peopleVisibility } from '../people/people.policy.ts';
import { mergeHistoryRepository } from './merge-history.repository.ts';

const person = (code: string | number, name: string | null): MergePerson => ({ code: Number(code), name });

/**
 * GET /api/people/merges: the merges of the last MERGE_UNDO_DAYS days, newest first, for 'Desfazer'
 * after the merge dialog closed. A merge is listed to whoever sees its survivor (the undo's own
 * check); a merged person the caller may not see is listed by code only.
 */
export async function listMerges(
  ctx: RequestContext,
  auth: AuthContext,
  query: MergeHistoryQuery,
): Promise<MergeHistoryPage> {
  const { rows, total } = await mergeHistoryRepository.page(
    ctx,
    peopleVisibility(auth),
    MERGE_UNDO_DAYS,
    query.itemsPerPage,
    pageOffset(query),
  );
  return {
    total,
    items: rows.map((row) => ({
      code: String(row.id),
      createdAt: toIso(row.created_at),
      createdBy: row.created_by_name,
      survivor: row.survivor_id === null ? null : person(row.survivor_id, row.survivor_name),
      merged: row.merged.map((m) => person(m.code, m.name)),
      undoneAt: toIso(row.undone_at),
      undoUntil: toIso(row.undo_until),
    })),
  };
}
