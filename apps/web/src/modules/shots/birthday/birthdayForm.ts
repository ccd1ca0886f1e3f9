import { type BirthdaySettingsSave, BirthdaySettingsSaveSchema, SHOT_TEXTS } from '@mandato/domain';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';
import type { EmailDesign } from '../editor/emailShotForm.ts';

/** The fields the settings screen shows errors on; 'content' is the e-mail body. */
export type BirthdayField = 'active' | 'senderCode' | 'subject' | 'sendHour' | 'content';

export interface BirthdayValues {
  active: boolean;
  senderCode?: number;
  subject: string;
  sendHour: number;
}

const FIELDS: readonly string[] = ['active', 'senderCode', 'subject', 'sendHour'];

/** The API's error path as the screen's field (the body's two parts are 'content'; the rest on the subject). */
export function birthdayFieldOf(path: string): BirthdayField {
  const head = path.split('.')[0] ?? '';
  if (head === 'htmlContent' || head === 'jsonContent') return 'content';
  return FIELDS.includes(head) ? (head as BirthdayField) : 'subject';
}

/** Field errors of an answer, by the screen's field. */
export function byBirthdayField(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = birthdayFieldOf(path);
    out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}

/**
 * The PUT body of the form and the design, by the shared schema; an active setting needs a sender
 * (the server checks that it can send).
 */
export function birthdayPayload(
  values: BirthdayValues,
  design: EmailDesign = { htmlContent: '', jsonContent: undefined },
): Validation<BirthdaySettingsSave> {
  const parsed = BirthdaySettingsSaveSchema.safeParse({
    active: values.active,
    senderCode: values.senderCode ?? null,
    subject: values.subject,
    htmlContent: design.htmlContent,
    jsonContent: design.jsonContent,
    sendHour: values.sendHour,
  });
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = birthdayFieldOf(issue.path.map(String).join('.'));
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  if (values.active && values.senderCode === undefined) {
    errors.senderCode = [SHOT_TEXTS.senderNotActive, ...(errors.senderCode ?? [])];
  }
  if (parsed.success && Object.keys(errors).length === 0) return { payload: parsed.data, errors };
  return { errors };
}
