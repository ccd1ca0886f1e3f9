import { typedApi } from '../../platform/api/api.ts';
import { AUTOCOMPLETE_TEXTS } from '../../platform/ui/autocomplete/autocompleteTexts.ts';

/**
 * The name lookups of spec 2 §7 behind every autocomplete (people, team members, voting places,
 * tags): search by text (page 1, 20 items, issued at once — the select already waited 350 ms)
 * and the names of known codes (sent as one comma list).
 */
const searching = (signal?: AbortSignal) => ({
  signal,
  errorText: AUTOCOMPLETE_TEXTS.error,
  debounceMs: 0,
});
const naming = (signal?: AbortSignal) => ({ signal, errorText: AUTOCOMPLETE_TEXTS.error });
const firstPage = (searchString: string) => ({ searchString, page: 1, itemsPerPage: 20 });

export const searchPeopleNames = (
  searchString: string,
  signal?: AbortSignal,
  extra?: { type?: 'PERSON' | 'TEAM' },
) => typedApi.get('/people/names', { query: { ...firstPage(searchString), ...extra }, ...searching(signal) });

export const listPeopleNames = (codes: number[], signal?: AbortSignal) =>
  typedApi.get('/people/list-names', { query: { codes: codes.join(',') }, ...naming(signal) });

export const searchCompaniesNames = (searchString: string, signal?: AbortSignal) =>
  typedApi.get('/companies/names', { query: firstPage(searchString), ...searching(signal) });

export const listCompaniesNames = (codes: number[], signal?: AbortSignal) =>
  typedApi.get('/companies/list-names', { query: { codes: codes.join(',') }, ...naming(signal) });

export const searchTags = (searchString: string, signal?: AbortSignal) =>
  typedApi.get('/tags', { query: firstPage(searchString), ...searching(signal) });

export const listTags = (codes: number[], signal?: AbortSignal) =>
  typedApi.get('/tags/list', { query: { codes: codes.join(',') }, ...naming(signal) });
