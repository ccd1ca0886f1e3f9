import type { PersonSave, Vote } from '@mandato/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { RECORD_TEXTS } from '../../../platform/ui/recordTexts.ts';
import { segmentsKeys } from '../../segments/hooks/segmentsKeys.ts';
import {
  createPerson,
  markAsInfluence,
  removeInfluence,
  removePeople,
  removePerson,
  setAsTeam,
  updatePerson,
  updateVote,
} from '../api.ts';
import { PEOPLE_TEXTS } from '../texts.ts';
import { peopleKeys } from './peopleKeys.ts';

/** After a change: the list pages and the lists' totals (not awaited). */
function reloadLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: peopleKeys.searches() });
  void queryClient.invalidateQueries({ queryKey: segmentsKeys.all });
}

/** A write of the people screen: success notice, then the lists reload. */
function usePeopleWrite<V>(write: (variables: V) => Promise<unknown>, done: (variables: V) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (_answer, variables) => {
      notifySuccess(done(variables));
      reloadLists(queryClient);
    },
  });
}

/** 'Nova Pessoa' (POST) or an edit (PUT, with the code). */
export const useSavePerson = () =>
  usePeopleWrite(
    ({ code, payload }: { code?: number; payload: PersonSave }) =>
      code === undefined ? createPerson(payload) : updatePerson(code, payload),
    () => RECORD_TEXTS.saved,
  );

export const useRemovePerson = () => usePeopleWrite(removePerson, () => RECORD_TEXTS.removed);

export const useRemovePeople = () => usePeopleWrite(removePeople, () => RECORD_TEXTS.removedMany);

export const useUpdateVote = () =>
  usePeopleWrite(
    ({ code, vote }: { code: number; vote: Vote }) => updateVote(code, vote),
    () => PEOPLE_TEXTS.voteUpdated,
  );

/** Influence above zero marks the person as a mobiliser; zero removes the mark. */
export const useSetInfluence = () =>
  usePeopleWrite(
    ({ code, influence }: { code: number; influence: number }) =>
      influence > 0 ? markAsInfluence(code, influence) : removeInfluence(code),
    ({ influence }) => (influence > 0 ? PEOPLE_TEXTS.influenceMarked : PEOPLE_TEXTS.influenceRemoved),
  );

/** 'Tornar equipe': saves the person with the e-mail first, then POST set-as-team. */
export const useMakeTeam = () =>
  usePeopleWrite(
    async ({ code, payload }: { code: number; payload: PersonSave }) => {
      await updatePerson(code, payload);
      await setAsTeam(code);
    },
    () => PEOPLE_TEXTS.madeTeam,
  );
