import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

// Every character a spreadsheet reads as the start of a formula: the ASCII ones, their full-width
// forms (Excel and LibreOffice fold ＝ ＋ － ＠ to ASCII on input) and the small forms.
const FORMULA_PREFIXES: [string, string][] = [
  ['=', 'EQUALS SIGN'],
  ['+', 'PLUS SIGN'],
  ['-', 'HYPHEN-MINUS'],
  ['@', 'COMMERCIAL AT'],
  ['\t', 'TAB'],
  ['\r', 'CARRIAGE RETURN'],
  ['\uFF1D', 'FULLWIDTH EQUALS SIGN'],
  ['\uFF0B', 'FULLWIDTH PLUS SIGN'],
  ['\uFF0D', 'FULLWIDTH HYPHEN-MINUS'],
  ['\uFF20', 'FULLWIDTH COMMERCIAL AT'],
  ['\uFE66', 'SMALL EQUALS SIGN'],
  ['\uFE62', 'SMALL PLUS SIGN'],
  ['\uFE63', 'SMALL HYPHEN-MINUS'],
  ['\uFE6B', 'SMALL COMMERCIAL AT'],
];

describe('csvCell', () => {
  it.each(FORMULA_PREFIXES)('neutralises a cell starting with %j (%s)', (prefix) => {
    for (const rest of ['1+1', 'SUM(A1)', 'HYPERLINK("http://x")', 'A1', ''])
      expect(
        csvCell(prefix + rest)
          .replace(/^"|"$/g, '')
          .startsWith(`'${prefix}`),
        prefix + rest,
      ).toBe(true);
  });

  it('neutralises what a spreadsheet would evaluate', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '-1,5+A1', '@cmd', '\t=1', '\r=1', '-', '-A1'])
      expect(csvCell(formula).replace(/^"|"$/g, '').startsWith("'"), formula).toBe(true);
  });

  it('leaves a formula character that does not start the cell alone', () => {
    expect(csvCell('Ana \uFF1D Bia')).toBe('Ana \uFF1D Bia');
    expect(csvCell('a@b.com')).toBe('a@b.com');
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
