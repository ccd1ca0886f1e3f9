import { MESSAGES, type Role } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

export interface UserAccess {
  code: string;
  active: boolean;
  permissions: Role[];
}

const user = (code: string) => `/users/${encodeURIComponent(code)}`;

/** Calls of spec 2 §7 "Users" behind the 'Acesso e Permissões' dialog. */
export const getUserAccess = (code: string, signal?: AbortSignal) =>
  api.get<UserAccess>(user(code), undefined, {
    signal,
    errorText: MESSAGES.permissionsFetchError,
    notifyStatuses: [403, 404],
  });

export const changePermissions = (code: string, active: boolean, permissions: Role[]) =>
  api.put<unknown>(
    `${user(code)}/change-permissions`,
    { active, permissions },
    { errorText: MESSAGES.permissionsUpdateError, notifyStatuses: [403, 404] },
  );

export const resetPassword = (code: string) =>
  api.put<unknown>(`${user(code)}/reset-password`, undefined, {
    errorText: MESSAGES.resendPasswordError,
    notifyStatuses: [403, 404],
  });
