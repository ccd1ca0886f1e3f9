import { hasEnoughBalance, SHOT_EDITOR_TEXTS, SHOT_TEXTS, type Shot } from '@mandato/domain';
import { Button, Flex, Form, Select, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { notifyError } from '../../../platform/ui/notify.ts';
import { useMarketingBalance } from '../../marketing/hooks/useAccounts.ts';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useActiveSenders } from '../../marketing/hooks/useSenders.ts';
import { MarketingBalanceCard } from '../../marketing/MarketingBalanceCard.tsx';
import {
  useReachableByEmail,
  useSaveEmailShot,
  useScheduleEmailShot,
  useSendEmailShotNow,
  useShotSegments,
} from '../hooks/useShotEditor.ts';
import { EmailDesignFrame } from './EmailDesignFrame.tsx';
import { EmailStartChooser } from './EmailStartChooser.tsx';
import { byEditorField, type EmailShotValues, emailShotPayload } from './emailShotForm.ts';
import type { EmailDesignHandle } from './GrapesEmailEditor.tsx';
import { PreviewModal } from './PreviewModal.tsx';
import { SendActions } from './SendActions.tsx';
import { ShotNameField } from './ShotNameField.tsx';
import { ShotTestSendButton } from './ShotTestSendButton.tsx';
import { SubjectWithMergeTags } from './SubjectWithMergeTags.tsx';
import { useSendFlow } from './useSendFlow.ts';

const T = SHOT_EDITOR_TEXTS;
const FIELDS = ['name', 'senderCode', 'segmentCode', 'subject'] as const;

/** Besides the §4 flow (useSendFlow): the preview. */
type Preview = { kind: 'preview'; subject: string; html: string };

/**
 * The e-mail shot editor (spec 3 §2.1, §4, §5; issue 26): sender, list with its reachable count,
 * subject with merge tags, the drag-and-drop body, the balance card and save draft / send now /
 * schedule. `shot` is the draft being edited (none for a new one); `onDone` goes back to the list.
 */
export function EmailShotEditor({
  shot,
  presetSegment,
  onCreated,
  onDone,
}: {
  shot?: Shot;
  presetSegment?: number;
  onCreated: (code: number) => void;
  /** after a send (false) or a schedule (true) */
  onDone: (scheduled: boolean) => void;
}) {
  const senders = useActiveSenders();
  const segments = useShotSegments();
  const balance = useMarketingBalance('EMAIL');
  useForbiddenRedirect(senders.error ?? balance.error);
  const saveShot = useSaveEmailShot();
  const scheduleShot = useScheduleEmailShot();
  const sendNow = useSendEmailShotNow();

  const segmentList = useMemo(() => segments.data ?? [], [segments.data]);
  const validate = useCallback(
    (values: EmailShotValues) => emailShotPayload(values, segmentList),
    [segmentList],
  );
  const form = useValidatedForm<EmailShotValues, unknown>(
    {
      // a shot with no name sends none (a PUT without it keeps it); typed and emptied, it sends null
      name: shot?.name ?? undefined,
      senderCode: shot?.sender?.code,
      segmentCode: shot?.destination.segment?.code ?? presetSegment,
      subject: shot?.subject ?? '',
    },
    validate,
  );
  const segment = segmentList.find((s) => s.code === form.values.segmentCode);
  // a list the user does not have (an old ?segment=, a removed list) counts as none
  const segmentCode = segments.data ? segment?.code : form.values.segmentCode;
  const reachable = useReachableByEmail(segmentCode);
  const count = segmentCode === undefined ? undefined : reachable.data;

  const [code, setCode] = useState(shot?.code);
  const flow = useSendFlow<Preview>({
    save,
    send: (shotCode) => sendNow.mutateAsync(shotCode),
    schedule: (shotCode, scheduleDate) =>
      scheduleShot.mutateAsync({ code: shotCode, body: { scheduleDate } }),
    onDone,
  });
  const { stage, setStage, busy } = flow;
  const design = useRef<EmailDesignHandle | null>(null);
  const [editorReady, setEditorReady] = useState(false);

  const countUnknown = segmentCode !== undefined && count === undefined;
  const canSave = editorReady && !busy && !countUnknown;
  const canSend = canSave && hasEnoughBalance(balance.data?.balance, count);

  /** Saves the shot (POST when new, PUT after); the code, or undefined when it could not be saved. */
  async function save(): Promise<number | undefined> {
    for (const field of FIELDS) form.touch(field);
    const body = emailShotPayload(form.values, segmentList, design.current?.read(), count);
    if (!body.payload) {
      form.setServerErrors(body.errors);
      return undefined;
    }
    const activeSenders = senders.data?.list;
    if (activeSenders && !activeSenders.some((s) => s.code === form.values.senderCode)) {
      // the draft's sender was deactivated since: choose another
      form.setServerErrors({ senderCode: [SHOT_TEXTS.senderNotActive] });
      return undefined;
    }
    if (count === undefined || count === 0) {
      notifyError(SHOT_TEXTS.emptySegment);
      return undefined;
    }
    try {
      const saved = await saveShot.mutateAsync({ body: body.payload, code });
      if (code === undefined) {
        setCode(saved.code);
        onCreated(saved.code);
      }
      return saved.code;
    } catch (failure) {
      form.setServerErrors(byEditorField(serverFieldErrors(failure)));
      return undefined;
    }
  }

  const sender = senders.data?.list.find((s) => s.code === form.values.senderCode);

  return (
    <>
      <Flex gap={16} wrap align="flex-start">
        <Form layout="vertical" component="div" requiredMark style={{ flex: '3 1 420px', minWidth: 0 }}>
          <FormField id="shot-sender" label={SHOT_TEXTS.sender} error={form.errors.senderCode} required>
            <Select
              id="shot-sender"
              aria-required
              loading={senders.isLoading}
              value={senders.data && !sender ? undefined : form.values.senderCode}
              placeholder={T.senderPlaceholder}
              notFoundContent={T.noActiveSender}
              options={(senders.data?.list ?? []).map((s) => ({
                value: s.code,
                label: `${s.name} <${s.email}>`,
              }))}
              onChange={(v: number) => form.set('senderCode', v)}
              onBlur={() => form.touch('senderCode')}
            />
          </FormField>
          <FormField id="shot-segment" label={SHOT_TEXTS.segment} error={form.errors.segmentCode} required>
            <Select
              id="shot-segment"
              aria-required
              aria-describedby="shot-segment-count"
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
            id="shot-segment-count"
            type="secondary"
            aria-live="polite"
            style={{ marginTop: -8 }}
          >
            {segmentCode === undefined
              ? null
              : count === undefined
                ? T.countingContacts
                : `${SHOT_TEXTS.contacts(count)} — ${T.contactsHint}`}
          </Typography.Paragraph>
          <FormField id="shot-subject" label={SHOT_TEXTS.subject} error={form.errors.subject} required>
            <SubjectWithMergeTags
              id="shot-subject"
              value={form.values.subject}
              onChange={(v) => form.set('subject', v)}
              onBlur={() => form.touch('subject')}
            />
          </FormField>
          <ShotNameField
            id="shot-name"
            value={form.values.name ?? ''}
            error={form.errors.name}
            onChange={(v) => form.set('name', v)}
            onBlur={() => form.touch('name')}
          />
        </Form>
        <div style={{ flex: '1 1 240px', display: 'flex' }}>
          <MarketingBalanceCard type="EMAIL" contacts={count} />
        </div>
      </Flex>

      {shot === undefined && (
        <EmailStartChooser
          ready={editorReady}
          onChoose={(start) => {
            design.current?.load(start);
            // a design's subject only where the user wrote none
            if (start.subject && !form.values.subject.trim()) form.set('subject', start.subject);
          }}
        />
      )}

      <EmailDesignFrame
        initialDesign={shot?.jsonContent}
        initialHtml={shot?.htmlContent}
        error={form.errors.content}
        onReady={(handle) => {
          design.current = handle;
          setEditorReady(true);
        }}
      />

      <SendActions
        flow={flow}
        canSave={canSave}
        canSend={canSend}
        dispatching={scheduleShot.isPending || sendNow.isPending}
        summary={(scheduleDate) => ({
          sender: sender ? `${sender.name} <${sender.email}>` : '',
          segment: segment?.name ?? '',
          contacts: count ?? 0,
          subject: form.values.subject,
          scheduleDate,
        })}
      >
        <Button
          disabled={!editorReady}
          onClick={() => {
            const read = design.current?.read();
            if (read) setStage({ kind: 'preview', subject: form.values.subject, html: read.htmlContent });
          }}
        >
          {SHOT_TEXTS.preview}
        </Button>
        <ShotTestSendButton channel="EMAIL" code={shot?.code} />
      </SendActions>
      {stage?.kind === 'preview' && (
        <PreviewModal subject={stage.subject} html={stage.html} onClose={() => setStage(null)} />
      )}
    </>
  );
}
