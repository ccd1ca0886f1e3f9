import {
  type CodeName,
  CRM_MESSAGES,
  type FilterExpression,
  type ListAnswer,
  MESSAGES,
  PERSON_MESSAGES,
  type PeopleSearch,
  type Person,
  type PersonSave,
  SPECIAL_SEGMENT_CODES,
} from '@mandato/domain';
import type { Expression, SqlBool } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import type { ExactCountCache } from '../../platform/db/exact-count-cache.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/auth.guard.ts';
import { companyNames } from '../companies/companies.lookup.ts';
import { usesNameWords } from '../segments/filter/compile-filter.ts';
import { compileChecked } from '../segments/segment-filter.ts';
import { findActiveSegment } from '../segments/segments.lookup.ts';
import { tagsByIds } from '../tags/tags.service.ts';
import { type PeopleVisibility, peopleVisibility, visibilityOfType } from './people.policy.ts';
import { codeName, presentPerson } from './people.present.ts';
import { type PersonOrdering, type PersonRow, peopleRepository } from './people.repository.ts';
import { searchTotal, totalFromGroups } from './people-totals.ts';

type Paging = {
  page: number;
  itemsPerPage: number;
  orderingCriteria: PersonOrdering;
  orderingAscending: boolean;
};

/** Rows → Person[] with their tag names (one query for the whole page). */
export async function presentRows(ctx: TenantContext, rows: PersonRow[]): Promise<Person[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.tag_ids ?? []).map(String)))];
  const tags = new Map((await tagsByIds(ctx, ids)).map((t) => [t.id, t.name]));
  return rows.map((r) => presentPerson(r, tags));
}

/** One page of the expression among the visible people of the type, with the exact total. */
export async function searchPage(
  ctx: TenantContext,
  counts: ExactCountCache,
  vis: PeopleVisibility,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
  paging: Paging,
): Promise<ListAnswer<Person>> {
  const filter = compileChecked(type, expression);
  const total = await searchTotal(ctx, counts, vis, expression, filter);
  const onPage = await pageFilter(ctx, vis, type, expression, filter, paging, total);
  const ids = await peopleRepository.page(ctx, vis, onPage, paging, total);
  return { list: await presentRows(ctx, await peopleRepository.findByIds(ctx, ids)), total };
}

/** Rows read in sort order past which the name-words lookup is the cheaper way to a page. */
const WALK_MAX_ROWS = 10_000;

/**
 * The condition of a page. name CONTAINS finds its people through the name words; when they are
 * dense (a common surname: 'silva' is one person in ten) reading people in the sort order and
 * checking each name meets the page within a few hundred rows, long before the lookup has
 * gathered its 100,000 candidates (1 million contacts: 446 → 13 ms). Evenly spread matches assumed.
 */
async function pageFilter(
  ctx: TenantContext,
  vis: PeopleVisibility,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
  filter: Expression<SqlBool> | undefined,
  paging: Paging,
  total: number,
): Promise<Expression<SqlBool> | undefined> {
  if (total === 0 || !usesNameWords(expression)) return filter;
  const visible = await totalFromGroups(ctx, vis);
  const rowsToRead = (paging.page * paging.itemsPerPage * visible) / total;
  return rowsToRead <= WALK_MAX_ROWS ? compileChecked(type, expression, { nameWords: false }) : filter;
}

/** POST /people/search: the expression among the visible people of the type, paged, exact total. */
export function searchPeople(app: AppContext, ctx: TenantContext, auth: AuthContext, body: PeopleSearch) {
  const vis = visibilityOfType(auth, body.type);
  return searchPage(ctx, app.counts, vis, body.type, body.expression, body);
}

/** GET /people: a segment (special 1/2 or saved) by code; without one the caller's default list. */
export async function listBySegment(
  app: AppContext,
  ctx: TenantContext,
  auth: AuthContext,
  query: Paging & { segmentCode?: number },
) {
  const vis = peopleVisibility(auth);
  const code =
    query.segmentCode ?? (vis.contacts ? SPECIAL_SEGMENT_CODES.PERSON : SPECIAL_SEGMENT_CODES.TEAM);
  let type: 'PERSON' | 'TEAM';
  let expression: FilterExpression = [];
  if (code === SPECIAL_SEGMENT_CODES.PERSON) type = 'PERSON';
  else if (code === SPECIAL_SEGMENT_CODES.TEAM) type = 'TEAM';
  else {
    const segment = code > 3 ? await findActiveSegment(ctx, String(code)) : undefined;
    if (!segment) throw notFound(CRM_MESSAGES.segmentNotFound);
    if (segment.type === 'COMPANY')
      throw badRequest('Parametrizacao invalida', {
        segmentCode: ['Use /companies/search para locais de votação'],
      });
    type = segment.type;
    expression = segment.expression;
  }
  return searchPage(ctx, app.counts, visibilityOfType(auth, type), type, expression, query);
}

/** The tenant's contacts (people not in the team): what the plan counts. */
export function countContacts(ctx: TenantContext): Promise<number> {
  return totalFromGroups(ctx, { contacts: true, team: false, ownerId: null });
}

/** For the segments module: how many visible people of the type match the expression. */
export function countPeople(
  ctx: TenantContext,
  counts: ExactCountCache,
  auth: AuthContext,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
) {
  const filter = compileChecked(type, expression);
  return searchTotal(ctx, counts, visibilityOfType(auth, type), expression, filter);
}

function visibilityFor(auth: AuthContext, type?: 'PERSON' | 'TEAM') {
  return type ? visibilityOfType(auth, type) : peopleVisibility(auth);
}

export async function peopleNames(
  app: AppContext,
  auth: AuthContext,
  query: { searchString?: string; page: number; itemsPerPage: number; type?: 'PERSON' | 'TEAM' },
): Promise<ListAnswer<CodeName>> {
  const vis = visibilityFor(auth, query.type);
  const result = await withTenant(app.db, auth.tenant.id, (ctx) =>
    peopleRepository.names(ctx, vis, query.searchString?.trim() ?? '', query.page, query.itemsPerPage),
  );
  return { list: result.list.map((r) => codeName(r.id, r.name)), total: result.total };
}

export async function peopleListNames(
  app: AppContext,
  auth: AuthContext,
  codes: number[],
): Promise<CodeName[]> {
  const vis = peopleVisibility(auth);
  const rows = await withTenant(app.db, auth.tenant.id, (ctx) =>
    peopleRepository.namesOf(ctx, vis, codes.map(String)),
  );
  return rows.map((r) => codeName(r.id, r.name));
}

/** A visible person or 404 (another tenant's, another user's contact without all-data, or none). */
export async function visiblePerson(ctx: TenantContext, auth: AuthContext, id: string): Promise<PersonRow> {
  const row = await peopleRepository.findVisible(ctx, peopleVisibility(auth), id);
  if (!row) throw notFound(CRM_MESSAGES.personNotFound);
  return row;
}

export async function presentOne(ctx: TenantContext, id: string): Promise<Person> {
  const [row] = await peopleRepository.findByIds(ctx, [id]);
  if (!row) throw notFound(CRM_MESSAGES.personNotFound);
  const [person] = await presentRows(ctx, [row]);
  return person as Person;
}

export function getPerson(app: AppContext, auth: AuthContext, id: string): Promise<Person> {
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    const row = await visiblePerson(ctx, auth, id);
    return (await presentRows(ctx, [row]))[0] as Person;
  });
}

/**
 * Tags, company and godfather must exist in the tenant (godfather also visible to the caller);
 * a person cannot be their own godfather. Unchanged references are not checked again.
 */
export async function checkReferences(
  ctx: TenantContext,
  auth: AuthContext,
  p: PersonSave,
  current?: PersonRow,
) {
  const errors: Record<string, string[]> = {};
  if (p.tags.length > 0 && (await tagsByIds(ctx, p.tags.map(String))).length !== p.tags.length) {
    errors.tags = [MESSAGES.invalidNested];
  }
  const company = p.companyCode ? String(p.companyCode) : undefined;
  if (
    company &&
    company !== String(current?.company_id ?? '') &&
    (await companyNames(ctx, [company])).length === 0
  ) {
    errors.companyCode = [MESSAGES.invalidNested];
  }
  const godfather = p.godfatherCode ? String(p.godfatherCode) : undefined;
  if (godfather && current && godfather === String(current.id))
    errors.godfatherCode = [CRM_MESSAGES.ownGodfather];
  else if (
    godfather &&
    godfather !== String(current?.godfather_id ?? '') &&
    !(await peopleRepository.findVisible(ctx, peopleVisibility(auth), godfather))
  ) {
    errors.godfatherCode = [MESSAGES.invalidNested];
  }
  if (Object.keys(errors).length > 0) throw badRequest(PERSON_MESSAGES.general, errors);
}
