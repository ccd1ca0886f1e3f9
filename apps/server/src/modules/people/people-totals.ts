import type { FilterExpression, FilterUnit } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { ExactCountCache } from '../../platform/db/exact-count-cache.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue, enqueue, rowId } from '../../platform/jobs/queue.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { countQuery, type PeopleFilter } from './people.repository.ts';
import {
  type CountQuery,
  idCodes,
  isOneNameWord,
  peopleTotalsRepository,
} from './people-totals.repository.ts';

/**
 * Exact totals of people lists, each from the cheapest source that answers it exactly
 * (docs/decisions.md, "Totais exatos em cache por versão" and "Contadores por delta"):
 * - no expression, or `vote =` / `vote IN` alone: the group counters of migration 0008;
 * - `tags =` / `tags IN` alone: person_tags with the visibility columns of migration 0009;
 * - a one-word `name CONTAINS` alone: person_name_words, likewise (migration 0011);
 * - anything else: count(*) on people, kept per tenant version (migration 0007).
 */
export async function searchTotal(
  ctx: TenantContext,
  counts: ExactCountCache,
  vis: PeopleVisibility,
  filter: PeopleFilter,
): Promise<number> {
  if (filter.expression.length === 0) return totalFromGroups(ctx, vis);
  const unit = onlyUnit(filter.expression);
  if (unit?.field === 'vote' && (unit.operator === '=' || unit.operator === 'IN')) {
    return totalFromGroups(ctx, vis, [...new Set(unit.values.map(String))]);
  }
  if (unit?.field === 'tags' && (unit.operator === '=' || unit.operator === 'IN')) {
    const { ids } = idCodes(unit.values);
    if (ids.length === 0) return 0;
    return keptTotal(ctx, counts, peopleTotalsRepository.countByTagsQuery(ctx, vis, ids));
  }
  const [value] = unit?.values ?? [];
  if (unit?.field === 'name' && unit.operator === 'CONTAINS' && isOneNameWord(value)) {
    return keptTotal(ctx, counts, peopleTotalsRepository.countByNameWordQuery(ctx, vis, value));
  }
  return exactTotal(ctx, counts, vis, filter);
}

/** The unit of an expression made of one group holding one unit. */
function onlyUnit(expression: FilterExpression): FilterUnit | undefined {
  const [group] = expression;
  if (expression.length !== 1 || typeof group !== 'object' || group.units.length !== 1) return undefined;
  const [unit] = group.units;
  return typeof unit === 'object' ? unit : undefined;
}

/** The exact number of visible people matching `filter`, counted on people (see keptTotal). */
export function exactTotal(
  ctx: TenantContext,
  counts: ExactCountCache,
  vis: PeopleVisibility,
  filter?: PeopleFilter,
): Promise<number> {
  return keptTotal(ctx, counts, countQuery(ctx, vis, filter));
}

/**
 * A count run once per tenant version (a write to people raises it, migration 0007): paging,
 * sorting and coming back to a list reuse it.
 */
async function keptTotal(ctx: TenantContext, counts: ExactCountCache, query: CountQuery): Promise<number> {
  const key = peopleTotalsRepository.keyOf(query);
  const known = counts.get(ctx.tenantId, await peopleTotalsRepository.version(ctx), key);
  if (known !== undefined) return known;
  const { total, version, cacheable } = await peopleTotalsRepository.totalAtVersion(ctx, query);
  if (cacheable) counts.set(ctx.tenantId, version, key, total);
  return total;
}

/** Folds a tenant's people_counts differences (migration 0008) into one row per group. */
export const compactCountsQueue = defineQueue({
  name: 'people.compact-counts',
  payload: z.object({ tenantId: rowId }),
  concurrency: 2,
});
/** Differences summed by a read past which the tenant's are folded (a read sums them all). */
const COMPACT_AFTER_ROWS = 1000;

/** Visible people (of some votes) from people_counts; asks for a fold when differences pile up. */
export async function totalFromGroups(
  ctx: TenantContext,
  vis: PeopleVisibility,
  votes?: string[],
): Promise<number> {
  const { total, rows } = await peopleTotalsRepository.countFromGroups(ctx, vis, votes);
  if (rows > COMPACT_AFTER_ROWS) {
    await enqueue(ctx.trx, compactCountsQueue, { tenantId: ctx.tenantId }, { singletonKey: ctx.tenantId });
  }
  return total;
}

export function compactCountsHandler(app: AppContext) {
  return async ({ tenantId }: z.infer<typeof compactCountsQueue.payload>) => {
    await withTenant(app.db, tenantId, (ctx) => peopleTotalsRepository.compactCounts(ctx));
  };
}
