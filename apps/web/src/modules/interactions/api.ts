import {
  INTERACTION_MESSAGES,
  type Interaction,
  type InteractionSaveInput,
  type ListAnswer,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { asListAnswer } from '../../platform/ui/listAnswer.ts';

const saving = { errorText: INTERACTION_MESSAGES.saveError };

/** Calls of spec 2 §7 "Interactions" used by the person drawer. */
export const listInteractions = async (personCode: number, signal?: AbortSignal) =>
  asListAnswer(
    await api.get<ListAnswer<Interaction> | Interaction[]>(
      '/people-contacts',
      { personCode, page: 1, itemsPerPage: 500 },
      { signal, errorText: INTERACTION_MESSAGES.listError },
    ),
  ).list;

export const createInteraction = (body: InteractionSaveInput) =>
  api.post<Interaction>('/people-contacts', body, saving);

export const updateInteraction = (code: number, body: InteractionSaveInput) =>
  api.put<Interaction>(`/people-contacts/${code}`, body, saving);

export const markInteractionDone = (code: number) =>
  api.put<Interaction>(`/people-contacts/${code}/mark-as-done`, undefined, saving);

export const removeInteraction = (code: number) =>
  api.delete(`/people-contacts/${code}`, undefined, { errorText: INTERACTION_MESSAGES.removeError });
