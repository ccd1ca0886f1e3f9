import type { TenantContext } from '../../platform/db/tenancy.ts';
import { demoShotsRepository } from './demo-shots.repository.ts';

/*
 * The demo seed's past shots (modules/demo/demo-shots.ts) are made now, by the product's own steps:
 * their dates are then set to the past they show (issue 39 item 12: created ≤ scheduled ≤ sent).
 */

/** A past shot written at `createdAt` and last changed at `updatedAt`. */
export function settleDemoShotDates(
  ctx: TenantContext,
  shotId: string,
  createdAt: Date,
  updatedAt: Date,
): Promise<void> {
  return demoShotsRepository.settleDates(ctx, shotId, createdAt, updatedAt);
}

/** The opt-outs of a shot (null: of none) recorded now, dated `at`. */
export function backdateDemoOptOuts(ctx: TenantContext, shotId: string | null, at: Date): Promise<void> {
  return demoShotsRepository.backdateOptOuts(ctx, shotId, at);
}
