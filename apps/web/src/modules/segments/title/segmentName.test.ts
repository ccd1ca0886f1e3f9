import { describe, expect, it } from 'vitest';
import { segmentNameError } from './segmentName.ts';

describe('segment name (spec 2 §5)', () => {
  it('is required', () => {
    expect(segmentNameError('  ', 'add', 'Pessoas')).toBe('Nome é obrigatório');
    expect(segmentNameError('', 'edit', 'Pessoas')).toBe('Nome é obrigatório');
  });
  it('must differ from the current list when adding a new one', () => {
    expect(segmentNameError('Pessoas', 'add', 'Pessoas')).toBe('Defina outro nome');
    expect(segmentNameError('Pessoas', 'edit', 'Pessoas')).toBeUndefined();
    expect(segmentNameError('Apoiadores', 'add', 'Pessoas')).toBeUndefined();
  });
});
