import { QUICK_ACTIONS_TEXTS } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/**
 * GET /people/quick-search: the first 20 contacts the caller may see (ROLE_CRM_ALL_DATA rule on the
 * server) whose name or e-mail contains the text or whose cellphone contains its digits. Issued at
 * once: the field already waited 350 ms.
 */
export const quickSearchPeople = (searchString: string, signal?: AbortSignal) =>
  typedApi.get('/people/quick-search', {
    query: { searchString },
    signal,
    errorText: QUICK_ACTIONS_TEXTS.searchError,
    debounceMs: 0,
  });
