import {
  QUICK_SEARCH_ITEMS,
  type QuickPerson,
  type QuickSearchAnswer,
  quickSearchPhone,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { type PeopleVisibility, visibilityOfType } from './people.policy.ts';
import { searchPage } from './people.service.ts';
import { type QuickRow, quickSearchRepository } from './people-quick-search.repository.ts';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * GET /people/quick-search: contacts (ROLE_CRM; only one's own without ROLE_CRM_ALL_DATA) whose
 * name contains the text (a text with a letter), whose e-mail starts with it, or, for a text typed
 * as a phone of 4 digits or more (quickSearchPhone), whose cellphone starts with them or whose
 * cellphone or second phone ends with them; the first 20 by name and whether there are more. One
 * read after the other: they share the request's transaction.
 */
export function quickSearchPeople(ctx: RequestContext, auth: AuthContext, text: string) {
  return quickSearch(ctx, visibilityOfType(auth, 'PERSON'), text);
}

/** The quick search among the contacts `vis` lets one see (bench/quick-search measures it). */
export async function quickSearch(
  ctx: RequestContext,
  vis: PeopleVisibility,
  text: string,
): Promise<QuickSearchAnswer> {
  const value = text.trim();
  const limit = QUICK_SEARCH_ITEMS + 1;
  const phone = quickSearchPhone(value);
  const found = new Map<string, QuickRow>();
  const add = (rows: QuickRow[]) => {
    for (const row of rows) found.set(String(row.id), { ...row, id: String(row.id) });
  };
  if (/\p{L}/u.test(value)) add(await namesContaining(ctx, vis, value, limit));
  add(await quickSearchRepository.emailsStartingWith(ctx, vis, value, limit));
  if (phone) {
    add(await quickSearchRepository.cellphonesStartingWith(ctx, vis, phone, limit));
    add(await quickSearchRepository.phonesEndingWith(ctx, vis, 'cellphone_reversed', phone, limit));
    add(await quickSearchRepository.phonesEndingWith(ctx, vis, 'phone_two_reversed', phone, limit));
  }
  // by name as the people list (no name last), then by code
  const rows = [...found.values()].sort(
    (a, b) =>
      Number(a.name === null) - Number(b.name === null) ||
      collator.compare(a.name ?? '', b.name ?? '') ||
      Number(a.id) - Number(b.id),
  );
  return { list: rows.slice(0, QUICK_SEARCH_ITEMS).map(present), more: rows.length > QUICK_SEARCH_ITEMS };
}

/**
 * Names containing the text. With a word to look up, the people search's first page: its
 * name-word counters choose between the lookup (a rare text) and reading in name order (a common
 * one). One or two letters: read in name order (such a text is common).
 */
async function namesContaining(
  ctx: RequestContext,
  vis: PeopleVisibility,
  text: string,
  limit: number,
): Promise<QuickRow[]> {
  if (!quickSearchRepository.hasNameWord(text)) return quickSearchRepository.walkNames(ctx, vis, text, limit);
  const expression = [{ units: [{ field: 'name', operator: 'CONTAINS' as const, values: [text] }] }];
  const page = await searchPage(ctx, vis, 'PERSON', expression, {
    page: 1,
    itemsPerPage: limit,
    orderingCriteria: 'name',
    orderingAscending: true,
  });
  return page.list.map((p) => ({
    id: String(p.code),
    name: p.name ?? null,
    email: p.email ?? null,
    cellphone: p.cellphone ?? null,
    phone_two: p.phoneTwo ?? null,
  }));
}

const present = (row: QuickRow): QuickPerson => ({
  code: Number(row.id),
  name: row.name,
  email: row.email,
  cellphone: row.cellphone,
  phoneTwo: row.phone_two,
});
