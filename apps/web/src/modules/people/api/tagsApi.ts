import type { CodeName, ListAnswer } from '@mandato/domain';
import type { ApiClient } from '../../../platform/api/client.ts';
import { PEOPLE_TEXTS } from './peopleTexts.ts';

/** Calls of spec 2 §7 "Tags". */
export function createTagsApi(client: ApiClient) {
  return {
    search: (searchString: string, signal?: AbortSignal) =>
      client.get<ListAnswer<CodeName> | CodeName[]>(
        '/tags',
        { searchString, page: 1, itemsPerPage: 20 },
        { signal, errorText: PEOPLE_TEXTS.autocompleteError, debounceMs: 0 },
      ),
    list: (codes: number[], signal?: AbortSignal) =>
      client.get<ListAnswer<CodeName> | CodeName[]>(
        '/tags/list',
        { codes: codes.join(',') },
        { signal, errorText: PEOPLE_TEXTS.autocompleteError },
      ),
    create: (name: string) =>
      client.post<CodeName>('/tags', { name }, { errorText: PEOPLE_TEXTS.tagSaveError }),
  };
}
export type TagsApi = ReturnType<typeof createTagsApi>;
