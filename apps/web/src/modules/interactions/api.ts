import { INTERACTION_MESSAGES, type InteractionSaveInput } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import { asListAnswer } from '../../platform/ui/listAnswer.ts';

const saving = { errorText: INTERACTION_MESSAGES.saveError };

/** Calls of spec 2 §7 "Interactions" used by the person drawer. */
export const listInteractions = async (personCode: number, signal?: AbortSignal) =>
  asListAnswer(
    await typedApi.get('/people-contacts', {
      query: { personCode, page: 1, itemsPerPage: 500 },
      signal,
      errorText: INTERACTION_MESSAGES.listError,
    }),
  ).list;

export const createInteraction = (body: InteractionSaveInput) =>
  typedApi.post('/people-contacts', { body, ...saving });

export const updateInteraction = (code: number, body: InteractionSaveInput) =>
  typedApi.put('/people-contacts/{code}', { path: { code }, body, ...saving });

export const markInteractionDone = (code: number) =>
  typedApi.put('/people-contacts/{code}/mark-as-done', { path: { code }, ...saving });

export const removeInteraction = (code: number) =>
  typedApi.delete('/people-contacts/{code}', { path: { code }, errorText: INTERACTION_MESSAGES.removeError });
