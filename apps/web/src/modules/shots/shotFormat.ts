import { SHOT_SCREEN_TEXTS, type Shot, withMergeTagLabels } from '@mandato/domain';
import { formatDateTime, formatDayMonthTime } from '../../platform/dateFormat.ts';

/** An instant of the API as 'dd/mm/aaaa HH:mm' in the tenant's zone ('' when not set or unreadable). */
export const shotDateTime = (iso: string | null | undefined): string => formatDateTime(iso);

/** An instant as 'dd/mm HH:mm' in the tenant's zone (the end of a quiet-hours pause), '' when unreadable. */
export const shotDayTime = (iso: string | null | undefined): string => formatDayMonthTime(iso);

/** The longest SMS text a title shows before '…'. */
const SMS_TITLE_CHARS = 60;

/**
 * What names a shot on screen: its own name when it has one (issue 40), else an e-mail's subject or
 * an SMS's message (cut at 60 characters), each merge tag as its label ('Olá [Primeiro nome]').
 */
export function shotTitle(
  shot: Pick<Shot, 'type' | 'subject' | 'content'> & { name?: string | null },
): string {
  const name = shot.name?.trim();
  if (name) return withMergeTagLabels(name);
  if (shot.type === 'EMAIL')
    return withMergeTagLabels(shot.subject?.trim() ?? '') || SHOT_SCREEN_TEXTS.noSubject;
  const text = withMergeTagLabels(shot.content?.trim().replace(/\s+/g, ' ') ?? '');
  if (!text) return SHOT_SCREEN_TEXTS.noContent;
  const chars = [...text];
  return chars.length > SMS_TITLE_CHARS ? `${chars.slice(0, SMS_TITLE_CHARS - 1).join('')}…` : text;
}

/**
 * An SMS address as '+55 (DD) 9XXXX-XXXX' (the server keeps '55' + DDD + nine digits); anything else
 * is shown as it came.
 */
export function smsNumber(address: string): string {
  const m = /^\+?55(\d{2})(9\d{4})(\d{4})$/.exec(address.trim());
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : address;
}
