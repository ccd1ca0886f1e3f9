import { BIRTHDAY_TEXTS, type BirthdaySettingsSave } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { getBirthdaySettings, listBirthdayShots, saveBirthdaySettings } from '../birthday/birthdayApi.ts';
import { shotsKeys } from './shotsKeys.ts';

/** The birthday shots ('aniversariantes'), below the lists' keys: what refreshes the lists refreshes it. */
export function useBirthdayShots() {
  return useQuery({
    queryKey: shotsKeys.lists('EMAIL', 'aniversariantes'),
    queryFn: ({ signal }) => listBirthdayShots(signal),
    staleTime: 0,
  });
}

/** The birthday e-mail as saved; the settings screen edits it once loaded. */
export function useBirthdaySettings() {
  return useQuery({
    queryKey: shotsKeys.birthday(),
    queryFn: ({ signal }) => getBirthdaySettings(signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useSaveBirthdaySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BirthdaySettingsSave) => saveBirthdaySettings(body),
    onSuccess: (saved) => {
      notifySuccess(BIRTHDAY_TEXTS.saved);
      client.setQueryData(shotsKeys.birthday(), saved);
    },
  });
}
