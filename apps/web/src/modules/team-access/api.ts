import { MESSAGES, type Role } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

export interface UserAccess {
  code: string;
  active: boolean;
  permissions: Role[];
}

/** A missing role or user is shown too (the dialog has nothing else to say). */
const shown = [403, 404];

/** Calls of spec 2 §7 "Users" behind the 'Acesso e Permissões' dialog. */
export const getUserAccess = (code: string, signal?: AbortSignal): Promise<UserAccess> =>
  typedApi.get('/users/{code}', {
    path: { code },
    signal,
    errorText: MESSAGES.permissionsFetchError,
    notifyStatuses: shown,
  });

export const changePermissions = (code: string, active: boolean, permissions: Role[]) =>
  typedApi.put('/users/{code}/change-permissions', {
    path: { code },
    body: { active, permissions },
    errorText: MESSAGES.permissionsUpdateError,
    notifyStatuses: shown,
  });

export const resetPassword = (code: string) =>
  typedApi.put('/users/{code}/reset-password', {
    path: { code },
    errorText: MESSAGES.resendPasswordError,
    notifyStatuses: shown,
  });
