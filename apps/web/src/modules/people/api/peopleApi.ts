import type { CodeName, ListAnswer, Person, PersonSave, Vote } from '@mandato/domain';
import type { ApiClient } from '../../../platform/api/client.ts';
import { PEOPLE_TEXTS } from './peopleTexts.ts';
import type { PeopleQuery } from './searchQuery.ts';

/** Calls of spec 2 §7 "People" used by the people screen. */
export function createPeopleApi(client: ApiClient) {
  return {
    search: (query: PeopleQuery, signal?: AbortSignal) =>
      client.post<ListAnswer<Person>>('/people/search', query, { signal, errorText: PEOPLE_TEXTS.listError }),
    get: (code: number, signal?: AbortSignal) =>
      client.get<Person>(`/people/${code}`, undefined, {
        signal,
        errorText: PEOPLE_TEXTS.loadForEditError,
        notifyStatuses: [404],
      }),
    create: (payload: PersonSave) =>
      client.post<Person>('/people', payload, { errorText: PEOPLE_TEXTS.saveError }),
    update: (code: number, payload: PersonSave) =>
      client.put<Person>(`/people/${code}`, payload, { errorText: PEOPLE_TEXTS.saveError }),
    remove: (code: number) =>
      client.delete<unknown>(`/people/${code}`, undefined, {
        errorText: PEOPLE_TEXTS.removeError,
        notifyStatuses: [404],
      }),
    removeMany: (codes: number[]) =>
      client.delete<unknown>(
        '/people/delete-many',
        { codes },
        {
          errorText: PEOPLE_TEXTS.removeManyError,
          notifyStatuses: [404],
        },
      ),
    updateVote: (code: number, vote: Vote) =>
      client.put<unknown>(`/people/${code}/update-vote`, { vote }, { errorText: PEOPLE_TEXTS.voteError }),
    markAsInfluence: (code: number, influence: number) =>
      client.put<unknown>(
        `/people/${code}/mark-as-influence`,
        { influence },
        { errorText: PEOPLE_TEXTS.influenceError },
      ),
    removeInfluence: (code: number) =>
      client.put<unknown>(`/people/${code}/remove-influence`, undefined, {
        errorText: PEOPLE_TEXTS.influenceRemoveError,
      }),
    setAsTeam: (code: number) =>
      client.post<unknown>(`/people/${code}/set-as-team`, undefined, {
        errorText: PEOPLE_TEXTS.makeTeamError,
      }),
    names: (searchString: string, signal?: AbortSignal, extra?: Record<string, unknown>) =>
      client.get<ListAnswer<CodeName>>(
        '/people/names',
        { searchString, page: 1, itemsPerPage: 20, ...extra },
        { signal, errorText: PEOPLE_TEXTS.autocompleteError, debounceMs: 0 },
      ),
    listNames: (codes: number[], signal?: AbortSignal) =>
      client.get<ListAnswer<CodeName> | CodeName[]>(
        '/people/list-names',
        { codes: codes.join(',') },
        { signal, errorText: PEOPLE_TEXTS.autocompleteError },
      ),
  };
}
export type PeopleApi = ReturnType<typeof createPeopleApi>;
