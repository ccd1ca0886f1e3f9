import type { CodeName, ListAnswer } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { AUTOCOMPLETE_TEXTS } from '../../platform/ui/autocomplete/autocompleteTexts.ts';

/**
 * The name lookups of spec 2 §7 behind every autocomplete (people, team members, voting places,
 * tags): search by text (page 1, 20 items, issued at once — the select already waited 350 ms)
 * and the names of known codes.
 */
const searching = (signal?: AbortSignal) => ({
  signal,
  errorText: AUTOCOMPLETE_TEXTS.error,
  debounceMs: 0,
});
const naming = (signal?: AbortSignal) => ({ signal, errorText: AUTOCOMPLETE_TEXTS.error });

export const searchPeopleNames = (
  searchString: string,
  signal?: AbortSignal,
  extra?: Record<string, unknown>,
) =>
  api.get<ListAnswer<CodeName>>(
    '/people/names',
    { searchString, page: 1, itemsPerPage: 20, ...extra },
    searching(signal),
  );

export const listPeopleNames = (codes: number[], signal?: AbortSignal) =>
  api.get<ListAnswer<CodeName> | CodeName[]>(
    '/people/list-names',
    { codes: codes.join(',') },
    naming(signal),
  );

export const searchCompaniesNames = (searchString: string, signal?: AbortSignal) =>
  api.get<ListAnswer<CodeName>>(
    '/companies/names',
    { searchString, page: 1, itemsPerPage: 20 },
    searching(signal),
  );

export const listCompaniesNames = (codes: number[], signal?: AbortSignal) =>
  api.get<ListAnswer<CodeName> | CodeName[]>(
    '/companies/list-names',
    { codes: codes.join(',') },
    naming(signal),
  );

export const searchTags = (searchString: string, signal?: AbortSignal) =>
  api.get<ListAnswer<CodeName> | CodeName[]>(
    '/tags',
    { searchString, page: 1, itemsPerPage: 20 },
    searching(signal),
  );

export const listTags = (codes: number[], signal?: AbortSignal) =>
  api.get<ListAnswer<CodeName> | CodeName[]>('/tags/list', { codes: codes.join(',') }, naming(signal));
