import { SHOT_TEXTS } from '@mandato/domain';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { ConfirmSendModal, type ConfirmSummary } from './ConfirmSendModal.tsx';
import { ScheduleModal } from './ScheduleModal.tsx';
import type { SendStage, useSendFlow } from './useSendFlow.ts';

/**
 * Save draft / schedule / send now of both shot editors (spec 3 §4), with the schedule form and the
 * confirm modal they open; `children` are the channel's own buttons before them (the e-mail preview).
 */
export function SendActions<Extra>({
  flow,
  canSave,
  canSend,
  dispatching,
  summary,
  children,
}: {
  flow: ReturnType<typeof useSendFlow<Extra>>;
  canSave: boolean;
  canSend: boolean;
  /** the schedule or send request is on its way */
  dispatching: boolean;
  /** what the confirm modal lists, for the date being scheduled (none: send now) */
  summary: (scheduleDate?: string) => ConfirmSummary;
  children?: ReactNode;
}) {
  const { stage, setStage, pendingAction, saveDraft, saveThenConfirm, dispatch } = flow;
  const sendStage = stage as SendStage | null;
  return (
    <>
      <Flex gap={8} wrap justify="flex-end" style={{ marginTop: 16 }}>
        {children}
        <Button disabled={!canSave} loading={pendingAction === 'draft'} onClick={() => void saveDraft()}>
          {SHOT_TEXTS.saveDraft}
        </Button>
        <Button
          disabled={!canSend}
          loading={pendingAction === 'schedule'}
          onClick={() => setStage({ kind: 'schedule' })}
        >
          {SHOT_TEXTS.schedule}
        </Button>
        <Button
          type="primary"
          disabled={!canSend}
          loading={pendingAction === 'send'}
          onClick={() => void saveThenConfirm('send')}
        >
          {SHOT_TEXTS.sendNow}
        </Button>
      </Flex>
      {sendStage?.kind === 'schedule' && (
        <ScheduleModal
          onCancel={() => setStage(null)}
          onSubmit={(scheduleDate) => void saveThenConfirm('schedule', scheduleDate)}
        />
      )}
      {sendStage?.kind === 'confirm' && (
        <ConfirmSendModal
          summary={summary(sendStage.scheduleDate)}
          loading={dispatching}
          onOk={() => void dispatch(sendStage.code, sendStage.scheduleDate)}
          onCancel={() => setStage(null)}
        />
      )}
    </>
  );
}
