import { type OutboxMark, SHOT_SCREEN_TEXTS } from '@mandato/domain';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { LoadingBlock } from '../../../platform/ui/LoadingBlock.tsx';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useMarkOutboxMessage, useOutboxMessage } from '../hooks/useOutbox.ts';
import { PanelLine } from '../list/ShotStatusPanel.tsx';
import { shotDateTime } from '../shotFormat.ts';
import { markOf } from './markOf.ts';
import { messageDocument } from './messageDocument.ts';

const T = SHOT_SCREEN_TEXTS;
const MARK_BUTTONS: { as: OutboxMark; label: string }[] = [
  { as: 'delivered', label: T.markDelivered },
  { as: 'bounce', label: T.markBounce },
  { as: 'spam', label: T.markSpam },
];

/**
 * One message of the outbox: its HTML in a frame without scripts (links open in a new tab) and the
 * three marks that stand in for the receiving server's answers.
 */
export function OutboxMessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const mark = useMarkOutboxMessage();
  useForbiddenRedirect(message.error ?? mark.error);
  const m = message.data;
  return (
    <Modal
      open
      width={860}
      title={m?.subject || T.outbox}
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
          <PanelLine label={T.to} value={m.to} />
          <PanelLine label={T.when} value={shotDateTime(m.createdAt)} />
          <PanelLine label={T.mark} value={markOf(m)} />
          {m.html ? (
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
          <Space wrap>
            {MARK_BUTTONS.map((b) => (
              <Button
                key={b.as}
                loading={mark.isPending && mark.variables?.as === b.as}
                disabled={mark.isPending}
                onClick={() => mark.mutateAsync({ id: m.id, as: b.as }).catch(() => undefined)}
              >
                {b.label}
              </Button>
            ))}
          </Space>
        </Space>
      )}
    </Modal>
  );
}
