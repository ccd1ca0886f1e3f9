import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketingKeys } from '../../marketing/hooks/marketingKeys.ts';
import { sendEmailShotTest, sendSmsShotTest } from '../shotTestApi.ts';

/** 'Enviar teste' of a saved shot; an SMS test spends credits, so the balance is read again. */
export function useShotTestSend(channel: 'EMAIL' | 'SMS') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, to }: { code: number; to: string[] }) =>
      channel === 'SMS' ? sendSmsShotTest(code, { phones: to }) : sendEmailShotTest(code, { emails: to }),
    onSettled: () =>
      channel === 'SMS' ? client.invalidateQueries({ queryKey: marketingKeys.accounts() }) : undefined,
  });
}
