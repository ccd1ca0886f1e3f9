import { SHOT_TEXTS } from '@mandato/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../platform/ui/notify.ts';

/** The §4 flow of an editor besides editing: saving, the schedule form, the confirm modal. */
export type SendStage =
  | { kind: 'saving'; action: 'draft' | 'send' | 'schedule' }
  | { kind: 'schedule' }
  | { kind: 'confirm'; code: number; scheduleDate?: string };

/**
 * Save draft, send now and schedule of both shot editors (spec 3 §4): the channel's `save` (its code,
 * or undefined when it could not be saved — the editor showed why), then the confirm modal, then the
 * channel's `send` or `schedule`; a failed save or send resets the pending action.
 */
export function useSendFlow<Extra = never>({
  save,
  send,
  schedule,
  onDone,
}: {
  save: () => Promise<number | undefined>;
  send: (code: number) => Promise<unknown>;
  schedule: (code: number, scheduleDate: string) => Promise<unknown>;
  /** after a send (false) or a schedule (true) */
  onDone: (scheduled: boolean) => void;
}) {
  const [stage, setStage] = useState<SendStage | Extra | null>(null);
  const flow = stage as SendStage | null;
  const saving = flow?.kind === 'saving' ? flow : undefined;

  async function saveDraft() {
    setStage({ kind: 'saving', action: 'draft' });
    const saved = await save();
    setStage(null);
    if (saved !== undefined) notifySuccess(SHOT_TEXTS.draftSaved);
  }

  async function saveThenConfirm(action: 'send' | 'schedule', scheduleDate?: string) {
    setStage({ kind: 'saving', action });
    const saved = await save();
    setStage(saved === undefined ? null : { kind: 'confirm', code: saved, scheduleDate });
  }

  async function dispatch(code: number, scheduleDate?: string) {
    try {
      if (scheduleDate) {
        await schedule(code, scheduleDate);
        notifySuccess(SHOT_TEXTS.scheduled);
      } else {
        await send(code);
        notifySuccess(SHOT_TEXTS.sendingNow);
      }
      onDone(scheduleDate !== undefined);
    } catch {
      // the request layer showed the server's reason (e.g. 'Saldo insuficiente')
      setStage(null);
    }
  }

  return {
    stage,
    setStage,
    busy: saving !== undefined,
    pendingAction: saving?.action,
    saveDraft,
    saveThenConfirm,
    dispatch,
  };
}
