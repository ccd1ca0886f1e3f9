import { MESSAGES, PERMISSION_GROUPS, type Role, userActionRefusal } from '@mandato/domain';
import { Alert, App, Button, Modal, Skeleton, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { useSessionState } from '../../platform/session/useSession.ts';
import { useChangePermissions, useResetPassword, useUserAccess } from './hooks/useUserAccess.ts';
import { PermissionGroup } from './PermissionGroup.tsx';
import { togglePermission } from './permissionToggles.ts';

export const ACCESS_DIALOG_TITLE = 'Acesso e Permissões';

/**
 * 'Acesso e Permissões' for a team member (spec 1 §2, §6; spec 2 §2): the 'Ativo?' toggle,
 * the permission groups while active, plan-disabled modules, password reset.
 */
export function AccessDialog({
  userCode,
  name,
  onClose,
}: {
  userCode: string;
  name: string;
  onClose: () => void;
}) {
  const { slug = '' } = useParams();
  const { modal } = App.useApp();
  const ctx = useAccessContext();
  const me = { code: useSessionState().session?.user.code ?? '', permissions: ctx.permissions };
  const loaded = useUserAccess(userCode);
  const change = useChangePermissions(userCode);
  const reset = useResetPassword(userCode);
  const [active, setActive] = useState(false);
  const [permissions, setPermissions] = useState<Role[]>([]);
  useEffect(() => {
    if (loaded.data) {
      setActive(loaded.data.active);
      setPermissions(loaded.data.permissions);
    }
  }, [loaded.data]);

  // the server enforces the same rule; here it only keeps the dialog honest about what will work
  const target = { code: userCode, permissions: loaded.data?.permissions ?? [] };
  // a user the signed-in one may not change at all (themselves, or holding more) is shown read-only
  const readOnly = loaded.data ? userActionRefusal(me, target, 'changeAccess', target.permissions) : null;
  const refusal =
    readOnly ?? (loaded.data ? userActionRefusal(me, target, 'changeAccess', permissions) : null);
  const locked = loaded.data ? userActionRefusal(me, target, 'resetPassword') : null;

  const save = async () => {
    try {
      await change.mutateAsync({ active, permissions });
      onClose();
    } catch {
      // 'Ocorreu algum erro ao atualizar as permissões' already shown
    }
  };

  const resetPassword = () =>
    modal.confirm({
      title: MESSAGES.confirmPasswordReset,
      okText: 'Sim',
      cancelText: 'Não',
      onOk: async () => {
        try {
          await reset.mutateAsync();
        } catch {
          // 'Ocorreu algum erro ao reenviar senha' already shown
        }
      },
    });

  return (
    <Modal
      open
      title={`${ACCESS_DIALOG_TITLE} — ${name}`}
      width={{ xs: '95%', sm: 530 }}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Button onClick={resetPassword} disabled={!loaded.data || !!locked}>
            Redefinir senha
          </Button>
          <Space>
            <Button onClick={onClose}>Cancelar</Button>
            <Button
              type="primary"
              loading={change.isPending}
              disabled={!loaded.data || !!refusal}
              onClick={() => void save()}
            >
              Salvar
            </Button>
          </Space>
        </Space>
      }
    >
      {loaded.isLoading ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {refusal && <Alert type="info" showIcon title={refusal} />}
          <Space>
            <Switch
              id="access-active"
              aria-label="Ativo?"
              checked={active}
              disabled={!!readOnly}
              onChange={setActive}
            />
            <label htmlFor="access-active">Ativo?</label>
          </Space>
          {active &&
            PERMISSION_GROUPS.map((group) => (
              <PermissionGroup
                key={group.title}
                {...group}
                permissions={permissions}
                held={readOnly ? [] : ctx.permissions}
                tenant={ctx.tenant}
                changePlanPath={`/${slug}/admin/assinar`}
                onToggle={(role, on) => setPermissions((prev) => togglePermission(prev, role, on))}
              />
            ))}
        </Space>
      )}
    </Modal>
  );
}
