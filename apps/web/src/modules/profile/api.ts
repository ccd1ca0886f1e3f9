import { PROFILE_MESSAGES, type Profile, type ProfileSave } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

export type ProfileInput = Omit<ProfileSave, 'address'> & { address?: unknown };

/** GET /api/users/me */
export const getMyProfile = (signal?: AbortSignal) =>
  api.get<Profile>('/users/me', undefined, { signal, errorText: PROFILE_MESSAGES.loadError });

/** PUT /api/users/me ('Meus dados') */
export const saveProfile = (body: ProfileInput) =>
  api.put<Profile>('/users/me', body, { errorText: PROFILE_MESSAGES.saveError });

/** PUT /api/users/{code}/change-password: both passwords SHA-256 hex; errors handled by the modal */
export const changePassword = (code: string, body: { oldPassword: string; newPassword: string }) =>
  api.put(`/users/${code}/change-password`, body, { notifyError: false });
