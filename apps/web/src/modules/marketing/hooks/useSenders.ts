import { SENDER_TEXTS, type Sender, type SenderSave } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { listSenders, removeSender, resendSenderEmail, saveSender, setSenderStatus } from '../sendersApi.ts';
import { marketingKeys } from './marketingKeys.ts';

/** The senders table: one page (the settings list shows up to `itemsPerPage`). */
export function useSenders(page = 1, itemsPerPage = 50) {
  return useQuery({
    queryKey: marketingKeys.senders('list', page, itemsPerPage),
    queryFn: ({ signal }) => listSenders({ page, itemsPerPage }, signal),
    staleTime: 0,
  });
}

/** The ACTIVE senders (the e-mail shot editor's choice, spec 3 §4). */
export function useActiveSenders() {
  return useQuery({
    queryKey: marketingKeys.senders('active'),
    queryFn: ({ signal }) => listSenders({ status: 'ACTIVE', itemsPerPage: 200 }, signal),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: marketingKeys.senders() });
}

export function useSaveSender() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, code }: { body: SenderSave; code?: number }) => saveSender(body, code),
    onSuccess: () => {
      notifySuccess(SENDER_TEXTS.saved);
      void invalidate();
    },
  });
}

export function useRemoveSender() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: number) => removeSender(code),
    onSuccess: () => {
      notifySuccess(SENDER_TEXTS.removed);
      void invalidate();
    },
  });
}

export function useResendSenderEmail() {
  return useMutation({
    mutationFn: (code: number) => resendSenderEmail(code),
    onSuccess: () => notifySuccess(SENDER_TEXTS.activationSent),
  });
}

export function useSenderStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ code, status }: { code: number; status: 'ACTIVE' | 'INACTIVE' }) =>
      setSenderStatus(code, status),
    onSuccess: (sender: Sender) => {
      notifySuccess(sender.status === 'ACTIVE' ? SENDER_TEXTS.activated : SENDER_TEXTS.deactivated);
      void invalidate();
    },
  });
}
