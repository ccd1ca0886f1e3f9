import { SPONSOR_MESSAGES } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { confirmPendingSignUp, discardPendingSignUp, listPendingSignUps } from '../api.ts';
import { sponsorKeys } from './sponsorKeys.ts';

/** 'Cadastros pendentes': one page of the sign-ups of existing contacts waiting for a team user. */
export function usePendingSignUps(page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: sponsorKeys.pending(page, itemsPerPage),
    queryFn: ({ signal }) => listPendingSignUps({ page, itemsPerPage }, signal),
    staleTime: 0,
  });
}

/** 'Confirmar': the contact changes, so `onConfirmed` lets the people screens reload theirs. */
export function useConfirmPendingSignUp(onConfirmed?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => confirmPendingSignUp(id),
    onSuccess: ({ personCode }) => {
      notifySuccess(SPONSOR_MESSAGES.pendingConfirmed);
      void client.invalidateQueries({ queryKey: sponsorKeys.pendingLists() });
      void client.invalidateQueries({ queryKey: sponsorKeys.person(personCode) });
      onConfirmed?.();
    },
  });
}

export function useDiscardPendingSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => discardPendingSignUp(id),
    onSuccess: () => {
      notifySuccess(SPONSOR_MESSAGES.pendingDiscarded);
      void client.invalidateQueries({ queryKey: sponsorKeys.pendingLists() });
    },
  });
}
