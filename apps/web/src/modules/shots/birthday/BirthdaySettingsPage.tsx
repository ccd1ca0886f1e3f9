import {
  BIRTHDAY_SHOT_CODE,
  BIRTHDAY_TEXTS,
  type BirthdaySettings,
  EMAIL_START_TEXTS,
  EMAIL_STARTERS,
  SHOT_EDITOR_TEXTS,
  SHOT_TEXTS,
} from '@mandato/domain';
import { Button, Flex, Form, Result, Select, Switch, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageShell } from '../../../platform/layout/PageShell.tsx';
import { TENANT_SEGMENTS, tenantPath } from '../../../platform/routing/paths.ts';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useActiveSenders } from '../../marketing/hooks/useSenders.ts';
import { EmailDesignFrame } from '../editor/EmailDesignFrame.tsx';
import type { EmailDesignHandle } from '../editor/GrapesEmailEditor.tsx';
import { SubjectWithMergeTags } from '../editor/SubjectWithMergeTags.tsx';
import { useBirthdaySettings, useSaveBirthdaySettings } from '../hooks/useBirthday.ts';
import { detailsPath } from '../shotPaths.ts';
import { type BirthdayValues, birthdayPayload, byBirthdayField } from './birthdayForm.ts';

const T = BIRTHDAY_TEXTS;
const FIELDS = ['active', 'senderCode', 'subject', 'sendHour'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: T.hourLabel(hour) }));

/**
 * /marketing/aniversariantes/configurar (issue 26): the tenant's birthday e-mail — active, sender,
 * subject with merge tags, the São Paulo hour of the daily send and the body in the shot editor.
 */
export function BirthdaySettingsPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const base = tenantPath(slug, TENANT_SEGMENTS.marketing);
  const settings = useBirthdaySettings();
  useForbiddenRedirect(settings.error);

  let content = <LoadingBlock style={{ margin: '48px auto' }} />;
  if (settings.isError) content = <Result status="error" title={T.loadError} />;
  else if (settings.data) content = <BirthdaySettingsForm settings={settings.data} />;

  return (
    <PageShell
      title={T.settingsTitle}
      extra={
        <Button onClick={() => navigate(detailsPath(base, 'EMAIL', BIRTHDAY_SHOT_CODE))}>{T.back}</Button>
      }
    >
      {content}
    </PageShell>
  );
}

function BirthdaySettingsForm({ settings }: { settings: BirthdaySettings }) {
  const senders = useActiveSenders();
  useForbiddenRedirect(senders.error);
  const save = useSaveBirthdaySettings();
  const form = useValidatedForm<BirthdayValues, unknown>(
    {
      active: settings.active,
      senderCode: settings.senderCode ?? undefined,
      subject: settings.subject,
      sendHour: settings.sendHour,
    },
    birthdayPayload,
  );
  const design = useRef<EmailDesignHandle | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const activeSenders = senders.data?.list;
  const sender = activeSenders?.find((s) => s.code === form.values.senderCode);

  function startFromBirthdayDesign() {
    const starter = EMAIL_STARTERS.find((s) => s.key === 'birthday');
    if (!starter) return;
    design.current?.load({ html: starter.html });
    if (!form.values.subject.trim()) form.set('subject', starter.subject);
  }

  async function submit() {
    for (const field of FIELDS) form.touch(field);
    const body = birthdayPayload(form.values, design.current?.read());
    if (!body.payload) {
      form.setServerErrors(body.errors);
      return;
    }
    if (body.payload.active && activeSenders && !sender) {
      // the saved sender was deactivated since: choose another
      form.setServerErrors({ senderCode: [SHOT_TEXTS.senderNotActive] });
      return;
    }
    try {
      await save.mutateAsync(body.payload);
    } catch (failure) {
      form.setServerErrors(byBirthdayField(serverFieldErrors(failure)));
    }
  }

  return (
    <>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      <Form layout="vertical" component="div" requiredMark style={{ maxWidth: 720 }}>
        <FormField id="birthday-active" label={T.active} error={form.errors.active}>
          <Switch
            id="birthday-active"
            checked={form.values.active}
            onChange={(checked) => form.set('active', checked)}
          />
        </FormField>
        <FormField
          id="birthday-sender"
          label={SHOT_TEXTS.sender}
          error={form.errors.senderCode}
          required={form.values.active}
        >
          <Select
            id="birthday-sender"
            aria-required={form.values.active}
            allowClear
            loading={senders.isLoading}
            value={activeSenders && !sender ? undefined : form.values.senderCode}
            placeholder={SHOT_EDITOR_TEXTS.senderPlaceholder}
            notFoundContent={SHOT_EDITOR_TEXTS.noActiveSender}
            options={(activeSenders ?? []).map((s) => ({ value: s.code, label: `${s.name} <${s.email}>` }))}
            onChange={(v: number | undefined) => form.set('senderCode', v)}
            onBlur={() => form.touch('senderCode')}
          />
        </FormField>
        <FormField id="birthday-subject" label={SHOT_TEXTS.subject} error={form.errors.subject} required>
          <SubjectWithMergeTags
            id="birthday-subject"
            value={form.values.subject}
            onChange={(v) => form.set('subject', v)}
            onBlur={() => form.touch('subject')}
          />
        </FormField>
        <FormField id="birthday-hour" label={T.hour} error={form.errors.sendHour} required>
          <Select
            id="birthday-hour"
            aria-describedby="birthday-hour-zone"
            style={{ maxWidth: 160 }}
            value={form.values.sendHour}
            options={HOURS}
            onChange={(v: number) => form.set('sendHour', v)}
            onBlur={() => form.touch('sendHour')}
          />
        </FormField>
        <Typography.Paragraph id="birthday-hour-zone" type="secondary" style={{ marginTop: -8 }}>
          {T.timeZone}
        </Typography.Paragraph>
      </Form>

      {/* the mandate's birthday design (issue 40 item 2), in place of what the editor has */}
      <Flex wrap align="center" gap={8} style={{ margin: '8px 0' }}>
        <Button
          disabled={!editorReady}
          aria-describedby="birthday-use-design"
          onClick={startFromBirthdayDesign}
        >
          {EMAIL_START_TEXTS.useBirthday}
        </Button>
        <Typography.Text id="birthday-use-design" type="secondary">
          {EMAIL_START_TEXTS.useBirthdayHint}
        </Typography.Text>
      </Flex>

      <EmailDesignFrame
        initialDesign={settings.jsonContent}
        initialHtml={settings.htmlContent}
        error={form.errors.content}
        onReady={(handle) => {
          design.current = handle;
          setEditorReady(true);
        }}
      />

      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Button type="primary" disabled={!editorReady} loading={save.isPending} onClick={() => void submit()}>
          {T.save}
        </Button>
      </Flex>
    </>
  );
}
