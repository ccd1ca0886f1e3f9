import { MESSAGES, type Role } from '@mandato/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { changePermissions, getUserAccess, resetPassword } from '../api.ts';
import { teamAccessKeys } from './teamAccessKeys.ts';

/** A team member's 'Ativo?' and permissions, read fresh each time the dialog opens. */
export function useUserAccess(userCode: string) {
  return useQuery({
    queryKey: teamAccessKeys.one(userCode),
    queryFn: ({ signal }) => getUserAccess(userCode, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** 'Salvar': PUT change-permissions; 'Permissões atualizadas com sucesso' on success. */
export function useChangePermissions(userCode: string) {
  return useMutation({
    mutationFn: ({ active, permissions }: { active: boolean; permissions: Role[] }) =>
      changePermissions(userCode, active, permissions),
    onSuccess: () => notifySuccess(MESSAGES.permissionsUpdated),
  });
}

/** 'Redefinir senha': PUT reset-password; the new password goes by e-mail. */
export function useResetPassword(userCode: string) {
  return useMutation({
    mutationFn: () => resetPassword(userCode),
    onSuccess: () => notifySuccess(MESSAGES.passwordResent),
  });
}
