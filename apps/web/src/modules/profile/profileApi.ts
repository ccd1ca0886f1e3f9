import { PROFILE_MESSAGES, type Profile, type ProfileSave } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { useApiQuery } from '../../platform/api/useApiQuery.ts';

type ProfileInput = Omit<ProfileSave, 'address'> & { address?: unknown };

/** GET /api/users/me */
export function useMyProfile() {
  return useApiQuery<Profile>(['users', 'me'], '/users/me', undefined, {
    request: { errorText: PROFILE_MESSAGES.loadError },
    staleTime: 0,
  });
}

export const profileApi = {
  /** PUT /api/users/me ('Meus dados') */
  save: (body: ProfileInput) =>
    api.put<Profile>('/users/me', body, { errorText: PROFILE_MESSAGES.saveError }),
  /** PUT /api/users/{code}/change-password: both passwords SHA-256 hex; errors handled by the modal */
  changePassword: (code: string, body: { oldPassword: string; newPassword: string }) =>
    api.put(`/users/${code}/change-password`, body, { notifyError: false }),
};
