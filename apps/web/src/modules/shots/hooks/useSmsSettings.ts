import { SMS_TEXTS, type SmsSettings } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { getSmsSettings, saveSmsSettings } from '../smsApi.ts';
import { smsKeys } from './smsKeys.ts';

/** The tenant's SMS settings: the editor counts the identification, the settings screen edits them. */
export function useSmsSettings() {
  return useQuery({
    queryKey: smsKeys.settings(),
    queryFn: ({ signal }) => getSmsSettings(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useSaveSmsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsSettings) => saveSmsSettings(body),
    onSuccess: (saved) => {
      notifySuccess(SMS_TEXTS.settingsSaved);
      client.setQueryData(smsKeys.settings(), saved);
    },
  });
}
