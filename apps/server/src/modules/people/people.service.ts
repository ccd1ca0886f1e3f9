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
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { tagsByIds } from '../tags/tags.service.ts';
import { type PeopleVisibility, peopleVisibility, visibilityOfType } from './people.policy.ts';
import { codeName, presentPerson } from './people.present.ts';
import {
  type PeopleFilter,
  type PersonOrdering,
  type PersonRow,
  peopleRepository,
  type ReachChannel,
  usesNameWords,
} from './people.repository.ts';
import { peopleRecipientsRepository } from './people-recipients.repository.ts';
import { searchTotal, totalFromGroups } from './people-totals.ts';

export type Paging = {
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

/**
 * One page of the expression among the visible people of the type, with the exact total; with
 * `reachable`, only the people those channels can reach (GET /people validEmail/validSMS, counted
 * afresh: an opt-out does not change the people version the totals cache follows). A page of 0
 * items answers the total alone.
 */
export async function searchPage(
  ctx: RequestContext,
  vis: PeopleVisibility,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
  paging: Paging,
  reachable: readonly ReachChannel[] = [],
): Promise<ListAnswer<Person>> {
  const filter: PeopleFilter = { type, expression, reachable };
  const total =
    reachable.length > 0
      ? await peopleRecipientsRepository.count(ctx, vis, filter)
      : await searchTotal(ctx, ctx.app.counts, vis, filter);
  if (paging.itemsPerPage === 0) return { list: [], total };
  const onPage = await pageFilter(ctx, vis, filter, paging, total);
  const ids = await peopleRepository.page(ctx, vis, onPage, paging, total);
  return { list: await presentRows(ctx, await peopleRepository.findByIds(ctx, ids)), total };
}

/** Rows read in sort order past which the name-words lookup is the cheaper way to a page. */
const WALK_MAX_ROWS = 10_000;

/**
 * The filter of a page. name CONTAINS finds its people through the name words; when they are
 * dense (a common surname: 'silva' is one person in ten) reading people in the sort order and
 * checking each name meets the page within a few hundred rows, long before the lookup has
 * gathered its 100,000 candidates (1 million contacts: 446 → 13 ms). Evenly spread matches assumed.
 */
async function pageFilter(
  ctx: RequestContext,
  vis: PeopleVisibility,
  filter: PeopleFilter,
  paging: Paging,
  total: number,
): Promise<PeopleFilter> {
  if (total === 0 || !usesNameWords(filter.expression)) return filter;
  const visible = await totalFromGroups(ctx, vis);
  const rowsToRead = (paging.page * paging.itemsPerPage * visible) / total;
  return rowsToRead <= WALK_MAX_ROWS ? { ...filter, nameWords: false } : filter;
}

/** POST /people/search: the expression among the visible people of the type, paged, exact total. */
export function searchPeople(ctx: RequestContext, auth: AuthContext, body: PeopleSearch) {
  return searchPage(ctx, visibilityOfType(auth, body.type), body.type, body.expression, body);
}

/** The tenant's contacts (people not in the team): what the plan counts. */
export function countContacts(ctx: TenantContext): Promise<number> {
  return totalFromGroups(ctx, { contacts: true, team: false, ownerId: null });
}

/** How many people of the type the caller may see match the expression. */
export function countPeople(
  ctx: RequestContext,
  auth: AuthContext,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
) {
  return searchTotal(ctx, ctx.app.counts, visibilityOfType(auth, type), { type, expression });
}

function visibilityFor(auth: AuthContext, type?: 'PERSON' | 'TEAM') {
  return type ? visibilityOfType(auth, type) : peopleVisibility(auth);
}

export async function peopleNames(
  ctx: RequestContext,
  auth: AuthContext,
  query: { searchString?: string; page: number; itemsPerPage: number; type?: 'PERSON' | 'TEAM' },
): Promise<ListAnswer<CodeName>> {
  const vis = visibilityFor(auth, query.type);
  const search = query.searchString?.trim() ?? '';
  const result = await peopleRepository.names(ctx, vis, search, query.page, query.itemsPerPage);
  return { list: result.list.map((r) => codeName(r.id, r.name)), total: result.total };
}

export async function peopleListNames(
  ctx: RequestContext,
  auth: AuthContext,
  codes: number[],
): Promise<CodeName[]> {
  const rows = await peopleRepository.namesOf(ctx, peopleVisibility(auth), codes.map(String));
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

export async function getPerson(ctx: RequestContext, auth: AuthContext, id: string): Promise<Person> {
  const row = await visiblePerson(ctx, auth, id);
  return (await presentRows(ctx, [row]))[0] as Person;
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
    !(await peopleRepository.companyExists(ctx, company))
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
