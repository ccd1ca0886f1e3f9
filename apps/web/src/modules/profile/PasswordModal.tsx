import { MESSAGES, PROFILE_MESSAGES } from '@mandato/domain';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { notifications } from '../../platform/notifications/notifier.ts';
import { useChangePassword } from './hooks/useProfile.ts';
import { type PasswordValues, passwordCheck } from './passwordForm.ts';

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

/** 'Alterar senha' (spec 2 §2, §4, §5): all three required, a mismatch sends nothing. */
export function PasswordModal({
  userCode,
  open,
  onClose,
}: {
  userCode: string;
  open: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const change = useChangePassword(userCode);
  const check = passwordCheck(values);
  const errors = submitted ? check.required : {};

  const close = () => {
    setValues(EMPTY);
    setSubmitted(false);
    onClose();
  };

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(check.required).length > 0) return;
    if (check.mismatch) {
      notifications().error({ title: MESSAGES.ops, description: PROFILE_MESSAGES.passwordMismatch });
      return;
    }
    try {
      await change.mutateAsync(values);
      close();
    } catch {
      // 'Erro ao alterar senha' shown by the mutation
    }
  };

  const field = (key: keyof PasswordValues, label: string) => (
    <Form.Item
      label={label}
      htmlFor={`password-${key}`}
      required
      validateStatus={errors[key] ? 'error' : undefined}
      help={errors[key]}
    >
      <Input.Password
        id={`password-${key}`}
        autoComplete={key === 'currentPassword' ? 'current-password' : 'new-password'}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        onPressEnter={() => void submit()}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title="Alterar senha"
      width={530}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancelar
        </Button>,
        <Button key="save" type="primary" loading={change.isPending} onClick={() => void submit()}>
          Salvar
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div" requiredMark={false}>
        {field('currentPassword', 'Senha atual')}
        {field('newPassword', 'Nova senha')}
        {field('confirmNewPassword', 'Confirmação da nova senha')}
      </Form>
    </Modal>
  );
}
