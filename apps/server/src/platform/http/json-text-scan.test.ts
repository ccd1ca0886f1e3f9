import { hasControlCharacters, jsonDeeperThan } from '@mandato/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlCharacterPaths } from './control-characters.ts';
import { scanJsonText } from './json-text-scan.ts';

/** Strings with what the scan must tell apart: every Cc, the allowed three, escapes, quotes, U+2028. */
const trickyString = fc.string({
  unit: fc.constantFrom(
    'a',
    'ç',
    '"',
    '\\',
    '/',
    '\t',
    '\n',
    '\r',
    '\u2028',
    '😀',
    '{',
    ']',
    ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
    ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  ),
  maxLength: 6,
});

const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    trickyString,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(trickyString, tie('node'), { maxKeys: 3 }),
  ),
})).node;

const LIMITS = { maxDepth: 10, maxNodes: 1000 };

/** Objects, arrays and strings of a parsed value, keys included: what the scan counts. */
function countNodes(v: unknown): number {
  if (typeof v === 'string') return 1;
  if (Array.isArray(v)) return 1 + v.reduce((n: number, x) => n + countNodes(x), 0);
  if (typeof v === 'object' && v !== null)
    return 1 + Object.entries(v).reduce((n, [, x]) => n + 1 + countNodes(x), 0);
  return 0;
}

/** The same value written with its non-ASCII characters as \u escapes, as some clients send. */
const asciiOnly = (json: string) =>
  json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('scanJsonText: depth and control characters from the text, as the parsed value has them', () => {
  it('agrees with walking the parsed value (jsonDeeperThan, the guard) on generated JSON', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 6 }), fc.boolean(), (v, max, escaped) => {
        const text = escaped ? asciiOnly(JSON.stringify(v)) : JSON.stringify(v, null, 1);
        expect(JSON.parse(text)).toEqual(v);
        const scan = scanJsonText(text, { maxDepth: max, maxNodes: Number.POSITIVE_INFINITY });
        expect(scan.tooDeep).toBe(jsonDeeperThan(v, max));
        if (!scan.tooDeep) expect(scan.controlCharacters).toBe(controlCharacterPaths(v).length > 0);
        const nodes = countNodes(v);
        expect(scanJsonText(text, { maxDepth: 1e9, maxNodes: nodes }).tooManyNodes).toBe(false);
        if (nodes > 0)
          expect(scanJsonText(text, { maxDepth: 1e9, maxNodes: nodes - 1 }).tooManyNodes).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads escapes exactly: an escaped backslash before a u is no escape', () => {
    expect(scanJsonText(String.raw`{"a":"\\u0001"}`, LIMITS).controlCharacters).toBe(false);
    expect(scanJsonText(String.raw`{"a":"\u0001"}`, LIMITS).controlCharacters).toBe(true);
    expect(scanJsonText(String.raw`{"a\u007f":1}`, LIMITS).controlCharacters).toBe(true);
    expect(scanJsonText(String.raw`["\b"]`, LIMITS).controlCharacters).toBe(true);
    expect(scanJsonText(String.raw`["\t\n\r\u0009\u000A\u000d"]`, LIMITS).controlCharacters).toBe(false);
    expect(scanJsonText('["\u0085"]', LIMITS).controlCharacters).toBe(true);
    expect(hasControlCharacters('\u0085')).toBe(true);
    // brackets inside strings are text, not nesting
    expect(scanJsonText(`{"a":"${'['.repeat(50)}"}`, { maxDepth: 2, maxNodes: 1000 }).tooDeep).toBe(false);
    expect(scanJsonText(`{"a":${'['.repeat(2)}]]}`, { maxDepth: 2, maxNodes: 1000 }).tooDeep).toBe(true);
  });

  it('stops at the first level past the limit of a body nested two million levels', () => {
    const deep = '['.repeat(2_000_000) + ']'.repeat(2_000_000);
    expect(scanJsonText(deep, { maxDepth: 512, maxNodes: 1e9 })).toEqual({
      tooDeep: true,
      tooManyNodes: false,
      controlCharacters: false,
    });
  });

  it('stops counting at the first node past the limit: 700,000 empty objects', () => {
    const many = `[${Array(700_000).fill('{}').join(',')}]`;
    expect(scanJsonText(many, { maxDepth: 512, maxNodes: 200_000 }).tooManyNodes).toBe(true);
  });
});
