import { CONTACT_STATUS_LABELS, GENDER_LABELS, VOTE_LABELS } from '@mandato/domain';

const LABELS_BY_FIELD: Record<string, Record<string, string>> = {
  gender: GENDER_LABELS,
  vote: VOTE_LABELS,
  emailStatus: CONTACT_STATUS_LABELS,
  smsStatus: CONTACT_STATUS_LABELS,
};

/** Label of an enum value of a filter field (states are shown as their two letters). */
export function enumLabel(field: string, value: string): string {
  return LABELS_BY_FIELD[field]?.[value] ?? value;
}
