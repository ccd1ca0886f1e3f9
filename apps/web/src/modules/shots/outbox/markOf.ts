import { OUTBOX_MARKS, SHOT_SCREEN_TEXTS } from '@mandato/domain';

/** How a message's mark reads ('Sem marcação' for none, or one this screen does not know). */
export const markOf = (m: { marked: string | null }) =>
  m.marked !== null && Object.hasOwn(OUTBOX_MARKS, m.marked)
    ? OUTBOX_MARKS[m.marked as keyof typeof OUTBOX_MARKS]
    : SHOT_SCREEN_TEXTS.notMarked;
