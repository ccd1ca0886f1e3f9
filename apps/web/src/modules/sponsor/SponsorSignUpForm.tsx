import {
  BR_STATES,
  GENDER_LABELS,
  SPONSOR_FIELD_MASKS,
  SPONSOR_HONEYPOT,
  SPONSOR_MESSAGES,
  SPONSOR_SECTIONS,
  type SponsorFieldName,
  type SponsorPublicForm,
  type SponsorSignUpAnswer,
  sponsorSignUpSchema,
} from '@mandato/domain';
import { Alert, Button, Checkbox, Form, Input, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { isApiError } from '../../platform/api/errors.ts';
import { notifications } from '../../platform/notifications/notifier.ts';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { MaskedInput } from '../../platform/ui/form/MaskedInput.tsx';
import { publicSponsorSignUp } from './api.ts';
import { sponsorErrorText } from './sponsorErrorText.ts';
import './sponsor.css';

type Values = Partial<Record<SponsorFieldName, string>>;

/** Where the form sends: a visitor's personal link, or nowhere (the settings' preview). */
export type SponsorFormTarget =
  | { kind: 'link'; slug: string; linkId: string; onDone: (answer: SponsorSignUpAnswer) => void }
  | { kind: 'preview' };

/**
 * The public sponsor form (spec 1 §2): the configured title, description, fields by section, the
 * privacy-policy terms and 'Cadastrar', disabled while invalid. The public page sends it through a
 * personal link; the settings screen shows the same form as a preview, which never sends.
 */
export function SponsorSignUpForm({ data, target }: { data: SponsorPublicForm; target: SponsorFormTarget }) {
  const preview = target.kind === 'preview';
  const idPrefix = preview ? 'sponsor-preview' : 'sponsor';
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
    if (target.kind === 'preview') return;
    setSending(true);
    try {
      const body = payload();
      if (honeypot) body[SPONSOR_HONEYPOT] = honeypot;
      target.onDone(await publicSponsorSignUp(target.slug, target.linkId, body));
    } catch (error) {
      const fieldErrors =
        isApiError(error, 400) && error.body?.errors && typeof error.body.errors === 'object'
          ? (error.body.errors as Record<string, string[]>)
          : {};
      setServerErrors(fieldErrors);
      notifications().error({
        title: SPONSOR_MESSAGES.signUpFailed,
        description: sponsorErrorText(error, SPONSOR_MESSAGES.signUpFailed),
      });
    } finally {
      setSending(false);
    }
  };

  const input = (name: SponsorFieldName, label: string) => {
    const id = `${idPrefix}-${name}`;
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
                  id={`${idPrefix}-${f.name}`}
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
          <label htmlFor={`${idPrefix}-website`}>{SPONSOR_MESSAGES.honeypotLabel}</label>
          <input
            id={`${idPrefix}-website`}
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
        <Button type="primary" htmlType="submit" block disabled={preview || !check.success} loading={sending}>
          {SPONSOR_MESSAGES.submit}
        </Button>
        {preview && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, textAlign: 'center' }}>
            {SPONSOR_MESSAGES.previewNotSent}
          </Typography.Paragraph>
        )}
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
