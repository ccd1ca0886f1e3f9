import { PROFILE_MESSAGES } from '@mandato/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { describeErrors } from '../../../platform/api/errorNotice.ts';
import { isApiError } from '../../../platform/api/errors.ts';
import { notifications } from '../../../platform/notifications/notifier.ts';
import { sessionStore } from '../../../platform/session/sessionStore.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { hashPassword } from '../../auth/hashPassword.ts';
import { changePassword, getMyProfile, type ProfileInput, saveProfile } from '../api.ts';
import { profileKeys } from './profileKeys.ts';

/** The signed-in user's data, read fresh on every visit. */
export function useMyProfile() {
  return useQuery({
    queryKey: profileKeys.me,
    queryFn: ({ signal }) => getMyProfile(signal),
    staleTime: 0,
  });
}

/** 'Meus dados': the saved user (without the address) becomes the session's user. */
export function useSaveProfile() {
  return useMutation({
    mutationFn: (body: ProfileInput) => saveProfile(body),
    onSuccess: (saved) => {
      const { address: _address, ...user } = saved;
      sessionStore.setUser(user);
      notifySuccess(PROFILE_MESSAGES.saved);
    },
  });
}

/**
 * 'Alterar senha': both passwords go as SHA-256 hex. A failure shows 'Erro ao alterar senha' with
 * the server's message (the call itself stays silent).
 */
export function useChangePassword(userCode: string) {
  return useMutation({
    mutationFn: async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      changePassword(userCode, {
        oldPassword: await hashPassword(currentPassword),
        newPassword: await hashPassword(newPassword),
      }),
    onSuccess: () => notifySuccess(PROFILE_MESSAGES.passwordChanged),
    onError: (error) => {
      const description = isApiError(error) ? describeErrors(error.body?.message) : undefined;
      notifications().error({ title: PROFILE_MESSAGES.passwordError, description });
    },
  });
}
