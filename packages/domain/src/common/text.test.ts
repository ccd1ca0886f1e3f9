import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { hasControlCharacters, isSingleLine, singleLineTextSchema, textSchema } from './text.ts';

describe('textSchema', () => {
  it('refuses control characters but tab, newline and carriage return', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001f', '\u007f', '\u0085', '\u009f', '\u000b', '\u000c'])
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['Ana Maria', 'linha\nlinha\r\n\tfim', 'São João 😀', '\u00a0', '\u200b', ''])
      expect(hasControlCharacters(good), JSON.stringify(good)).toBe(false);
    const result = textSchema().max(10).safeParse('a\u0000b');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.controlCharacters]);
    expect(textSchema().trim().parse('  ok\n')).toBe('ok');
  });
});

describe('singleLineTextSchema', () => {
  it('refuses line breaks, tabs and every other control character inside a one-line field', () => {
    const line = singleLineTextSchema().max(200);
    for (const bad of ['Convite\r\nBcc: x@exemplo.com', 'a\nb', 'a\rb', 'a\tb', 'a\u2028b', 'a\u2029b']) {
      const result = line.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.singleLine]);
    }
    // the other control characters keep textSchema's message
    for (const bad of ['a\u0085b', 'a\u0000b'])
      expect(line.safeParse(bad).error?.issues.map((i) => i.message)).toEqual([MESSAGES.controlCharacters]);
    for (const good of ['Convite para a audiência', 'São João 😀', 'a\u00a0b', '{{primeiro_nome}}, olá'])
      expect(line.parse(good)).toBe(good);
    // what surrounds the text is trimmed first: a pasted trailing newline is no refusal
    expect(line.parse('  Convite\r\n')).toBe('Convite');
    expect(isSingleLine('a\nb')).toBe(false);
    expect(isSingleLine('a\u0000b')).toBe(false);
    expect(isSingleLine('a b')).toBe(true);
  });
});
