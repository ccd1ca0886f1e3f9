import { PROFILE_MESSAGES, type ProfileSave } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import type { BodyOf } from '../../platform/api/typedClient.ts';

export type ProfileInput = Omit<ProfileSave, 'address'> & { address?: unknown };

/** GET /api/users/me */
export const getMyProfile = (signal?: AbortSignal) =>
  typedApi.get('/users/me', { signal, errorText: PROFILE_MESSAGES.loadError });

/** PUT /api/users/me ('Meus dados') */
export const saveProfile = (body: ProfileInput) =>
  // the form's address is whatever its fields hold; the server checks it (a 400 names the field)
  typedApi.put('/users/me', {
    body: body as BodyOf<'put', '/users/me'>,
    errorText: PROFILE_MESSAGES.saveError,
  });

/** PUT /api/users/{code}/change-password: both passwords SHA-256 hex; errors handled by the modal */
export const changePassword = (code: string, body: { oldPassword: string; newPassword: string }) =>
  typedApi.put('/users/{code}/change-password', { path: { code }, body, notifyError: false });
