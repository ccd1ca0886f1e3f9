import { CheckCircleTwoTone, CopyOutlined } from '@ant-design/icons';
import {
  BR_STATES,
  GENDER_LABELS,
  isSponsorLinkId,
  MESSAGES,
  SPONSOR_FIELD_MASKS,
  SPONSOR_HONEYPOT,
  SPONSOR_MESSAGES,
  SPONSOR_SECTIONS,
  type SponsorFieldName,
  type SponsorPublicForm,
  type SponsorSignUpAnswer,
  sponsorSignUpSchema,
} from '@mandato/domain';
import { Alert, Button, Card, Checkbox, Form, Input, Result, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../platform/api/errors.ts';
import { notifications } from '../../platform/notifications/notifier.ts';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { MaskedInput } from '../../platform/ui/form/MaskedInput.tsx';
import { publicSponsorSignUp } from './api.ts';
import { usePublicSponsorForm } from './hooks/useSponsor.ts';
import './sponsor.css';

/**
 * The public sponsor sign-up (/{slug}/convite/{id}; spec 1 §2): no login, its own route chunk and
 * a strict Content-Security-Policy (server: platform/http/security-headers.ts). States: loading,
 * valid (the form), invalid (404 'Oops! Página não encontrada!'), success (the signer's own link).
 */
export function SponsorSignUpPage() {
  const { slug = '', id = '' } = useParams();
  const valid = isSponsorLinkId(id);
  const form = usePublicSponsorForm(slug, id, valid);
  const [done, setDone] = useState<SponsorSignUpAnswer | null>(null);
  useDocumentLook(form.data);

  let content: React.ReactNode;
  if (!valid || (form.isError && isApiError(form.error, 404))) {
    content = <Result status="404" title={MESSAGES.notFoundPage} />;
  } else if (form.isError) {
    content = (
      <Result status="warning" title={MESSAGES.ops} subTitle={errorText(form.error, MESSAGES.fetchError)} />
    );
  } else if (!form.data) {
    content = (
      <div
        role="status"
        aria-label={SPONSOR_MESSAGES.loading}
        style={{ display: 'grid', placeItems: 'center', minHeight: 300 }}
      >
        <Spin size="large" />
      </div>
    );
  } else if (done) {
    content = <Success answer={done} />;
  } else {
    content = <SignUpForm slug={slug} linkId={id} data={form.data} onDone={setDone} />;
  }
  return (
    <main className="sponsor-public">
      <Card className="sponsor-public__card">{content}</Card>
    </main>
  );
}

function errorText(error: unknown, fallback: string) {
  return isApiError(error) && error.body?.message ? error.body.message : fallback;
}

/** The configured title in the tab and the configured favicon (restored when the page closes). */
function useDocumentLook(data: SponsorPublicForm | undefined) {
  useEffect(() => {
    if (!data) return;
    const title = document.title;
    document.title = data.formConfig.title;
    const favicon = data.formConfig.favicon;
    let link: HTMLLinkElement | null = null;
    let previous: string | null = null;
    let previousType: string | null = null;
    if (favicon) {
      link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      previous = link.getAttribute('href');
      previousType = link.getAttribute('type');
      // the app's icon is declared SVG: the configured one is PNG, ICO, JPEG or WebP
      link.removeAttribute('type');
      link.href = favicon;
    }
    return () => {
      document.title = title;
      if (link && previous) link.href = previous;
      if (link && previousType) link.setAttribute('type', previousType);
    };
  }, [data]);
}

type Values = Partial<Record<SponsorFieldName, string>>;

function SignUpForm({
  slug,
  linkId,
  data,
  onDone,
}: {
  slug: string;
  linkId: string;
  data: SponsorPublicForm;
  onDone: (answer: SponsorSignUpAnswer) => void;
}) {
  const fields = data.formConfig.fields;
  const schema = useMemo(() => sponsorSignUpSchema(fields), [fields]);
  const [values, setValues] = useState<Values>({});
  const [accepted, setAccepted] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState(false);

  const payload = () => {
    const body: Record<string, unknown> = { acceptedTerms: accepted, termsVersion: data.termsVersion };
    for (const f of fields) {
      const v = values[f.name]?.trim();
      if (v) body[f.name] = v;
    }
    return body;
  };
  const check = schema.safeParse(payload());
  const errors: Record<string, string> = {};
  if (!check.success)
    for (const issue of check.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  for (const [key, messages] of Object.entries(serverErrors)) if (messages[0]) errors[key] ??= messages[0];
  const shown = (name: string) => (touched.has(name) ? errors[name] : undefined);
  const touch = (name: string) => setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  const set = (name: SponsorFieldName, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => {
      if (!prev[name]) return prev;
      const { [name]: _gone, ...rest } = prev;
      return rest;
    });
  };

  const submit = async () => {
    setTouched(new Set([...fields.map((f) => f.name), 'acceptedTerms']));
    if (!check.success) {
      notifications().error({ title: SPONSOR_MESSAGES.fillRequired });
      return;
    }
    setSending(true);
    try {
      const body = payload();
      if (honeypot) body[SPONSOR_HONEYPOT] = honeypot;
      onDone(await publicSponsorSignUp(slug, linkId, body));
    } catch (error) {
      const fieldErrors =
        isApiError(error, 400) && error.body?.errors && typeof error.body.errors === 'object'
          ? (error.body.errors as Record<string, string[]>)
          : {};
      setServerErrors(fieldErrors);
      notifications().error({
        title: SPONSOR_MESSAGES.signUpFailed,
        description: errorText(error, SPONSOR_MESSAGES.signUpFailed),
      });
    } finally {
      setSending(false);
    }
  };

  const input = (name: SponsorFieldName, label: string) => {
    const id = `sponsor-${name}`;
    const value = values[name] ?? '';
    const common = { id, onBlur: () => touch(name), status: shown(name) ? ('error' as const) : undefined };
    if (name === 'gender' || name === 'state') {
      const options =
        name === 'gender'
          ? Object.entries(GENDER_LABELS).map(([v, l]) => ({ value: v, label: l }))
          : BR_STATES.map((s) => ({ value: s, label: s }));
      return (
        <Select
          {...common}
          aria-label={label}
          allowClear
          showSearch={name === 'state'}
          value={value || undefined}
          options={options}
          onChange={(v) => {
            set(name, v ?? '');
            touch(name);
          }}
        />
      );
    }
    const mask = SPONSOR_FIELD_MASKS[name];
    if (mask) return <MaskedInput {...common} mask={mask} value={value} onChange={(v) => set(name, v)} />;
    return (
      <Input
        {...common}
        type={name === 'email' ? 'email' : 'text'}
        autoComplete={AUTOCOMPLETE[name]}
        value={value}
        maxLength={name === 'name' ? 150 : 200}
        onChange={(e) => set(name, e.target.value)}
      />
    );
  };

  return (
    <div>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {data.formConfig.title}
      </Typography.Title>
      <Typography.Paragraph>{data.formConfig.description}</Typography.Paragraph>
      {data.godfather.name && (
        <Typography.Paragraph type="secondary">
          {SPONSOR_MESSAGES.invitedBy(data.godfather.name)}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" component="form" requiredMark onFinish={() => void submit()}>
        {SPONSOR_SECTIONS.map((section) => {
          const inSection = fields.filter((f) => (section.fields as readonly string[]).includes(f.name));
          if (inSection.length === 0) return null;
          return (
            <fieldset key={section.key} style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
              <legend style={{ fontWeight: 600, fontSize: 16, marginBottom: 8 }}>{section.title}</legend>
              {inSection.map((f) => (
                <FormField
                  key={f.name}
                  id={`sponsor-${f.name}`}
                  label={f.label}
                  required={f.isRequired}
                  error={shown(f.name)}
                >
                  {input(f.name, f.label)}
                </FormField>
              ))}
            </fieldset>
          );
        })}
        <div className="sponsor-honeypot" aria-hidden="true">
          <label htmlFor="sponsor-website">{SPONSOR_MESSAGES.honeypotLabel}</label>
          <input
            id="sponsor-website"
            name={SPONSOR_HONEYPOT}
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => setHoneypot(e.target.value)}
          />
        </div>
        <Typography.Title level={5}>{SPONSOR_MESSAGES.termsLabel}</Typography.Title>
        <section
          className="sponsor-terms"
          aria-label={SPONSOR_MESSAGES.termsLabel}
          // sanitised by the server (DOMPurify) when the settings were saved
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised terms
          dangerouslySetInnerHTML={{ __html: data.terms }}
        />
        <Form.Item
          validateStatus={shown('acceptedTerms') ? 'error' : undefined}
          help={shown('acceptedTerms')}
          style={{ marginTop: 12 }}
        >
          <Checkbox
            checked={accepted}
            onChange={(e) => {
              setAccepted(e.target.checked);
              touch('acceptedTerms');
            }}
          >
            {SPONSOR_MESSAGES.acceptTerms}
          </Checkbox>
        </Form.Item>
        {!check.success && touched.size > 0 && (
          <Alert type="warning" showIcon title={SPONSOR_MESSAGES.fillRequired} style={{ marginBottom: 12 }} />
        )}
        <Button type="primary" htmlType="submit" block disabled={!check.success} loading={sending}>
          {SPONSOR_MESSAGES.submit}
        </Button>
      </Form>
    </div>
  );
}

const AUTOCOMPLETE: Partial<Record<SponsorFieldName, string>> = {
  name: 'name',
  email: 'email',
  nickname: 'nickname',
  street: 'address-line1',
  city: 'address-level2',
  neighborhood: 'address-level3',
  profession: 'organization-title',
};

function Success({ answer }: { answer: SponsorSignUpAnswer }) {
  const url = `${window.location.origin}${answer.link.path}`;
  const [copied, setCopied] = useState(false);
  return (
    <Result
      icon={<CheckCircleTwoTone twoToneColor="#389e0d" />}
      title={SPONSOR_MESSAGES.success(answer.name ?? undefined)}
      subTitle={SPONSOR_MESSAGES.ownLinkIntro}
      extra={
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Input
            readOnly
            value={url}
            aria-label={SPONSOR_MESSAGES.linkTitle}
            style={{ maxWidth: 420 }}
            data-testid="sponsor-own-link"
          />
          <Button
            icon={<CopyOutlined />}
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? SPONSOR_MESSAGES.copied : SPONSOR_MESSAGES.copy}
          </Button>
        </div>
      }
    />
  );
}
