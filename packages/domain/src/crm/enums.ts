import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';

const labelled = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MESSAGES.notAllowed });

export const GENDERS = ['MALE', 'FEMALE', 'NOT_BINARY', 'OTHER'] as const;
export const GenderSchema = labelled(GENDERS);
export type Gender = z.infer<typeof GenderSchema>;
export const GENDER_LABELS: Record<Gender, string> = {
  MALE: 'Masculino',
  FEMALE: 'Feminino',
  NOT_BINARY: 'Não binário',
  OTHER: 'Outro',
};

export const VOTES = ['TO_CONQUER', 'CONQUERED', 'LOST'] as const;
export const VoteSchema = labelled(VOTES);
export type Vote = z.infer<typeof VoteSchema>;
export const VOTE_LABELS: Record<Vote, string> = {
  TO_CONQUER: 'A conquistar',
  CONQUERED: 'Conquistado',
  LOST: 'Perdido',
};

export const CONTACT_STATUSES = ['VALID', 'INVALID', 'UNCHECKED'] as const;
export const ContactStatusSchema = labelled(CONTACT_STATUSES);
export type ContactStatus = z.infer<typeof ContactStatusSchema>;
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  VALID: 'Válido',
  INVALID: 'Inválido',
  UNCHECKED: 'Não validado',
};

export const BR_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export const BrStateSchema = labelled(BR_STATES);
export type BrState = z.infer<typeof BrStateSchema>;

export const SEGMENT_TYPES = ['PERSON', 'TEAM', 'COMPANY'] as const;
export const SegmentTypeSchema = labelled(SEGMENT_TYPES);
export type SegmentType = z.infer<typeof SegmentTypeSchema>;
export const SEGMENT_TYPE_LABELS: Record<SegmentType, string> = {
  PERSON: 'Pessoas',
  TEAM: 'Equipe',
  COMPANY: 'Locais de Votação',
};
/** The special segment of each type: all records of the type; not editable, not deletable. */
export const SPECIAL_SEGMENT_CODES: Record<SegmentType, number> = { PERSON: 1, TEAM: 2, COMPANY: 3 };
/** Path segment of a person list route. */
export const SEGMENT_TYPE_PATHS: Record<'PERSON' | 'TEAM', string> = { PERSON: 'pessoas', TEAM: 'equipe' };
