import type { FilterExpression } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { jobsRepository } from '../../platform/jobs/jobs.repository.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { peopleRepository } from './people.repository.ts';

/** Folds a tenant's people_counts differences (migration 0008) into one row per group. */
export const COMPACT_COUNTS_QUEUE = 'people.compact-counts';
/** Differences summed by a read past which the tenant's are folded (a read sums them all). */
const COMPACT_AFTER_ROWS = 1000;

/**
 * Whether people_counts answers the expression: the empty one (every visible person) or a single
 * `vote =` / `vote IN` unit (those votes). Anything else is counted on people.
 */
export function countedByGroups(expression: FilterExpression): { votes?: string[] } | undefined {
  if (expression.length === 0) return {};
  const [group] = expression;
  if (expression.length !== 1 || typeof group !== 'object' || group.units.length !== 1) return undefined;
  const [unit] = group.units;
  if (typeof unit !== 'object' || unit.field !== 'vote') return undefined;
  if (unit.operator !== '=' && unit.operator !== 'IN') return undefined;
  return { votes: [...new Set(unit.values.map(String))] };
}

/** The exact total from people_counts; asks for a fold when the differences pile up. */
export async function totalFromGroups(
  ctx: TenantContext,
  vis: PeopleVisibility,
  votes: string[] | undefined,
): Promise<number> {
  const { total, rows } = await peopleRepository.countFromGroups(ctx, vis, votes);
  if (rows > COMPACT_AFTER_ROWS) {
    await jobsRepository.enqueue(
      ctx.trx,
      COMPACT_COUNTS_QUEUE,
      { tenantId: ctx.tenantId },
      { singletonKey: ctx.tenantId },
    );
  }
  return total;
}

export function compactCountsHandler(app: AppContext) {
  return async (raw: unknown) => {
    const { tenantId } = raw as { tenantId: string };
    await withTenant(app.db, tenantId, (ctx) => peopleRepository.compactCounts(ctx));
  };
}
