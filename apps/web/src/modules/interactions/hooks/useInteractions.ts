import { INTERACTION_MESSAGES, type InteractionSaveInput } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import {
  createInteraction,
  listInteractions,
  markInteractionDone,
  removeInteraction,
  updateInteraction,
} from '../api.ts';
import { interactionsKeys } from './interactionsKeys.ts';

/** The person's interactions, refetched on every visit of the tab. */
export function useInteractions(personCode: number) {
  return useQuery({
    queryKey: interactionsKeys.byPerson(personCode),
    queryFn: ({ signal }) => listInteractions(personCode, signal),
    staleTime: 0,
  });
}

/** A write on one of the person's interactions: success notice, then the timeline reloads. */
function useInteractionWrite<V>(personCode: number, write: (variables: V) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      notifySuccess(done);
      void queryClient.invalidateQueries({ queryKey: interactionsKeys.byPerson(personCode) });
    },
  });
}

/** New interaction (POST) or an edit (PUT, with the code). */
export const useSaveInteraction = (personCode: number) =>
  useInteractionWrite(
    personCode,
    ({ code, body }: { code?: number; body: InteractionSaveInput }) =>
      code === undefined ? createInteraction(body) : updateInteraction(code, body),
    INTERACTION_MESSAGES.saved,
  );

export const useMarkInteractionDone = (personCode: number) =>
  useInteractionWrite(personCode, (code: number) => markInteractionDone(code), INTERACTION_MESSAGES.saved);

export const useRemoveInteraction = (personCode: number) =>
  useInteractionWrite(personCode, (code: number) => removeInteraction(code), INTERACTION_MESSAGES.removed);
