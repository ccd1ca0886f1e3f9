import { applyMergeTags, SHOT_EDITOR_TEXTS, SHOT_PREVIEW_SAMPLE, SHOT_TEXTS } from '@mandato/domain';
import { Button, Modal, Typography } from 'antd';

const T = SHOT_EDITOR_TEXTS;

/**
 * 'Pré-visualização': the subject and the e-mail with the merge tags filled for a sample contact, in
 * a sandboxed frame (no script, no same origin: the HTML is the user's).
 */
export function PreviewModal({
  subject,
  html,
  onClose,
}: {
  subject: string;
  html: string;
  onClose: () => void;
}) {
  const now = new Date();
  return (
    <Modal
      open
      title={SHOT_TEXTS.preview}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={<Button onClick={onClose}>{T.close}</Button>}
    >
      <Typography.Paragraph>
        <Typography.Text strong>{T.previewSubject}</Typography.Text>{' '}
        <span data-testid="preview-subject">{applyMergeTags(subject, SHOT_PREVIEW_SAMPLE, now)}</span>
      </Typography.Paragraph>
      <iframe
        title={T.previewFrame}
        sandbox=""
        srcDoc={applyMergeTags(html, SHOT_PREVIEW_SAMPLE, now, true)}
        style={{ width: '100%', height: '60vh', border: '1px solid #d9d9d9', borderRadius: 6 }}
      />
      <Typography.Text type="secondary">{T.previewSample}</Typography.Text>
    </Modal>
  );
}
