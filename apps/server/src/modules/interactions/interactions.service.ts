import {
  formatZoned,
  INTERACTION_CHANNEL_LABELS,
  INTERACTION_DISPLAY_LABELS,
  INTERACTION_EXPORT_HEADER,
  INTERACTION_MESSAGES,
  type Interaction,
  type InteractionChannel,
  type InteractionSave,
  type InteractionSearch,
  type InteractionStatus,
  interactionDisplayState,
  type ListAnswer,
  MESSAGES,
  PERSON_MESSAGES,
  zonedParts,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { toCsv } from '../../platform/export/csv.ts';
import { recordExport } from '../../platform/export/export-log.repository.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { PeopleVisibility } from '../people/people.policy.ts';
import { visiblePeopleNames } from '../people/people-names.lookup.ts';
import { usersByCodes } from '../users/users.lookup.ts';
import { interactionsVisibility } from './interactions.policy.ts';
import {
  type InteractionFilter,
  type InteractionRecord,
  type InteractionValues,
  interactionsRepository,
} from './interactions.repository.ts';

/** Shown for people saved without a name (spec 2 §2). */

export function presentInteraction(r: InteractionRecord, now = new Date()): Interaction {
  const state = interactionDisplayState({ status: r.status as InteractionStatus, endDate: r.endAt }, now);
  return {
    code: Number(r.id),
    type: 'CONTACT',
    source: r.source as InteractionChannel,
    description: r.description,
    beginDate: formatZoned(r.beginAt),
    endDate: formatZoned(r.endAt),
    userResponsible: r.responsibleCode ? { code: r.responsibleCode, name: r.responsibleName ?? '' } : null,
    status: r.status as InteractionStatus,
    personCode: Number(r.personId),
    person: { code: Number(r.personId), name: r.personName ?? PERSON_MESSAGES.unnamed },
    displayState: state,
    displayLabel: INTERACTION_DISPLAY_LABELS[state],
    createDate: r.createdAt.toISOString(),
    updateDate: r.updatedAt.toISOString(),
  };
}

async function assertVisiblePerson(ctx: TenantContext, vis: PeopleVisibility, personCode: number | string) {
  const found = await visiblePeopleNames(ctx, vis, [String(personCode)]);
  if (found.length === 0) throw notFound(INTERACTION_MESSAGES.personNotFound);
}

async function values(
  ctx: TenantContext,
  vis: PeopleVisibility,
  body: InteractionSave,
): Promise<InteractionValues> {
  await assertVisiblePerson(ctx, vis, body.personCode);
  const responsible = (await usersByCodes(ctx, [body.userResponsibleCode])).get(body.userResponsibleCode);
  if (!responsible) {
    throw badRequest(MESSAGES.validation, { userResponsibleCode: [INTERACTION_MESSAGES.responsibleNotUser] });
  }
  return {
    personId: String(body.personCode),
    source: body.source,
    description: body.description,
    beginAt: body.beginDate,
    endAt: body.endDate,
    responsibleId: responsible.id,
    status: body.status,
  };
}

async function visibleInteraction(ctx: TenantContext, vis: PeopleVisibility, id: string) {
  const found = await interactionsRepository.findVisible(ctx, vis, id);
  if (!found) throw notFound(INTERACTION_MESSAGES.notFound);
  return found;
}

async function answer(ctx: TenantContext, vis: PeopleVisibility, id: string) {
  return presentInteraction(await visibleInteraction(ctx, vis, id));
}

export async function createInteraction(
  ctx: RequestContext,
  auth: AuthContext,
  body: InteractionSave,
): Promise<Interaction> {
  const vis = interactionsVisibility(auth);
  const id = await interactionsRepository.insert(ctx, await values(ctx, vis, body), auth.user.id);
  return answer(ctx, vis, id);
}

export async function updateInteraction(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: InteractionSave,
): Promise<Interaction> {
  const vis = interactionsVisibility(auth);
  await visibleInteraction(ctx, vis, id);
  await interactionsRepository.update(ctx, id, await values(ctx, vis, body));
  return answer(ctx, vis, id);
}

export async function markAsDone(ctx: RequestContext, auth: AuthContext, id: string): Promise<Interaction> {
  const vis = interactionsVisibility(auth);
  await visibleInteraction(ctx, vis, id);
  await interactionsRepository.setStatus(ctx, id, 'CONCLUDED');
  return answer(ctx, vis, id);
}

export async function deleteInteraction(ctx: RequestContext, auth: AuthContext, id: string) {
  const vis = interactionsVisibility(auth);
  await visibleInteraction(ctx, vis, id);
  await interactionsRepository.delete(ctx, id);
  return { code: Number(id) };
}

/** GET /people-contacts?personCode: the person's timeline, newest first (the panel groups by status). */
export async function listByPerson(
  ctx: RequestContext,
  auth: AuthContext,
  query: { personCode: number; page: number; itemsPerPage: number },
): Promise<ListAnswer<Interaction>> {
  const vis = interactionsVisibility(auth);
  await assertVisiblePerson(ctx, vis, query.personCode);
  const now = new Date();
  const { list, total } = await interactionsRepository.listByPerson(
    ctx,
    vis,
    String(query.personCode),
    query.page,
    query.itemsPerPage,
  );
  return { list: list.map((r) => presentInteraction(r, now)), total };
}

function filterOf(query: InteractionSearch): InteractionFilter {
  return {
    fromAt: query.fromAt,
    toAt: query.toAt,
    status: query.status,
    onlyLate: query.onlyLate,
    responsibleCode: query.userResponsibleCode,
    personId: query.personCode ? String(query.personCode) : undefined,
    tagIds: query.personTagCodes.map(String),
  };
}

/** The interaction report (spec 2 §3 filters): visible people only, paged, exact total. */
export async function searchInteractions(
  ctx: RequestContext,
  auth: AuthContext,
  query: InteractionSearch,
  /** the reports module passes its own (ROLE_REPORT reads contacts) */
  vis: PeopleVisibility = interactionsVisibility(auth),
): Promise<ListAnswer<Interaction>> {
  const now = new Date();
  const { list, total } = await interactionsRepository.search(ctx, vis, filterOf(query), {
    page: query.page,
    itemsPerPage: query.itemsPerPage,
    ascending: query.orderingAscending,
  });
  return { list: list.map((r) => presentInteraction(r, now)), total };
}

/** Most rows one export answers; a larger report must be narrowed by its filters. */
export const EXPORT_MAX_ROWS = 100_000;

const pad = (n: number) => String(n).padStart(2, '0');
function brDateTime(instant: Date) {
  const p = zonedParts(instant);
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

export const EXPORT_HEADER = INTERACTION_EXPORT_HEADER;

/** GET /people-contacts/search/export: the report as CSV (recorded in the export log). */
export async function exportInteractions(
  ctx: RequestContext,
  auth: AuthContext,
  query: InteractionSearch,
  vis: PeopleVisibility = interactionsVisibility(auth),
): Promise<{ csv: string; rows: number }> {
  const now = new Date();
  const rows = await interactionsRepository.all(
    ctx,
    vis,
    filterOf(query),
    query.orderingAscending,
    EXPORT_MAX_ROWS,
  );
  const csv = toCsv(
    EXPORT_HEADER,
    rows.map((r) => {
      const state = interactionDisplayState({ status: r.status as InteractionStatus, endDate: r.endAt }, now);
      return [
        Number(r.id),
        INTERACTION_DISPLAY_LABELS[state],
        brDateTime(r.beginAt),
        brDateTime(r.endAt),
        INTERACTION_CHANNEL_LABELS[r.source as InteractionChannel] ?? r.source,
        r.responsibleName ?? '',
        r.personName ?? PERSON_MESSAGES.unnamed,
        Number(r.personId),
        r.description,
      ];
    }),
  );
  const { page: _page, itemsPerPage: _size, ...filter } = query;
  await recordExport(ctx, auth.user.id, 'people-contacts', filter, rows.length);
  return { csv, rows: rows.length };
}
