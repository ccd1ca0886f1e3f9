import { GlobalOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { emailProblem, LOGIN_TEXTS, passwordProblem, tenantDomainProblem } from '@mandato/domain/plain';
import { Button, Input, Switch } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
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
import './loginPage.css';

type TextField = 'schema' | 'email' | 'password';
type FieldErrors = Partial<Record<TextField, string>>;

/**
 * The domain's rules of the login form (LoginFormSchema is built from the same functions), as plain
 * functions: this page is the first bundle, which carries neither zod nor antd Form
 * (apps/web/scripts/check-bundle.mjs).
 */
const RULES: Record<TextField, (value: string) => string | undefined> = {
  schema: tenantDomainProblem,
  email: emailProblem,
  password: passwordProblem,
};
const FIELDS = Object.keys(RULES) as TextField[];

function validate(values: LoginValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELDS) {
    const message = RULES[field](values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

const fieldId = (field: TextField) => `login_${field}`;
const helpId = (field: TextField) => `login_${field}_help`;

/**
 * One labelled field as antd's vertical Form.Item lays it out: label above, the error below it
 * (announced, and tied to the input by aria-describedby).
 */
function Field({
  field,
  label,
  error,
  children,
}: {
  field: TextField;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'login-field login-field--error' : 'login-field'}>
      <label className="login-field__label" htmlFor={fieldId(field)}>
        {label}
      </label>
      {children}
      {error && (
        <div id={helpId(field)} className="login-field__help" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** Login route (spec 1 §2): Domínio, E-mail, Senha, 'Lembrar-me', 'Esqueci minha senha', Entrar. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<LoginValues>(() => {
    const remembered = loadRememberedLogin();
    const redirect = readLoginRedirectState(location.state);
    return {
      schema: redirect.domain ?? remembered?.domain ?? '',
      email: remembered?.email ?? '',
      password: '',
      remember: true,
    };
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const login = useRequest(async (signal, submitted: LoginValues) => {
    try {
      return await performLogin(submitted, signal);
    } catch (error) {
      if (!isCancelled(error)) notifications().error({ key: 'login-error', title: loginErrorMessage(error) });
      throw error;
    }
  });

  /** A field is checked as it changes, like antd Form's default validateTrigger. */
  const change = (field: TextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: RULES[field](value) }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    const slug = await login.run(values);
    if (slug) navigate(afterLoginPath(slug, location.state, defaultRoute(slug)), { replace: true });
  };

  /** The props that tie an input to its label and its error text. */
  const a11y = (field: TextField) => ({
    id: fieldId(field),
    value: values[field],
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? helpId(field) : undefined,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <AuthCard title={LOGIN_TEXTS.title}>
      <form id="login" className="login-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field field="schema" label={LOGIN_TEXTS.domain} error={errors.schema}>
          <Input
            {...a11y('schema')}
            prefix={<GlobalOutlined />}
            autoComplete="organization"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Field field="email" label={LOGIN_TEXTS.email} error={errors.email}>
          <Input
            {...a11y('email')}
            prefix={<MailOutlined />}
            type="email"
            autoComplete="username"
            inputMode="email"
          />
        </Field>
        <Field field="password" label={LOGIN_TEXTS.password} error={errors.password}>
          <Input.Password {...a11y('password')} prefix={<LockOutlined />} autoComplete="current-password" />
        </Field>
        <div className="auth-card__row">
          <label htmlFor="login_remember" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <Switch
              id="login_remember"
              size="small"
              aria-label={LOGIN_TEXTS.remember}
              checked={values.remember}
              onChange={(remember) => setValues((current) => ({ ...current, remember }))}
            />
            {LOGIN_TEXTS.remember}
          </label>
          <Link to={PUBLIC_PATHS.recovery}>{LOGIN_TEXTS.forgot}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={login.state === 'awaiting'}>
          {LOGIN_TEXTS.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
