import type { PersonSave, Vote } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import { RECORD_TEXTS } from '../../platform/ui/recordTexts.ts';
import type { PeopleQuery } from './searchQuery.ts';
import { PEOPLE_TEXTS } from './texts.ts';

/** Calls of spec 2 §7 "People" used by the people screen; their names are an autocomplete lookup. */
export const searchPeople = (query: PeopleQuery, signal?: AbortSignal) =>
  typedApi.post('/people/search', { body: query, signal, errorText: PEOPLE_TEXTS.listError });

export const getPerson = (code: number, signal?: AbortSignal) =>
  typedApi.get('/people/{id}', {
    path: { id: code },
    signal,
    errorText: RECORD_TEXTS.loadForEditError,
    notifyStatuses: [404],
  });

export const createPerson = (payload: PersonSave) =>
  typedApi.post('/people', { body: payload, errorText: PEOPLE_TEXTS.saveError });

export const updatePerson = (code: number, payload: PersonSave) =>
  typedApi.put('/people/{id}', { path: { id: code }, body: payload, errorText: PEOPLE_TEXTS.saveError });

export const removePerson = (code: number) =>
  typedApi.delete('/people/{id}', {
    path: { id: code },
    errorText: RECORD_TEXTS.removeError,
    notifyStatuses: [404],
  });

export const removePeople = (codes: number[]) =>
  typedApi.delete('/people/delete-many', {
    body: { codes },
    errorText: RECORD_TEXTS.removeManyError,
    notifyStatuses: [404],
  });

export const updateVote = (code: number, vote: Vote) =>
  typedApi.put('/people/{id}/update-vote', {
    path: { id: code },
    body: { vote },
    errorText: PEOPLE_TEXTS.voteError,
  });

export const markAsInfluence = (code: number, influence: number) =>
  typedApi.put('/people/{id}/mark-as-influence', {
    path: { id: code },
    body: { influence },
    errorText: PEOPLE_TEXTS.influenceError,
  });

export const removeInfluence = (code: number) =>
  typedApi.put('/people/{id}/remove-influence', {
    path: { id: code },
    errorText: PEOPLE_TEXTS.influenceRemoveError,
  });

export const setAsTeam = (code: number) =>
  typedApi.post('/people/{id}/set-as-team', { path: { id: code }, errorText: PEOPLE_TEXTS.makeTeamError });
