import { formatCpf, formatPhone, MERGE_FIELD_LABELS, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { formatDate } from '../../platform/dateFormat.ts';
import type { DuplicateGroup, DuplicatePerson, MergeRequest, ShownMergeField } from './privacyTypes.ts';

/** The merge fields the group shows, with the person's property that holds each value. */
export const SHOWN_FIELDS: readonly { field: ShownMergeField; value: (p: DuplicatePerson) => string }[] = [
  { field: 'name', value: (p) => p.name?.trim() ?? '' },
  { field: 'cpf', value: (p) => p.cpf ?? '' },
  { field: 'email', value: (p) => p.email ?? '' },
  { field: 'cellphone', value: (p) => p.mobile ?? '' },
  { field: 'birthDate', value: (p) => p.birthDate ?? '' },
];

export interface MergeChoice {
  survivorCode: number;
  /** per field, the code of the person whose value stays */
  fields: Partial<Record<ShownMergeField, number>>;
}

/** The oldest record stays by default (it is the one others were matched against). */
export function defaultSurvivor(people: readonly DuplicatePerson[]): number {
  const oldest = [...people].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.code - b.code)[0];
  if (!oldest) throw new Error('a duplicate group has people');
  return oldest.code;
}

/** Per field, the survivor's value when it has one, otherwise the first person's that has. */
export function defaultFields(
  people: readonly DuplicatePerson[],
  survivorCode: number,
): Partial<Record<ShownMergeField, number>> {
  const survivor = people.find((p) => p.code === survivorCode);
  const ordered = survivor ? [survivor, ...people.filter((p) => p !== survivor)] : [...people];
  const fields: Partial<Record<ShownMergeField, number>> = {};
  for (const { field, value } of SHOWN_FIELDS) {
    const winner = ordered.find((p) => value(p) !== '') ?? ordered[0];
    if (winner) fields[field] = winner.code;
  }
  return fields;
}

/** A field worth asking about: the people hold different values for it. */
export function fieldDiffers(
  people: readonly DuplicatePerson[],
  value: (p: DuplicatePerson) => string,
): boolean {
  return new Set(people.map(value)).size > 1;
}

/** The body of POST /people/merge: the others are merged into the survivor, with the chosen values. */
export function mergeRequestOf(group: DuplicateGroup, choice: MergeChoice): MergeRequest {
  const codes = new Set(group.people.map((p) => p.code));
  const fields: Partial<Record<ShownMergeField, number>> = {};
  for (const { field } of SHOWN_FIELDS) {
    const code = choice.fields[field];
    if (code !== undefined && codes.has(code)) fields[field] = code;
  }
  return {
    survivorCode: choice.survivorCode,
    mergedCodes: group.people.map((p) => p.code).filter((code) => code !== choice.survivorCode),
    fields,
  };
}

/** A field's value as the screens show it: CPF and phone masked ('(71) 98282-7939'), a date in pt-BR, none as '—'. */
export function shownValue(field: ShownMergeField, value: string): string {
  if (!value) return T.empty;
  if (field === 'cpf') return formatCpf(value);
  if (field === 'cellphone') return formatPhone(value);
  if (field === 'birthDate') return formatDate(value);
  return value;
}

/**
 * What tells one record of the group apart from the others, under its choice of the record that
 * stays: its code and its values of the fields (but the name) the people hold differently.
 */
export function recordDetails(people: readonly DuplicatePerson[], person: DuplicatePerson): string {
  const differing = SHOWN_FIELDS.filter((f) => f.field !== 'name' && fieldDiffers(people, f.value));
  return T.recordDetails([
    T.recordCode(person.code),
    ...differing.map(({ field, value }) =>
      T.fieldShown(MERGE_FIELD_LABELS[field], shownValue(field, value(person))),
    ),
  ]);
}
