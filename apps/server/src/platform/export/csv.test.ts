import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it('neutralises what a spreadsheet would evaluate', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '-1,5+A1', '@cmd', '\t=1', '\r=1', '-', '-A1'])
      expect(csvCell(formula).replace(/^"|"$/g, '').startsWith("'"), formula).toBe(true);
  });

  it('keeps negative numbers as numbers', () => {
    expect(csvCell('-5,00')).toBe('"-5,00"');
    expect(csvCell('-1.234,56')).toBe('"-1.234,56"');
    expect(csvCell(-3)).toBe('-3');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvLine(['a;b', 'say "hi"', 'x\ny'])).toBe('"a;b";"say ""hi""";"x\ny"\r\n');
  });
});
