import { MESSAGES, type Role } from '@mandato/domain';
import type { ApiClient } from '../../../platform/api/client.ts';

export interface UserAccess {
  code: string;
  active: boolean;
  permissions: Role[];
}

/** Calls of spec 2 §7 "Users" behind the 'Acesso e Permissões' dialog. */
export function createUserAccessApi(client: ApiClient) {
  return {
    get: (code: string, signal?: AbortSignal) =>
      client.get<UserAccess>(`/users/${encodeURIComponent(code)}`, undefined, {
        signal,
        errorText: MESSAGES.permissionsFetchError,
        notifyStatuses: [403, 404],
      }),
    changePermissions: (code: string, active: boolean, permissions: Role[]) =>
      client.put<unknown>(
        `/users/${encodeURIComponent(code)}/change-permissions`,
        { active, permissions },
        { errorText: MESSAGES.permissionsUpdateError, notifyStatuses: [403, 404] },
      ),
    resetPassword: (code: string) =>
      client.put<unknown>(`/users/${encodeURIComponent(code)}/reset-password`, undefined, {
        errorText: MESSAGES.resendPasswordError,
        notifyStatuses: [403, 404],
      }),
  };
}
export type UserAccessApi = ReturnType<typeof createUserAccessApi>;
