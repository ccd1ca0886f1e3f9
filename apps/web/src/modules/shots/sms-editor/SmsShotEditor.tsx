import {
  hasEnoughBalance,
  normalizeSms,
  SHOT_EDITOR_TEXTS,
  SHOT_PREVIEW_SAMPLE,
  SHOT_TEXTS,
  type Shot,
  SMS_TEXTS,
  smsWorstCase,
  toGsm,
} from '@mandato/domain';
import { Alert, Form, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../platform/api/errors.ts';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { visibleErrors } from '../../../platform/ui/form/formErrors.ts';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { notifyError } from '../../../platform/ui/notify.ts';
import { useMarketingBalance } from '../../marketing/hooks/useAccounts.ts';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { MarketingBalanceCard } from '../../marketing/MarketingBalanceCard.tsx';
import { SendActions } from '../editor/SendActions.tsx';
import { ShotNameField } from '../editor/ShotNameField.tsx';
import { ShotTestSendButton } from '../editor/ShotTestSendButton.tsx';
import { useSendFlow } from '../editor/useSendFlow.ts';
import { useShotSegments } from '../hooks/useShotEditor.ts';
import {
  useSaveSmsShot,
  useScheduleSmsShot,
  useSendSmsShotNow,
  useSmsListInfo,
} from '../hooks/useSmsEditor.ts';
import { useSmsSettings } from '../hooks/useSmsSettings.ts';
import { smsSettingsPath } from '../shotPaths.ts';
import { MessageWithMergeTags } from './MessageWithMergeTags.tsx';
import { PhonePreview } from './PhonePreview.tsx';
import { SmsCounter } from './SmsCounter.tsx';
import { bySmsField, type SmsShotValues, smsPreviewText, smsShotPayload } from './smsShotForm.ts';
import './smsEditor.css';

const T = SHOT_EDITOR_TEXTS;
const FIELDS = ['name', 'segmentCode', 'content'] as const;
/**
 * The form's own check is left out: the message is checked below (smsShotPayload), once the chosen
 * list's longest merge values are known; the form keeps the values, the touched fields and the
 * server's errors.
 */
const UNCHECKED = () => ({ errors: {} });

/** Why the list's people could not be counted: the server's reason (e.g. an empty list), else the spec's text. */
const countRefusal = (error: unknown) =>
  isApiError(error) && error.body?.message ? error.body.message : SHOT_TEXTS.totalError;

/**
 * The SMS shot editor (spec 3 §2.1, §4, §5; issue 27): the list with its reachable people, the
 * message with merge tags, the counter as carriers bill (identification and merge tags at their
 * longest value included), the phone preview, the balance and save draft / send now / schedule.
 */
export function SmsShotEditor({
  shot,
  presetSegment,
  base,
  onCreated,
  onDone,
}: {
  shot?: Shot;
  presetSegment?: number;
  base: string;
  onCreated: (code: number) => void;
  /** after a send (false) or a schedule (true) */
  onDone: (scheduled: boolean) => void;
}) {
  const segments = useShotSegments();
  const settings = useSmsSettings();
  const balance = useMarketingBalance('SMS');
  useForbiddenRedirect(settings.error ?? balance.error);
  const saveShot = useSaveSmsShot();
  const scheduleShot = useScheduleSmsShot();
  const sendNow = useSendSmsShotNow();

  const segmentList = useMemo(() => segments.data ?? [], [segments.data]);
  const form = useValidatedForm<SmsShotValues, unknown>(
    {
      // a shot with no name sends none (a PUT without it keeps it); typed and emptied, it sends null
      name: shot?.name ?? undefined,
      segmentCode: shot?.destination.segment?.code ?? presetSegment,
      content: shot?.content ?? '',
    },
    UNCHECKED,
  );
  const segment = segmentList.find((s) => s.code === form.values.segmentCode);
  // a list the user does not have (an old ?segment=, a removed list) counts as none
  const segmentCode = segments.data ? segment?.code : form.values.segmentCode;
  const info = useSmsListInfo(segmentCode);
  const listInfo = segmentCode === undefined ? undefined : info.data;
  const total = listInfo?.total;

  const identification = settings.data?.senderIdentification ?? null;
  const count = useMemo(
    () => smsWorstCase(identification ?? '', form.values.content, listInfo?.longest ?? {}),
    [identification, form.values.content, listInfo?.longest],
  );
  // without an identification there is no ': ' before the message either
  const worst = identification ? count : { ...count, chars: Math.max(0, count.chars - 2) };
  const validation = useMemo(
    () => smsShotPayload(form.values, segmentList, worst.chars, total),
    [form.values, segmentList, worst.chars, total],
  );
  const errors = { ...visibleErrors(validation.errors, form.touched), ...form.errors };
  const [now] = useState(() => new Date());
  const preview = smsPreviewText(
    identification,
    form.values.content,
    listInfo?.sample ?? SHOT_PREVIEW_SAMPLE,
    now,
  );

  const [code, setCode] = useState(shot?.code);
  const flow = useSendFlow({
    save,
    send: (shotCode) => sendNow.mutateAsync(shotCode),
    schedule: (shotCode, scheduleDate) =>
      scheduleShot.mutateAsync({ code: shotCode, body: { scheduleDate } }),
    onDone,
  });
  const { busy } = flow;
  const [refusedUnconfigured, setRefusedUnconfigured] = useState(false);
  const notConfigured = refusedUnconfigured || (settings.data !== undefined && identification === null);

  const overLimit = worst.chars > 160;
  const infoUnknown = segmentCode !== undefined && total === undefined;
  const canSave = !busy && !infoUnknown && !overLimit && !settings.isLoading;
  const credits = total === undefined ? undefined : total * count.parts;
  const canSend = canSave && hasEnoughBalance(balance.data?.balance, credits);

  /** Saves the shot (POST when new, PUT after); the code, or undefined when it could not be saved. */
  async function save(): Promise<number | undefined> {
    for (const field of FIELDS) form.touch(field);
    if (!validation.payload) {
      form.setServerErrors(validation.errors);
      return undefined;
    }
    if (total === undefined || total === 0) {
      notifyError(SHOT_TEXTS.emptySegment);
      return undefined;
    }
    try {
      const saved = await saveShot.mutateAsync({ body: validation.payload, code });
      setRefusedUnconfigured(false);
      if (code === undefined) {
        setCode(saved.code);
        onCreated(saved.code);
      }
      return saved.code;
    } catch (failure) {
      if (isApiError(failure, 409) && failure.body?.message === SMS_TEXTS.notConfigured)
        setRefusedUnconfigured(true);
      form.setServerErrors(bySmsField(serverFieldErrors(failure)));
      return undefined;
    }
  }

  // the fix, on the text as it is counted and sent (NFC): offered whenever it changes that text
  const fixed = toGsm(form.values.content);
  const canFix = fixed !== normalizeSms(form.values.content);

  return (
    <>
      {notConfigured && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={SMS_TEXTS.notConfigured}
          action={<Link to={smsSettingsPath(base)}>{SMS_TEXTS.settingsTitle}</Link>}
        />
      )}
      <div className="sms-editor">
        <Form layout="vertical" component="div" requiredMark style={{ minWidth: 0 }}>
          <FormField id="sms-segment" label={SHOT_TEXTS.segment} error={errors.segmentCode} required>
            <Select
              id="sms-segment"
              aria-required
              aria-describedby="sms-segment-count"
              showSearch={{ optionFilterProp: 'label' }}
              loading={segments.isLoading}
              value={segmentCode}
              placeholder={T.segmentPlaceholder}
              options={segmentList.map((s) => ({
                value: s.code,
                label: T.segmentOption(s),
              }))}
              onChange={(v: number) => form.set('segmentCode', v)}
              onBlur={() => form.touch('segmentCode')}
            />
          </FormField>
          <Typography.Paragraph
            id="sms-segment-count"
            type="secondary"
            aria-live="polite"
            style={{ marginTop: -8 }}
          >
            {segmentCode === undefined
              ? null
              : info.isError
                ? countRefusal(info.error)
                : total === undefined
                  ? T.countingContacts
                  : `${SHOT_TEXTS.contacts(total)} — ${SMS_TEXTS.contactsHint}`}
          </Typography.Paragraph>
          <FormField id="sms-content" label={SMS_TEXTS.message} error={errors.content} required>
            <MessageWithMergeTags
              id="sms-content"
              value={form.values.content}
              describedBy="sms-counter"
              invalid={errors.content !== undefined || overLimit}
              onChange={(v) => form.set('content', v)}
              onBlur={() => form.touch('content')}
            />
          </FormField>
          <SmsCounter
            id="sms-counter"
            count={worst}
            contacts={total}
            canFix={canFix}
            onFix={() => form.set('content', fixed)}
          />
          <ShotNameField
            id="sms-name"
            value={form.values.name ?? ''}
            error={errors.name}
            onChange={(v) => form.set('name', v)}
            onBlur={() => form.touch('name')}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {identification ? `${SMS_TEXTS.identification}: ${identification} · ` : ''}
            {/* underlined: told apart from the sentence by more than its colour (WCAG 1.4.1) */}
            <Link to={smsSettingsPath(base)} style={{ textDecoration: 'underline' }}>
              {SMS_TEXTS.settingsTitle}
            </Link>
          </Typography.Paragraph>
        </Form>
        <div className="sms-editor__side">
          <PhonePreview
            text={preview}
            marked={count.nonGsm}
            sender={identification ?? SMS_TEXTS.phonePreview}
            hint={listInfo?.sample ? SMS_TEXTS.previewContact : T.previewSample}
          />
          <div>
            {/* SMS credits are message parts: the card weighs the send's credits (people × parts) */}
            <MarketingBalanceCard type="SMS" contacts={credits} />
          </div>
        </div>
      </div>

      <SendActions
        flow={flow}
        canSave={canSave}
        canSend={canSend}
        dispatching={scheduleShot.isPending || sendNow.isPending}
        summary={(scheduleDate) => ({
          segment: segment?.name ?? '',
          contacts: total ?? 0,
          message: form.values.content,
          credits: credits === undefined ? undefined : SMS_TEXTS.creditsHint(total ?? 0, count.parts),
          scheduleDate,
        })}
      >
        <ShotTestSendButton channel="SMS" code={shot?.code} />
      </SendActions>
    </>
  );
}
