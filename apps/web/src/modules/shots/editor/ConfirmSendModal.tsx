import { ACCOUNT_TEXTS, SHOT_EDITOR_TEXTS, SHOT_TEXTS, SMS_TEXTS } from '@mandato/domain';
import { Descriptions, Modal } from 'antd';
import { scheduleLabel } from './emailShotForm.ts';

const T = SHOT_EDITOR_TEXTS;

/** What the send is: an e-mail's sender and subject, an SMS's message and credits. */
export interface ConfirmSummary {
  sender?: string;
  segment: string;
  contacts: number;
  subject?: string;
  message?: string;
  credits?: string;
  /** 'AAAA-MM-DD HH:mm' when scheduling */
  scheduleDate?: string;
}

/** A line of the summary; none when the send has no such value. */
const row = (key: string, label: string, value: string | undefined) =>
  value ? [{ key, label, children: value }] : [];

/** 'Confirme os dados antes de enviar' (spec 3 §2.1): ok reads 'Enviar agora' or 'Agendar envio'. */
export function ConfirmSendModal({
  summary,
  loading,
  onOk,
  onCancel,
}: {
  summary: ConfirmSummary;
  loading: boolean;
  onOk: () => void;
  onCancel: () => void;
}) {
  const items = [
    ...row('sender', T.confirmSender, summary.sender),
    ...row('segment', T.confirmSegment, summary.segment),
    ...row('contacts', T.confirmContacts, SHOT_TEXTS.contacts(summary.contacts)),
    ...row('subject', T.confirmSubject, summary.subject),
    ...row('message', SMS_TEXTS.message, summary.message),
    ...row('credits', ACCOUNT_TEXTS.credits, summary.credits),
    ...row('date', T.confirmDate, summary.scheduleDate && scheduleLabel(summary.scheduleDate)),
  ];
  return (
    <Modal
      open
      title={SHOT_TEXTS.confirmTitle}
      okText={summary.scheduleDate ? SHOT_TEXTS.schedule : SHOT_TEXTS.sendNow}
      cancelText={T.cancel}
      confirmLoading={loading}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered items={items} />
    </Modal>
  );
}
