import '../common/zod-locale.ts';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/messages.ts';
import {
  BR_STATES,
  BrStateSchema,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  GENDER_LABELS,
  GENDERS,
  GenderSchema,
  SEGMENT_TYPE_LABELS,
  SEGMENT_TYPE_PATHS,
  SEGMENT_TYPES,
  SegmentTypeSchema,
  SPECIAL_SEGMENT_CODES,
  VOTE_LABELS,
  VOTES,
  VoteSchema,
} from './enums.ts';

describe('CRM enums', () => {
  it('every value has a label and nothing else does', () => {
    expect(Object.keys(GENDER_LABELS)).toEqual([...GENDERS]);
    expect(Object.keys(VOTE_LABELS)).toEqual([...VOTES]);
    expect(Object.keys(CONTACT_STATUS_LABELS)).toEqual([...CONTACT_STATUSES]);
    expect(Object.keys(SEGMENT_TYPE_LABELS)).toEqual([...SEGMENT_TYPES]);
    expect(VOTE_LABELS.TO_CONQUER).toBe('A conquistar');
    expect(SEGMENT_TYPE_LABELS.COMPANY).toBe('Locais de Votação');
  });

  it('accepts the listed values only, answering "Valor não permitido"', () => {
    expect(GenderSchema.parse('NOT_BINARY')).toBe('NOT_BINARY');
    expect(VoteSchema.parse('LOST')).toBe('LOST');
    expect(BrStateSchema.parse('DF')).toBe('DF');
    for (const [schema, bad] of [
      [GenderSchema, 'male'],
      [VoteSchema, 'WON'],
      [BrStateSchema, 'sp'],
      [SegmentTypeSchema, 'USER'],
      [BrStateSchema, 1],
    ] as const) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.notAllowed]);
    }
  });

  it('has the 27 federative units and one special list per type', () => {
    expect(BR_STATES).toHaveLength(27);
    expect(new Set(BR_STATES).size).toBe(27);
    expect(new Set(Object.values(SPECIAL_SEGMENT_CODES)).size).toBe(SEGMENT_TYPES.length);
    expect(SPECIAL_SEGMENT_CODES).toEqual({ PERSON: 1, TEAM: 2, COMPANY: 3 });
    expect(SEGMENT_TYPE_PATHS).toEqual({ PERSON: 'pessoas', TEAM: 'equipe' });
  });
});
