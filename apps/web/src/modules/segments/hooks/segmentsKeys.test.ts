import { describe, expect, it } from 'vitest';
import { segmentsKeys } from './segmentsKeys.ts';

describe('segments query keys', () => {
  it('puts pages and single lists under all', () => {
    expect(segmentsKeys.page('PERSON', 3)).toEqual(['segments', 'list', 'PERSON', 3]);
    expect(segmentsKeys.one(9)).toEqual(['segments', 'one', 9]);
    expect(segmentsKeys.page('TEAM', 1)[0]).toBe(segmentsKeys.all[0]);
  });
});
