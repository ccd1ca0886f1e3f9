import { SEGMENT_TYPE_LABELS, SEGMENT_TYPES, SPECIAL_SEGMENT_CODES } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type SegmentRecord, segmentsRepository } from './segments.repository.ts';

/** For other modules, inside their transaction: an active saved segment by code. */
export async function findActiveSegment(ctx: TenantContext, id: string): Promise<SegmentRecord | undefined> {
  const segment = await segmentsRepository.find(ctx, id);
  return segment?.active ? segment : undefined;
}

/**
 * A list by code as a shot or export names it: an active saved segment, or the special list of a
 * type (everyone of the type, no filter; not stored, so its id is its code).
 */
export async function findActiveList(ctx: TenantContext, code: string): Promise<SegmentRecord | undefined> {
  const special = SEGMENT_TYPES.find((type) => String(SPECIAL_SEGMENT_CODES[type]) === code);
  if (special)
    return { id: code, name: SEGMENT_TYPE_LABELS[special], type: special, expression: [], active: true };
  return findActiveSegment(ctx, code);
}

/** Operator path (demo sample): inserts a saved list, in the caller's transaction. */
export function insertSegment(
  ctx: TenantContext,
  values: Parameters<typeof segmentsRepository.insert>[1],
  createdBy: string,
): Promise<SegmentRecord> {
  return segmentsRepository.insert(ctx, values, createdBy);
}
