import { parseQuietHours, SMS_TEXTS, type SmsSettings, SmsSettingsSchema } from '@mandato/domain';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';

/** Quiet hours as the form offers them: the server's default, none, or a start and end hour. */
export type QuietMode = 'default' | 'off' | 'custom';

export interface SmsSettingsValues {
  senderIdentification: string;
  quietMode: QuietMode;
  quietStart: number;
  quietEnd: number;
}

/** The form of a saved answer ('21-8' → custom 21 to 8; null → the default; 'off' → none). */
export function smsSettingsValues(saved: { senderIdentification: string | null; quietHours: string | null }) {
  const quiet = saved.quietHours === null ? undefined : parseQuietHours(saved.quietHours);
  const custom = quiet !== undefined && quiet !== 'off' ? quiet : undefined;
  return {
    senderIdentification: saved.senderIdentification ?? '',
    quietMode: saved.quietHours === null ? 'default' : custom ? 'custom' : 'off',
    quietStart: custom?.start ?? 21,
    quietEnd: custom?.end ?? 8,
  } satisfies SmsSettingsValues;
}

/** The API's error path as the form's field ('quietHours' → the mode). */
const fieldOf = (path: string) => (path === 'quietHours' ? 'quietMode' : 'senderIdentification');

/** Field errors of an answer or a parse, by form field. */
export function bySettingsField(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = fieldOf(path);
    out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}

/** PUT /mkt/sms/settings: the identification (1–30) and the quiet hours (null: the server's). */
export function smsSettingsPayload(values: SmsSettingsValues): Validation<SmsSettings> {
  if (values.quietMode === 'custom' && values.quietStart === values.quietEnd)
    return { errors: { quietMode: [SMS_TEXTS.quietHoursSame] } };
  const parsed = SmsSettingsSchema.safeParse({
    senderIdentification: values.senderIdentification,
    quietHours:
      values.quietMode === 'default'
        ? null
        : values.quietMode === 'off'
          ? 'off'
          : `${values.quietStart}-${values.quietEnd}`,
  });
  if (parsed.success) return { payload: parsed.data, errors: {} };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path.map(String).join('.'));
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return { errors };
}

/** '21-8' as the form says it: 'das 21:00 às 08:00'; 'off' as none. */
export function quietLabel(value: string): string {
  const quiet = parseQuietHours(value);
  if (quiet === undefined || quiet === 'off') return SMS_TEXTS.quietHoursOff;
  return SMS_TEXTS.quietWindow(quiet.start, quiet.end);
}
