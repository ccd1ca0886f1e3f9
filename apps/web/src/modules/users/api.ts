import { typedApi } from '../../platform/api/api.ts';
import { AUTOCOMPLETE_TEXTS } from '../../platform/ui/autocomplete/autocompleteTexts.ts';
import { asListAnswer } from '../../platform/ui/listAnswer.ts';

/** A user as the guest and responsible pickers show it (code = the user's uuid). */
export interface UserName {
  code: string;
  name: string;
}

/** GET /users/names?searchString: active users of the tenant (20 per page). */
export async function searchUserNames(text: string, signal?: AbortSignal): Promise<UserName[]> {
  const answer = await typedApi.get('/users/names', {
    query: { searchString: text, page: 1, itemsPerPage: 20 },
    signal,
    errorText: AUTOCOMPLETE_TEXTS.error,
  });
  return asListAnswer(answer).list;
}
