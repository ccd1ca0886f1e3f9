import { GlobalOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { LoginFormSchema } from '@mandato/domain';
import { Button, Form, Input, Switch } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isCancelled } from '../../platform/api/errors.ts';
import { useRequest } from '../../platform/api/useRequest.ts';
import { notifications } from '../../platform/notifications/notifier.ts';
import { afterLoginPath, readLoginRedirectState } from '../../platform/routing/loginRedirect.ts';
import { defaultRoute, PUBLIC_PATHS } from '../../platform/routing/paths.ts';
import { loadRememberedLogin } from '../../platform/session/rememberMe.ts';
import { AuthCard } from '../../platform/ui/AuthCard.tsx';
import { loginErrorMessage } from './authErrors.ts';
import { type LoginValues, performLogin } from './useLogin.ts';
import { zodRule } from './zodRule.ts';

export const LOGIN_TEXTS = {
  title: 'Acesse sua conta',
  domain: 'Dominio',
  email: 'E-mail',
  password: 'Senha',
  remember: 'Lembrar-me',
  forgot: 'Esqueci minha senha',
  submit: 'Entrar',
} as const;

const rules = {
  schema: [zodRule(LoginFormSchema.shape.schema)],
  email: [zodRule(LoginFormSchema.shape.email)],
  password: [zodRule(LoginFormSchema.shape.password)],
};

/** Login route (spec 1 §2): Dominio, E-mail, Senha, 'Lembrar-me', 'Esqueci minha senha', Entrar. */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const initialValues = useMemo<Partial<LoginValues>>(() => {
    const remembered = loadRememberedLogin();
    const redirect = readLoginRedirectState(location.state);
    return {
      schema: redirect.domain ?? remembered?.domain ?? '',
      email: remembered?.email ?? '',
      password: '',
      remember: true,
    };
  }, [location.state]);

  const login = useRequest(async (signal, values: LoginValues) => {
    try {
      return await performLogin(values, signal);
    } catch (error) {
      if (!isCancelled(error)) notifications().error({ key: 'login-error', title: loginErrorMessage(error) });
      throw error;
    }
  });

  const onFinish = async (values: LoginValues) => {
    const slug = await login.run(values);
    if (slug) navigate(afterLoginPath(slug, location.state, defaultRoute(slug)), { replace: true });
  };

  return (
    <AuthCard title={LOGIN_TEXTS.title}>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={onFinish}
        name="login"
      >
        <Form.Item label={LOGIN_TEXTS.domain} name="schema" rules={rules.schema}>
          <Input
            prefix={<GlobalOutlined />}
            autoComplete="organization"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item label={LOGIN_TEXTS.email} name="email" rules={rules.email}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" inputMode="email" />
        </Form.Item>
        <Form.Item label={LOGIN_TEXTS.password} name="password" rules={rules.password}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div className="auth-card__row">
          <label htmlFor="login_remember" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Switch id="login_remember" size="small" aria-label={LOGIN_TEXTS.remember} />
            </Form.Item>
            {LOGIN_TEXTS.remember}
          </label>
          <Link to={PUBLIC_PATHS.recovery}>{LOGIN_TEXTS.forgot}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={login.state === 'awaiting'}>
          {LOGIN_TEXTS.submit}
        </Button>
      </Form>
    </AuthCard>
  );
}
