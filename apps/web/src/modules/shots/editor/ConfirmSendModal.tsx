import { SHOT_EDITOR_TEXTS, SHOT_TEXTS } from '@mandato/domain';
import { Descriptions, Modal } from 'antd';
import { scheduleLabel } from './emailShotForm.ts';

const T = SHOT_EDITOR_TEXTS;

export interface ConfirmSummary {
  sender: string;
  segment: string;
  contacts: number;
  subject: string;
  /** 'AAAA-MM-DD HH:mm' when scheduling */
  scheduleDate?: string;
}

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
    { key: 'sender', label: T.confirmSender, children: summary.sender },
    { key: 'segment', label: T.confirmSegment, children: summary.segment },
    { key: 'contacts', label: T.confirmContacts, children: SHOT_TEXTS.contacts(summary.contacts) },
    { key: 'subject', label: T.confirmSubject, children: summary.subject },
    ...(summary.scheduleDate
      ? [{ key: 'date', label: T.confirmDate, children: scheduleLabel(summary.scheduleDate) }]
      : []),
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
