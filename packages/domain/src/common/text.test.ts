import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { hasControlCharacters, textSchema } from './text.ts';

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
