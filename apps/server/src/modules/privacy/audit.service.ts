import {
  AUDIT_ACTION_LABELS,
  AUDIT_EXPORT_COLUMNS,
  AUDIT_EXPORT_KIND,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_TEXTS,
  type AuditDetailValue,
  type AuditEntry,
  type AuditFilter,
  type AuditNames,
  type AuditPage,
  type AuditQuery,
  addDays,
  auditNamedCodes,
  auditSubject,
  formatZoned,
  pageOffset,
  startOfZonedDay,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toDate, toIso } from '../../platform/dates.ts';
import { toCsv } from '../../platform/export/csv.ts';
import { recordExport } from '../../platform/export/export-log.repository.ts';
import { peopleVisibility } from '../people/people.policy.ts';
import { type AuditRecord, type AuditSelection, auditRepository } from './audit.repository.ts';

/**
 * The audit log (issue 31): what other modules record (recordAudit, written in platform so the
 * modules below privacy — people, users, auth — record without importing it) and what settings ›
 * 'Auditoria' reads and exports.
 */
export {
  type AuditDetailValue,
  type AuditEvent,
  recordAudit,
} from '../../platform/audit/audit-log.repository.ts';

/** The filter as instants: São Paulo days, `to` included (up to the start of the day after). */
function selectionOf(filter: AuditFilter): AuditSelection {
  return {
    userCode: filter.userCode,
    action: filter.action,
    since: filter.from ? startOfZonedDay(filter.from) : undefined,
    before: filter.to ? startOfZonedDay(addDays(filter.to, 1)) : undefined,
  };
}

/** The stored detail as the answer types it: only text, number and boolean values (a null is left out). */
const detailOf = (value: unknown): Record<string, AuditDetailValue> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter((e): e is [string, AuditDetailValue] =>
          ['string', 'number', 'boolean'].includes(typeof e[1]),
        ),
      )
    : {};

/**
 * The names of the people the records are about (a request's titular, a merge's people), as far as
 * the caller may see them (people.policy.ts): the list shows them by initials, the others by code.
 */
async function namesOf(ctx: RequestContext, auth: AuthContext, records: AuditRecord[]): Promise<AuditNames> {
  const codes = auditNamedCodes(
    records.map((r) => ({ action: r.action, subject: r.subject, detail: detailOf(r.detail) })),
  );
  const visibility = peopleVisibility(auth);
  const requests = await auditRepository.requestNames(ctx, visibility, codes.requests);
  const people = new Map<string, string>();
  for (const { id, name } of await auditRepository.peopleNames(ctx, visibility, codes.people))
    if (!people.has(id)) people.set(id, name);
  return { requests: new Map(requests.map((r) => [r.code, r.name])), people };
}

function present(r: AuditRecord, names: AuditNames): AuditEntry {
  const detail = detailOf(r.detail);
  return {
    code: r.code,
    at: toIso(r.at),
    user: r.user_code ? { code: r.user_code, name: r.user_name ?? '' } : null,
    action: r.action,
    subject: auditSubject(r.action, r.subject, detail, names),
    detail,
  };
}

/** GET /api/audit: a page of the log, newest first. */
export async function listAudit(
  ctx: RequestContext,
  auth: AuthContext,
  query: AuditQuery,
): Promise<AuditPage> {
  const { rows, total } = await auditRepository.page(
    ctx,
    selectionOf(query),
    query.itemsPerPage,
    pageOffset(query),
  );
  const names = await namesOf(ctx, auth, rows);
  return { items: rows.map((row) => present(row, names)), total };
}

const detailText = (detail: Record<string, AuditDetailValue>) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}=${value ?? ''}`)
    .join(', ');

/**
 * GET /api/audit/export: the filtered log as CSV (formula injection neutralised by toCsv), newest
 * first, at most AUDIT_EXPORT_MAX_ROWS rows. The export is itself logged (export log, mirrored to the
 * audit log as an EXPORT by migration 0042) after its rows are read, so it is not in its own file.
 */
export async function exportAudit(
  ctx: RequestContext,
  auth: AuthContext,
  filter: AuditFilter,
): Promise<{ csv: string; rows: number }> {
  const records = await auditRepository.rows(ctx, selectionOf(filter), AUDIT_EXPORT_MAX_ROWS);
  const names = await namesOf(ctx, auth, records);
  const csv = toCsv(
    AUDIT_EXPORT_COLUMNS,
    records.map((r) => {
      const entry = present(r, names);
      return [
        formatZoned(toDate(r.at)),
        r.user_name ?? AUDIT_TEXTS.system,
        r.user_email,
        AUDIT_ACTION_LABELS[r.action],
        entry.subject,
        detailText(entry.detail),
      ];
    }),
  );
  await recordExport(ctx, auth.user.id, AUDIT_EXPORT_KIND, filter, records.length);
  return { csv, rows: records.length };
}
