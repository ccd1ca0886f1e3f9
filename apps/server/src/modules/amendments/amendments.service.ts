import {
  AMENDMENT_EXPORT_HEADER,
  AMENDMENT_STATUS_LABELS,
  AMENDMENT_TEXTS,
  type Amendment,
  type AmendmentExportQuery,
  type AmendmentList,
  type AmendmentListQuery,
  type AmendmentSave,
  type AmendmentStatus,
  formatCsvDecimal,
  MESSAGES,
  PERSON_MESSAGES,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { toCsv } from '../../platform/export/csv.ts';
import { recordExport } from '../../platform/export/export-log.repository.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { PeopleVisibility } from '../people/people.policy.ts';
import { visiblePeopleNames } from '../people/people-names.lookup.ts';
import { amendmentContactVisibility } from './amendments.policy.ts';
import {
  type AmendmentFilter,
  type AmendmentRecord,
  type AmendmentValues,
  amendmentsRepository,
} from './amendments.repository.ts';

/** Names of the contacts among `records` the caller may see. */
async function contactNames(ctx: TenantContext, vis: PeopleVisibility, records: readonly AmendmentRecord[]) {
  const ids = records.flatMap((r) => (r.contact_id === null ? [] : [String(r.contact_id)]));
  const found = await visiblePeopleNames(ctx, vis, ids);
  return new Map(found.map((p) => [p.id, p.name ?? PERSON_MESSAGES.unnamed]));
}

function present(r: AmendmentRecord, names: Map<string, string>): Amendment {
  const contact = r.contact_id === null ? null : String(r.contact_id);
  return {
    code: Number(r.id),
    year: r.year,
    title: r.title,
    description: r.description,
    receiver: r.receiver,
    value: r.value,
    status: r.status as AmendmentStatus,
    contact: contact === null ? null : Number(contact),
    contactName: contact === null ? null : (names.get(contact) ?? null),
    createDate: toIso(r.created_at),
    updateDate: toIso(r.updated_at),
  };
}

function filterOf(q: AmendmentExportQuery): AmendmentFilter {
  return {
    title: q.title || undefined,
    receiver: q.receiver || undefined,
    status: q.status,
    year: q.year,
    contactId: q.contact,
  };
}

/** GET /amendment/list (spec 3 §7.2): a page plus the count and exact sum of the filtered rows. */
export async function listAmendments(
  ctx: RequestContext,
  auth: AuthContext,
  query: AmendmentListQuery,
): Promise<AmendmentList> {
  const { rows, total, sum } = await amendmentsRepository.page(ctx, filterOf(query), {
    limit: query.itemsPerPage,
    offset: (query.page - 1) * query.itemsPerPage,
  });
  const names = await contactNames(ctx, amendmentContactVisibility(auth), rows);
  return { list: rows.map((r) => present(r, names)), total, sum };
}

/**
 * The contact must be a person the caller may see; on an edit, the contact already stored stays
 * allowed (another user's contact kept as it was). Anything else — another tenant's, unknown or
 * hidden — is the same 400, which says nothing about whether the person exists.
 */
async function assertContact(
  ctx: TenantContext,
  vis: PeopleVisibility,
  contact: number | null,
  stored: string | null,
) {
  if (contact === null || String(contact) === stored) return;
  const found = await visiblePeopleNames(ctx, vis, [String(contact)]);
  if (found.length === 0) {
    throw badRequest(MESSAGES.validation, { contact: [AMENDMENT_TEXTS.contactNotFound] });
  }
}

async function findOrFail(ctx: TenantContext, code: number | string) {
  const found = await amendmentsRepository.find(ctx, String(code));
  if (!found) throw notFound(AMENDMENT_TEXTS.notFound);
  return found;
}

/** POST /amendment/save: creates (no code) or edits (code) an amendment. */
export async function saveAmendment(
  ctx: RequestContext,
  auth: AuthContext,
  body: AmendmentSave,
): Promise<Amendment> {
  const vis = amendmentContactVisibility(auth);
  const stored = body.code === null ? undefined : await findOrFail(ctx, body.code);
  await assertContact(ctx, vis, body.contact, stored?.contact_id == null ? null : String(stored.contact_id));
  const values: AmendmentValues = {
    year: body.year,
    title: body.title,
    description: body.description,
    receiver: body.receiver,
    value: body.value,
    status: body.status,
    contactId: body.contact === null ? null : String(body.contact),
  };
  let id: string;
  if (stored) {
    id = String(stored.id);
    await amendmentsRepository.update(ctx, id, values);
  } else {
    id = await amendmentsRepository.insert(ctx, values, auth.user.id);
  }
  const saved = await findOrFail(ctx, id);
  return present(saved, await contactNames(ctx, vis, [saved]));
}

/** POST /amendment/delete/{code} */
export async function deleteAmendment(ctx: RequestContext, _auth: AuthContext, code: string) {
  if (!(await amendmentsRepository.delete(ctx, code))) throw notFound(AMENDMENT_TEXTS.notFound);
  return { code: Number(code) };
}

/** Most rows one export answers; a larger one must be narrowed by its filters. */
export const AMENDMENT_EXPORT_MAX_ROWS = 100_000;
export const AMENDMENT_EXPORT_FILE = 'emendas.csv';

/** GET /amendment/export: the filtered rows as CSV, recorded in the export log. */
export async function exportAmendments(
  ctx: RequestContext,
  auth: AuthContext,
  query: AmendmentExportQuery,
): Promise<{ csv: string; rows: number }> {
  const rows = await amendmentsRepository.all(ctx, filterOf(query), AMENDMENT_EXPORT_MAX_ROWS);
  const names = await contactNames(ctx, amendmentContactVisibility(auth), rows);
  const csv = toCsv(
    AMENDMENT_EXPORT_HEADER,
    rows.map((r) => {
      const a = present(r, names);
      return [
        a.code,
        a.year,
        a.title,
        a.description,
        a.receiver,
        formatCsvDecimal(a.value),
        AMENDMENT_STATUS_LABELS[a.status] ?? a.status,
        a.contact === null ? '' : (a.contactName ?? AMENDMENT_TEXTS.hiddenContact(a.contact)),
      ];
    }),
  );
  await recordExport(ctx, auth.user.id, 'amendment', query, rows.length);
  return { csv, rows: rows.length };
}

/** For the demo seed, inside its transaction: inserts the rows unless the tenant has amendments. */
export async function seedAmendments(
  ctx: TenantContext,
  createdBy: string,
  rows: readonly AmendmentValues[],
): Promise<number> {
  if ((await amendmentsRepository.count(ctx)) > 0) return 0;
  for (const row of rows) await amendmentsRepository.insert(ctx, row, createdBy);
  return rows.length;
}
export type { AmendmentValues };
