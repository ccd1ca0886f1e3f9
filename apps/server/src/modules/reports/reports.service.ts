import {
  addMonths,
  type DatabaseStatus,
  databaseStatusOf,
  type EntriesPerPeriodQuery,
  type EntryPerPeriod,
  GODFATHERS_EXPORT_HEADER,
  type GodfatherRow,
  type GodfathersExportQuery,
  type GodfathersQuery,
  type InteractionReportQuery,
  type ListAnswer,
  monthsBetween,
  PERSON_MESSAGES,
  reachedPercentage,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toCsv } from '../../platform/export/csv.ts';
import { recordExport } from '../../platform/export/export-log.repository.ts';
import { exportInteractions, searchInteractions } from '../interactions/interactions.service.ts';
import { reportInteractionsVisibility, reportOwner } from './reports.policy.ts';
import { type GodfatherRecord, reportsRepository } from './reports.repository.ts';

/** GET /reports/people/database-status: visible contacts per vote and their shares. */
export async function databaseStatus(ctx: RequestContext, auth: AuthContext): Promise<DatabaseStatus> {
  const byVote = await reportsRepository.contactsByVote(ctx, reportOwner(auth));
  return databaseStatusOf({
    conquered: byVote.get('CONQUERED') ?? 0,
    toconquer: byVote.get('TO_CONQUER') ?? 0,
    lost: byVote.get('LOST') ?? 0,
  });
}

/**
 * GET /reports/people/entries-per-period: every month from the one of beginDate to the one of
 * endDate (America/Sao_Paulo), months without people included with 0.
 */
export async function entriesPerPeriod(
  ctx: RequestContext,
  auth: AuthContext,
  query: EntriesPerPeriodQuery,
): Promise<EntryPerPeriod[]> {
  const first = addMonths(query.beginDate, 0);
  const last = addMonths(query.endDate, 0);
  const counts = await reportsRepository.createdPerMonth(ctx, reportOwner(auth), first, last);
  const months = monthsBetween(first, last);
  return Array.from({ length: months }, (_, i) => {
    const date = addMonths(first, i);
    return { date, total: counts.get(date) ?? 0 };
  });
}

const present = (r: GodfatherRecord): GodfatherRow => ({
  code: Number(r.id),
  name: r.name ?? PERSON_MESSAGES.unnamed,
  influence: r.influence,
  totalAffiliates: r.total,
});

/**
 * GET /reports/people/godfathers: contacts with a goal or with affiliates. By totalAffiliates
 * (the default, descending) the page comes from the kept totals of the affiliated ones, then from
 * the ones with a goal and no affiliate (total 0, by name): neither reads every godfather.
 */
export async function godfathers(
  ctx: RequestContext,
  auth: AuthContext,
  query: GodfathersQuery,
): Promise<ListAnswer<GodfatherRow>> {
  const owner = reportOwner(auth);
  const direction = query.orderingAscending ? 'asc' : 'desc';
  const limit = query.itemsPerPage;
  const offset = (query.page - 1) * limit;
  const byTotal = query.orderingCriteria === 'totalAffiliates';
  const affiliated = await reportsRepository.affiliatedPage(
    ctx,
    owner,
    direction,
    byTotal && direction === 'desc' ? limit : 0,
    offset,
  );
  const total = affiliated.count + (await reportsRepository.withGoalCount(ctx, owner)) - affiliated.withGoal;
  const zeros = total - affiliated.count;
  let rows: GodfatherRecord[];
  if (!byTotal) {
    rows = await reportsRepository.godfathers(ctx, owner, query.orderingCriteria, direction, limit, offset);
  } else if (direction === 'desc') {
    // affiliated first (largest totals), then the zeros
    rows = affiliated.rows;
    if (rows.length < limit && offset + rows.length < total) {
      const from = Math.max(0, offset - affiliated.count);
      rows = [...rows, ...(await reportsRepository.unaffiliatedPage(ctx, owner, limit - rows.length, from))];
    }
  } else {
    // zeros first (by name), then the affiliated, smallest totals first
    rows = offset < zeros ? await reportsRepository.unaffiliatedPage(ctx, owner, limit, offset) : [];
    if (rows.length < limit) {
      const from = Math.max(0, offset - zeros);
      const more = await reportsRepository.affiliatedPage(ctx, owner, 'asc', limit - rows.length, from);
      rows = [...rows, ...more.rows];
    }
  }
  return { list: rows.map(present), total };
}

/** Most rows one godfathers export answers. */
export const GODFATHERS_EXPORT_MAX_ROWS = 200_000;

/** GET /reports/people/godfathers/export: every godfather in the asked order, as CSV (logged). */
export async function exportGodfathers(
  ctx: RequestContext,
  auth: AuthContext,
  query: GodfathersExportQuery,
): Promise<{ csv: string; rows: number }> {
  const owner = reportOwner(auth);
  const records = await reportsRepository.godfathers(
    ctx,
    owner,
    query.orderingCriteria,
    query.orderingAscending ? 'asc' : 'desc',
    GODFATHERS_EXPORT_MAX_ROWS,
    0,
  );
  const csv = toCsv(
    GODFATHERS_EXPORT_HEADER,
    records.map((r) => {
      const row = present(r);
      const reached = reachedPercentage(row);
      return [
        row.code,
        row.name,
        row.influence,
        row.totalAffiliates,
        reached === null ? '' : reached.toFixed(2).replace('.', ','),
      ];
    }),
  );
  await recordExport(ctx, auth.user.id, 'reports-godfathers', query, records.length);
  return { csv, rows: records.length };
}

/** GET /reports/interactions: the interaction report (filters of spec 2 §3), paged. */
export function interactionReport(ctx: RequestContext, auth: AuthContext, query: InteractionReportQuery) {
  return searchInteractions(ctx, auth, query, reportInteractionsVisibility(auth));
}

/** GET /reports/interactions/export: the same rows as `exportacao_interacao.csv` (logged). */
export function exportInteractionReport(
  ctx: RequestContext,
  auth: AuthContext,
  query: InteractionReportQuery,
) {
  return exportInteractions(ctx, auth, query, reportInteractionsVisibility(auth));
}
