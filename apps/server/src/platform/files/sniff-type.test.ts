import { describe, expect, it } from 'vitest';
import { sniffType } from './sniff-type.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffType', () => {
  it('tells the accepted types by their first bytes', () => {
    expect(sniffType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffType(bytes('GIF89a', [1]))).toBe('gif');
    expect(sniffType(bytes([0, 0, 1, 0, 1, 0, 16, 16]))).toBe('ico');
    expect(sniffType(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffType(bytes('PK', [3, 4, 20, 0]))).toBe('zip');
  });

  it('knows nothing of SVG, HTML, scripts, a renamed text file or a truncated header', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><svg/>',
      '<!DOCTYPE html><html>',
      '#!/bin/sh',
      'PNG mas não é',
      'RIFF1234WAVE',
    ])
      expect(sniffType(bytes(text)), text).toBeUndefined();
    expect(sniffType(bytes([0x89], 'PN'))).toBeUndefined();
    expect(sniffType(bytes([0, 0, 1, 0, 0, 0]))).toBeUndefined();
    expect(sniffType(new Uint8Array())).toBeUndefined();
  });
});
