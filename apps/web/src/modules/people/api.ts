import type { ListAnswer, Person, PersonSave, Vote } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { RECORD_TEXTS } from '../../platform/ui/recordTexts.ts';
import type { PeopleQuery } from './searchQuery.ts';
import { PEOPLE_TEXTS } from './texts.ts';

/** Calls of spec 2 §7 "People" used by the people screen; their names are an autocomplete lookup. */
export const searchPeople = (query: PeopleQuery, signal?: AbortSignal) =>
  api.post<ListAnswer<Person>>('/people/search', query, { signal, errorText: PEOPLE_TEXTS.listError });

export const getPerson = (code: number, signal?: AbortSignal) =>
  api.get<Person>(`/people/${code}`, undefined, {
    signal,
    errorText: RECORD_TEXTS.loadForEditError,
    notifyStatuses: [404],
  });

export const createPerson = (payload: PersonSave) =>
  api.post<Person>('/people', payload, { errorText: PEOPLE_TEXTS.saveError });

export const updatePerson = (code: number, payload: PersonSave) =>
  api.put<Person>(`/people/${code}`, payload, { errorText: PEOPLE_TEXTS.saveError });

export const removePerson = (code: number) =>
  api.delete<unknown>(`/people/${code}`, undefined, {
    errorText: RECORD_TEXTS.removeError,
    notifyStatuses: [404],
  });

export const removePeople = (codes: number[]) =>
  api.delete<unknown>(
    '/people/delete-many',
    { codes },
    { errorText: RECORD_TEXTS.removeManyError, notifyStatuses: [404] },
  );

export const updateVote = (code: number, vote: Vote) =>
  api.put<unknown>(`/people/${code}/update-vote`, { vote }, { errorText: PEOPLE_TEXTS.voteError });

export const markAsInfluence = (code: number, influence: number) =>
  api.put<unknown>(
    `/people/${code}/mark-as-influence`,
    { influence },
    { errorText: PEOPLE_TEXTS.influenceError },
  );

export const removeInfluence = (code: number) =>
  api.put<unknown>(`/people/${code}/remove-influence`, undefined, {
    errorText: PEOPLE_TEXTS.influenceRemoveError,
  });

export const setAsTeam = (code: number) =>
  api.post<unknown>(`/people/${code}/set-as-team`, undefined, { errorText: PEOPLE_TEXTS.makeTeamError });
