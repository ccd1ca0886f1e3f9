import {
  composeSms,
  MESSAGES,
  type MergeValues,
  SMS_MAX_CHARS,
  SMS_TEXTS,
  type SmsShotSave,
  SmsShotSaveSchema,
} from '@mandato/domain';
import type { Validation } from '../../../platform/ui/form/useValidatedForm.ts';
import type { ShotSegment } from '../editorApi.ts';

/** The fields the SMS editor shows errors on. */
export type SmsShotField = 'name' | 'segmentCode' | 'content';

export interface SmsShotValues {
  /** the team's name for the shot (issue 40); empty: none */
  name?: string;
  segmentCode?: number;
  content: string;
}

/** The API's error path as the editor's field ('destination.segment.code' → 'segmentCode'); the rest on the message. */
export const smsFieldOf = (path: string): SmsShotField => {
  const head = path.split('.')[0];
  if (head === 'name') return 'name';
  return head === 'destination' || head === 'totalContacts' ? 'segmentCode' : 'content';
};

/** Field errors of an answer or a parse, by editor field. */
export function bySmsField(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const field = smsFieldOf(path);
    out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}

/**
 * The save payload (spec 3 §5: message and list required, at most 160 characters). `worstChars` is
 * the SMS at its longest (identification and merge tags at their longest value, `smsWorstCase`):
 * over 160 the message is refused here as the server would.
 */
export function smsShotPayload(
  values: SmsShotValues,
  segments: readonly ShotSegment[],
  worstChars: number,
  totalContacts?: number,
): Validation<SmsShotSave> {
  const segment = segments.find((s) => s.code === values.segmentCode);
  const parsed = SmsShotSaveSchema.safeParse({
    name: values.name,
    content: values.content,
    totalContacts,
    destination: segment
      ? { segment: { code: segment.code, name: segment.name, type: segment.type } }
      : undefined,
  });
  const errors: Record<string, string[]> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = smsFieldOf(issue.path.map(String).join('.'));
      // a list the user no longer sees is as good as none
      const message = field === 'segmentCode' ? MESSAGES.required : issue.message;
      errors[field] = [...(errors[field] ?? []), message];
    }
  }
  if (worstChars > SMS_MAX_CHARS && !errors.content) errors.content = [SMS_TEXTS.contentTooLong];
  if (parsed.success && Object.keys(errors).length === 0) return { payload: parsed.data, errors: {} };
  return { errors };
}

/** What the phone shows: the SMS as a person of the list gets it (no identification yet: the message alone). */
export function smsPreviewText(
  identification: string | null | undefined,
  content: string,
  sample: MergeValues,
  now: Date,
): string {
  if (identification) return composeSms(identification, content, sample, now);
  // composeSms with an empty identification starts with ': '
  return composeSms('', content, sample, now).slice(2);
}
