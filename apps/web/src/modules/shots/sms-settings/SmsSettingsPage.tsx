import {
  SHOT_EDITOR_TEXTS,
  SMS_IDENTIFICATION_MAX,
  SMS_TEXTS,
  type SmsSettingsAnswer,
} from '@mandato/domain';
import { Button, Flex, Form, Input, Radio, Result, Select, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { PageShell } from '../../../platform/layout/PageShell.tsx';
import { TENANT_SEGMENTS, tenantPath } from '../../../platform/routing/paths.ts';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useSaveSmsSettings, useSmsSettings } from '../hooks/useSmsSettings.ts';
import { listPath } from '../shotPaths.ts';
import {
  bySettingsField,
  type QuietMode,
  quietLabel,
  type SmsSettingsValues,
  smsSettingsPayload,
  smsSettingsValues,
} from './smsSettingsForm.ts';

const T = SMS_TEXTS;
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: T.hourLabel(h) }));

/**
 * /marketing/disparos/sms/configuracoes (issue 27): the sender identification every SMS starts with
 * (counted in the 160 characters) and the quiet hours when no SMS goes out.
 */
export function SmsSettingsPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const base = tenantPath(slug, TENANT_SEGMENTS.marketing);
  const settings = useSmsSettings();
  useForbiddenRedirect(settings.error);

  let content = <LoadingBlock style={{ margin: '48px auto' }} />;
  if (settings.isError) content = <Result status="error" title={T.settingsLoadError} />;
  else if (settings.data) content = <SmsSettingsForm settings={settings.data} />;

  return (
    // the way back below the form: beside the title, 'Configurações' would break on a phone
    <PageShell title={T.settingsTitle}>
      {content}
      <Button style={{ marginTop: 16 }} onClick={() => navigate(listPath(base, 'sms', 'enviados'))}>
        {SHOT_EDITOR_TEXTS.backToList}
      </Button>
    </PageShell>
  );
}

function SmsSettingsForm({ settings }: { settings: SmsSettingsAnswer }) {
  const save = useSaveSmsSettings();
  const form = useValidatedForm<SmsSettingsValues, unknown>(smsSettingsValues(settings), smsSettingsPayload);
  const { values, errors } = form;

  async function submit() {
    form.touch('senderIdentification');
    form.touch('quietMode');
    // the form's own check shows its errors once the fields are touched
    const body = smsSettingsPayload(form.values);
    if (!body.payload) return;
    try {
      await save.mutateAsync(body.payload);
    } catch (failure) {
      form.setServerErrors(bySettingsField(serverFieldErrors(failure)));
    }
  }

  return (
    <Form layout="vertical" component="div" requiredMark style={{ maxWidth: 560 }}>
      <FormField
        id="sms-identification"
        label={T.identification}
        error={errors.senderIdentification}
        required
      >
        <Input
          id="sms-identification"
          aria-required
          aria-describedby="sms-identification-hint"
          count={{ show: true, max: SMS_IDENTIFICATION_MAX }}
          value={values.senderIdentification}
          onChange={(e) => form.set('senderIdentification', e.target.value)}
          onBlur={() => form.touch('senderIdentification')}
          onPressEnter={() => void submit()}
        />
      </FormField>
      <Typography.Paragraph id="sms-identification-hint" type="secondary" style={{ marginTop: -4 }}>
        {T.identificationHint}
        {values.senderIdentification.trim() ? ` ${values.senderIdentification.trim()}: …` : ''}
      </Typography.Paragraph>

      <FormField id="sms-quiet" label={T.quietHours} error={errors.quietMode}>
        <Radio.Group
          id="sms-quiet"
          aria-label={T.quietHours}
          aria-describedby="sms-quiet-hint"
          value={values.quietMode}
          onChange={(e) => form.set('quietMode', e.target.value as QuietMode)}
          options={[
            { value: 'default', label: T.quietHoursDefault(quietLabel(settings.defaultQuietHours)) },
            { value: 'off', label: T.quietHoursOff },
            { value: 'custom', label: T.quietHoursCustom },
          ]}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      </FormField>
      {values.quietMode === 'custom' && (
        <Flex gap={16} wrap>
          <FormField id="sms-quiet-start" label={T.quietStart}>
            <Select
              id="sms-quiet-start"
              style={{ width: 140 }}
              value={values.quietStart}
              options={HOURS}
              virtual={false}
              onChange={(v: number) => form.set('quietStart', v)}
            />
          </FormField>
          <FormField id="sms-quiet-end" label={T.quietEnd}>
            <Select
              id="sms-quiet-end"
              style={{ width: 140 }}
              value={values.quietEnd}
              options={HOURS}
              virtual={false}
              onChange={(v: number) => form.set('quietEnd', v)}
            />
          </FormField>
        </Flex>
      )}
      <Typography.Paragraph id="sms-quiet-hint" type="secondary">
        {T.quietHoursHint}
      </Typography.Paragraph>

      <Flex justify="flex-end">
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {T.save}
        </Button>
      </Flex>
    </Form>
  );
}
