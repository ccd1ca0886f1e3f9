import {
  daysInMonth,
  type EmailShotSave,
  EmailShotSaveSchema,
  MESSAGES,
  onlyDigits,
  SHOT_EDITOR_TEXTS,
  SHOT_TEXTS,
  type ShotSchedule,
  ShotScheduleSchema,
  scheduleFormValue,
} from '@mandato/domain';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';
import type { ShotSegment } from '../editorApi.ts';

/** The fields the editor shows errors on: the form's own and 'content' (the e-mail body). */
export type EmailShotField = 'name' | 'senderCode' | 'segmentCode' | 'subject' | 'content';

export interface EmailShotValues {
  /** the team's name for the shot (issue 40); empty: none */
  name?: string;
  senderCode?: number;
  segmentCode?: number;
  subject: string;
}

export interface EmailDesign {
  htmlContent: string;
  jsonContent: unknown;
}

/** The API's error path as the editor's field ('destination.segment.code' → 'segmentCode'). */
export function editorFieldOf(path: string): EmailShotField | undefined {
  const head = path.split('.')[0];
  if (head === 'destination' || head === 'totalContacts') return 'segmentCode';
  if (head === 'htmlContent' || head === 'jsonContent' || head === 'imagePreview') return 'content';
  if (head === 'senderCode' || head === 'subject' || head === 'name') return head;
  return undefined;
}

/** Field errors of an answer or a parse, by editor field. */
export function byEditorField(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = editorFieldOf(path) ?? 'subject';
    out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}

/**
 * The save payload of the form and the design (spec 3 §5: sender, list and subject required; the
 * content at most 1 MB). `segments` resolves the chosen list's name and type.
 */
export function emailShotPayload(
  values: EmailShotValues,
  segments: readonly ShotSegment[],
  design: EmailDesign = { htmlContent: '', jsonContent: undefined },
  totalContacts?: number,
): Validation<EmailShotSave> {
  const segment = segments.find((s) => s.code === values.segmentCode);
  const parsed = EmailShotSaveSchema.safeParse({
    name: values.name,
    subject: values.subject,
    htmlContent: design.htmlContent,
    jsonContent: design.jsonContent,
    totalContacts,
    senderCode: values.senderCode,
    destination: segment
      ? { segment: { code: segment.code, name: segment.name, type: segment.type } }
      : undefined,
  });
  if (parsed.success) return { payload: parsed.data, errors: {} };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = editorFieldOf(issue.path.map(String).join('.')) ?? 'subject';
    // a list the user no longer sees is as good as none
    const message = field === 'segmentCode' ? MESSAGES.required : issue.message;
    errors[field] = [...(errors[field] ?? []), message];
  }
  return { errors };
}

export interface ScheduleValues {
  /** dd/mm/aaaa */
  date: string;
  /** HH:mm */
  hour: string;
}

/** Hour mask 00:00. */
export function formatHour(value: string): string {
  const d = onlyDigits(value).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}:${d.slice(2)}`;
}

/**
 * The schedule form (spec 3 §5: date and hour both required, validated together): the API's
 * 'AAAA-MM-DD HH:mm' in São Paulo time, in the future as `now` sees it.
 */
export function scheduleOf(values: ScheduleValues, now: Date): Validation<ShotSchedule> {
  const errors: Record<string, string[]> = {};
  const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(values.date.trim());
  const hour = /^(\d{2}):(\d{2})$/.exec(values.hour.trim());
  if (!values.date.trim()) errors.date = [MESSAGES.required];
  else if (
    !date ||
    Number(date[2]) < 1 ||
    Number(date[2]) > 12 ||
    Number(date[1]) < 1 ||
    Number(date[1]) > daysInMonth(Number(date[3]), Number(date[2]))
  )
    errors.date = [SHOT_EDITOR_TEXTS.invalidDate];
  if (!values.hour.trim()) errors.hour = [MESSAGES.required];
  else if (!hour || Number(hour[1]) > 23 || Number(hour[2]) > 59)
    errors.hour = [SHOT_EDITOR_TEXTS.invalidHour];
  if (!date || !hour || Object.keys(errors).length > 0) return { errors };
  const scheduleDate = `${date[3]}-${date[2]}-${date[1]} ${hour[1]}:${hour[2]}`;
  if (scheduleDate <= scheduleFormValue(now)) return { errors: { date: [SHOT_TEXTS.scheduleInPast] } };
  const parsed = ShotScheduleSchema.safeParse({ scheduleDate });
  if (!parsed.success) return { errors: { date: [SHOT_TEXTS.invalidScheduleDate] } };
  return { payload: parsed.data, errors: {} };
}

/** 'AAAA-MM-DD HH:mm' as the confirm modal shows it: 'dd/mm/aaaa às HH:mm'. */
export const scheduleLabel = (scheduleDate: string) =>
  `${scheduleDate.slice(8, 10)}/${scheduleDate.slice(5, 7)}/${scheduleDate.slice(0, 4)} às ${scheduleDate.slice(11, 16)}`;
