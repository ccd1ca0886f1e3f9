import type { MergeField } from '@mandato/domain';

/**
 * The people columns each merge field carries: a field chosen from a person brings all of them
 * (the address with its point and geocoding state, the e-mail and mobile with their checked status).
 */
export const MERGE_FIELD_COLUMNS: Readonly<Record<MergeField, readonly string[]>> = {
  name: ['name'],
  email: ['email', 'email_status'],
  cellphone: ['cellphone', 'sms_status'],
  phoneTwo: ['phone_two'],
  cpf: ['cpf'],
  birthDate: ['birth_date'],
  nickname: ['nickname'],
  gender: ['gender'],
  address: [
    'zip_code',
    'street',
    'number',
    'complement',
    'neighborhood',
    'city',
    'state',
    'latitude',
    'longitude',
    'geo_status',
    'geo_precision',
    'geo_source',
    'geocoded_at',
    'geo_attempts',
    'geo_next_at',
  ],
  profession: ['profession'],
  company: ['company_id'],
  godfather: ['godfather_id'],
  votingZone: ['voting_zone'],
  votingSection: ['voting_section'],
  notes: ['notes'],
  vote: ['vote'],
  influence: ['influence'],
};

/** The columns that tell whether a person has a value for the field (the first of each). */
export const hasValue = (row: Record<string, unknown>, field: MergeField): boolean => {
  const first = MERGE_FIELD_COLUMNS[field][0] ?? '';
  const value = row[first];
  if (field === 'vote') return value !== 'TO_CONQUER';
  if (field === 'influence') return Number(value) > 0;
  if (field === 'address')
    return ['zip_code', 'street', 'city'].some((c) => row[c] !== null && row[c] !== '');
  return value !== null && value !== undefined && value !== '';
};

/**
 * Columns of people written by its triggers, never copied by the merge: the address trigger of 0017
 * resets the point when the address columns change, so the undo restores the other columns in a
 * second statement that names no address column.
 */
export const ADDRESS_COLUMNS: ReadonlySet<string> = new Set([
  'zip_code',
  'street',
  'number',
  'neighborhood',
  'city',
  'state',
]);

/**
 * Tables kept equal to people by its statement triggers (0006, 0021): their rows follow the
 * survivor's tag_ids, name and godfather and the removal of the merged people, so the merge never
 * moves them itself.
 */
export const DERIVED_FROM_PEOPLE: ReadonlySet<string> = new Set([
  'person_tags',
  'person_name_words',
  'report_godfather_counts',
]);
