import { SHOT_TEST_LIMITS, SHOT_TEST_TEXTS, type ShotTestAnswer, splitTestAddresses } from '@mandato/domain';
import { Alert, Button, Input, Modal, Tooltip, Typography } from 'antd';
import { useId, useState } from 'react';
import { ApiError } from '../../../platform/api/errors.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { useShotTestSend } from '../hooks/useShotTestSend.ts';

const T = SHOT_TEST_TEXTS;

/** The server's refusal as lines: its message, then each field error. */
function errorLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [T.sendError];
  const errors = error.body?.errors;
  const fields =
    errors === undefined
      ? []
      : typeof errors === 'string'
        ? [errors]
        : Array.isArray(errors)
          ? errors
          : Object.values(errors).flat();
  return [error.message, ...fields.filter((f) => f !== error.message)];
}

/**
 * 'Enviar teste' of both shot editors (issue 40 item 3): a small dialog to type a few e-mails (or
 * mobiles), sent the saved version of the shot as a test. A shot not saved yet has nothing to send:
 * the button is disabled and says why.
 */
export function ShotTestSendButton({ channel, code }: { channel: 'EMAIL' | 'SMS'; code?: number }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [partial, setPartial] = useState<ShotTestAnswer | null>(null);
  const send = useShotTestSend(channel);
  const fieldId = useId();
  const sms = channel === 'SMS';
  const max = sms ? SHOT_TEST_LIMITS.maxPhones : SHOT_TEST_LIMITS.maxEmails;

  const close = () => {
    setOpen(false);
    setProblems([]);
    setPartial(null);
  };

  const submit = async () => {
    if (code === undefined) return;
    const to = splitTestAddresses(typed);
    setPartial(null);
    if (to.length === 0) return setProblems([sms ? T.phonesRequired : T.emailsRequired]);
    if (to.length > max) return setProblems([sms ? T.tooManyPhones : T.tooManyEmails]);
    setProblems([]);
    try {
      const answer = await send.mutateAsync({ code, to });
      const done = sms ? T.smsSent(answer.sent.length, answer.credits) : T.sent(answer.sent.length);
      if (answer.failed.length === 0) {
        notifySuccess(done);
        close();
      } else setPartial(answer);
    } catch (error) {
      setProblems(errorLines(error));
    }
  };

  if (code === undefined)
    return (
      <Tooltip title={T.saveFirst}>
        {/* a disabled button gets no pointer events: the wrapper carries the tooltip and its reason */}
        <span style={{ display: 'inline-block' }}>
          <Button disabled aria-label={`${T.button}: ${T.saveFirst}`}>
            {T.button}
          </Button>
        </span>
      </Tooltip>
    );

  return (
    <>
      <Button onClick={() => setOpen(true)}>{T.button}</Button>
      <Modal
        open={open}
        title={T.title}
        okText={T.send}
        cancelText={T.cancel}
        confirmLoading={send.isPending}
        onOk={() => void submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{sms ? T.smsExplain : T.emailExplain}</Typography.Paragraph>
        <label htmlFor={fieldId} style={{ display: 'block', fontWeight: 500, marginBottom: 4 }}>
          {sms ? T.phonesLabel : T.emailsLabel}
        </label>
        <Input.TextArea
          id={fieldId}
          aria-describedby={`${fieldId}-hint`}
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          inputMode={sms ? 'tel' : 'email'}
          status={problems.length > 0 ? 'error' : undefined}
        />
        <Typography.Text id={`${fieldId}-hint`} type="secondary">
          {sms ? T.phonesHint : T.emailsHint}
        </Typography.Text>
        {problems.length > 0 && (
          <Alert
            role="alert"
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title={problems[0]}
            description={problems.length > 1 ? problems.slice(1).join(' · ') : undefined}
          />
        )}
        {partial && (
          <Alert
            role="status"
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            title={sms ? T.smsSent(partial.sent.length, partial.credits) : T.sent(partial.sent.length)}
            description={partial.failed.map((f) => f.message).join(' · ')}
          />
        )}
      </Modal>
    </>
  );
}
