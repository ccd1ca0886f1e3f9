import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type SegmentRecord, segmentsRepository } from './segments.repository.ts';

/** For other modules, inside their transaction: an active saved segment by code. */
export async function findActiveSegment(ctx: TenantContext, id: string): Promise<SegmentRecord | undefined> {
  const segment = await segmentsRepository.find(ctx, id);
  return segment?.active ? segment : undefined;
}

/** Operator path (demo sample): inserts a saved list, in the caller's transaction. */
export function insertSegment(
  ctx: TenantContext,
  values: Parameters<typeof segmentsRepository.insert>[1],
  createdBy: string,
): Promise<SegmentRecord> {
  return segmentsRepository.insert(ctx, values, createdBy);
}
