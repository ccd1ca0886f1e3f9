import { GlobalOutlined, MailOutlined } from '@ant-design/icons';
import { MESSAGES, RECOVERY_TEXTS, RecoveryFormSchema } from '@mandato/domain';
import { Button, Form, Input, Space } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { isCancelled } from '../../platform/api/errors.ts';
import { useRequest } from '../../platform/api/useRequest.ts';
import { notifications } from '../../platform/notifications/notifier.ts';
import { PUBLIC_PATHS } from '../../platform/routing/paths.ts';
import { loadRememberedLogin } from '../../platform/session/rememberMe.ts';
import { AuthCard } from '../../platform/ui/AuthCard.tsx';
import { normaliseSlug, requestPasswordRecovery } from './api.ts';
import { recoveryErrorMessage } from './authErrors.ts';
import { zodRule } from './zodRule.ts';

interface RecoveryValues {
  schema: string;
  email: string;
}

const rules = {
  schema: [zodRule(RecoveryFormSchema.shape.schema)],
  email: [zodRule(RecoveryFormSchema.shape.email)],
};

/** Password recovery route (spec 1 §2): Domínio, E-mail, 'Recuperar Senha', 'Voltar para login'. */
export function RecoveryPage() {
  const navigate = useNavigate();
  const initialValues = useMemo<RecoveryValues>(() => {
    const remembered = loadRememberedLogin();
    return { schema: remembered?.domain ?? '', email: remembered?.email ?? '' };
  }, []);

  const recovery = useRequest(async (signal, values: RecoveryValues) => {
    try {
      return await requestPasswordRecovery(normaliseSlug(values.schema), values.email.trim(), signal);
    } catch (error) {
      if (!isCancelled(error))
        notifications().error({ key: 'recovery-error', title: recoveryErrorMessage(error) });
      throw error;
    }
  });

  const onFinish = async (values: RecoveryValues) => {
    const answer = await recovery.run(values);
    if (answer) {
      notifications().success({ title: MESSAGES.done, description: MESSAGES.recoverySuccess });
      navigate(PUBLIC_PATHS.login, { replace: true });
    }
  };

  return (
    <AuthCard title={RECOVERY_TEXTS.title}>
      <Form<RecoveryValues>
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={onFinish}
        name="recovery"
      >
        <Form.Item label={RECOVERY_TEXTS.domain} name="schema" rules={rules.schema}>
          <Input prefix={<GlobalOutlined />} autoCapitalize="none" spellCheck={false} />
        </Form.Item>
        <Form.Item label={RECOVERY_TEXTS.email} name="email" rules={rules.email}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" inputMode="email" />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button type="primary" htmlType="submit" block size="large" loading={recovery.state === 'awaiting'}>
            {RECOVERY_TEXTS.submit}
          </Button>
          <Button block onClick={() => navigate(PUBLIC_PATHS.login)}>
            {RECOVERY_TEXTS.back}
          </Button>
        </Space>
      </Form>
    </AuthCard>
  );
}
