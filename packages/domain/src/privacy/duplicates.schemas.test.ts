import { describe, expect, it } from 'vitest';
import { MergeSchema } from './duplicates.schemas.ts';
import { DUPLICATES_TEXTS, duplicateScore } from './duplicates.texts.ts';

describe('duplicate scores', () => {
  it('scores the strongest key, raised per further key, at most 100', () => {
    expect(duplicateScore(['NAME_BIRTH'])).toBe(70);
    expect(duplicateScore(['EMAIL', 'NAME_BIRTH'])).toBe(95);
    expect(duplicateScore(['CPF', 'EMAIL', 'MOBILE'])).toBe(100);
    expect(duplicateScore([])).toBe(0);
  });
});

describe('MergeSchema', () => {
  const messages = (input: unknown) => {
    const parsed = MergeSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('takes codes as numbers or decimal strings', () => {
    expect(MergeSchema.parse({ survivorCode: 1, mergedCodes: ['2'], fields: { name: 2 } })).toEqual({
      survivorCode: '1',
      mergedCodes: ['2'],
      fields: { name: '2' },
    });
  });

  it('refuses the survivor among the merged, repeats, too many, foreign field values and unknown fields', () => {
    expect(messages({ survivorCode: '1', mergedCodes: ['1'] })).toContain(DUPLICATES_TEXTS.withItself);
    expect(messages({ survivorCode: '1', mergedCodes: ['2', '2'] })).toContain(DUPLICATES_TEXTS.repeated);
    expect(
      messages({ survivorCode: '1', mergedCodes: Array.from({ length: 1000 }, (_, i) => i + 2) }),
    ).toContain(DUPLICATES_TEXTS.tooMany);
    expect(messages({ survivorCode: '1', mergedCodes: ['2'], fields: { name: '3' } })).toContain(
      DUPLICATES_TEXTS.fieldNotInMerge,
    );
    expect(messages({ survivorCode: '1', mergedCodes: ['2'], fields: { tags: '2' } }).length).toBe(1);
    expect(messages({ survivorCode: '0', mergedCodes: ['2'] })).toContain(DUPLICATES_TEXTS.invalidCode);
    expect(messages({ survivorCode: 1.5, mergedCodes: ['2'] })).toContain(DUPLICATES_TEXTS.invalidCode);
  });
});
