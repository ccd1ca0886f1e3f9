import { describe, expect, it } from 'vitest';
import { footerText } from './footerText.ts';

describe('list footer', () => {
  it('shows the total and the range of the page', () => {
    expect(footerText(120, 1, 50)).toBe('Total: 120 (mostrando de 1 a 50)');
    expect(footerText(120, 3, 50)).toBe('Total: 120 (mostrando de 101 a 120)');
    expect(footerText(0, 1, 50)).toBe('Total: 0 (mostrando de 0 a 0)');
  });
});
