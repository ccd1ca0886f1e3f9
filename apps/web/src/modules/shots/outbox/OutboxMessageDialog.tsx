import {
  OUTBOX_MARKS_BY_CHANNEL,
  type OutboxMarkKind,
  SHOT_SCREEN_TEXTS,
  SHOT_TEST_TEXTS,
} from '@mandato/domain';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useMarkOutboxMessage, useOutboxMessage } from '../hooks/useOutbox.ts';
import { PanelLine } from '../list/ShotStatusPanel.tsx';
import { SmsBubble } from '../list/SmsBubble.tsx';
import { shotDateTime, smsNumber } from '../shotFormat.ts';
import { markOf } from './markOf.ts';
import { messageDocument } from './messageDocument.ts';
import { SmsReplyForm } from './SmsReplyForm.tsx';

const T = SHOT_SCREEN_TEXTS;
const MARK_LABELS: Partial<Record<OutboxMarkKind, string>> = {
  delivered: T.markDelivered,
  bounce: T.markBounce,
  spam: T.markSpam,
  failed: T.markFailed,
};

/**
 * One message of the outbox with the marks that stand in for the receiving side's answers: an
 * e-mail's HTML in a frame without scripts (links open in a new tab), delivered, bounced or spam; an
 * SMS's text in a phone bubble, delivered or failed, and a reply the number sends back.
 */
export function OutboxMessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const mark = useMarkOutboxMessage();
  useForbiddenRedirect(message.error ?? mark.error);
  const m = message.data;
  const sms = m?.channel === 'SMS';
  return (
    <Modal
      open
      width={sms ? 520 : 860}
      title={(sms ? `${T.sms} ${smsNumber(m.to)}` : m?.subject) || T.outbox}
      onCancel={onClose}
      cancelText={T.close}
      okButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {message.isLoading && <LoadingBlock />}
      {message.isError && <Alert type="error" showIcon title={T.outboxError} />}
      {m && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <PanelLine label={T.from} value={m.from} />
          <PanelLine label={T.to} value={sms ? smsNumber(m.to) : m.to} />
          <PanelLine label={T.when} value={shotDateTime(m.createdAt)} />
          <PanelLine label={T.mark} value={markOf(m)} />
          {sms ? (
            <SmsBubble text={m.text ?? ''} size="large" />
          ) : m.html ? (
            <iframe
              className="outbox-frame"
              title={T.messageFrame}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={messageDocument(m.html)}
            />
          ) : (
            <Typography.Paragraph>
              <pre style={{ whiteSpace: 'pre-wrap' }}>{m.text ?? ''}</pre>
            </Typography.Paragraph>
          )}
          {m.test ? (
            // a test send's message is nobody's: nothing to mark or answer (issue 40)
            <Alert type="info" showIcon title={SHOT_TEST_TEXTS.testMessage} />
          ) : (
            <Space wrap>
              {OUTBOX_MARKS_BY_CHANNEL[m.channel].map((as) => (
                <Button
                  key={as}
                  loading={mark.isPending && mark.variables?.as === as}
                  disabled={mark.isPending}
                  onClick={() => mark.mutateAsync({ id: m.id, as }).catch(() => undefined)}
                >
                  {MARK_LABELS[as]}
                </Button>
              ))}
            </Space>
          )}
          {sms && !m.test && <SmsReplyForm id={m.id} />}
        </Space>
      )}
    </Modal>
  );
}
