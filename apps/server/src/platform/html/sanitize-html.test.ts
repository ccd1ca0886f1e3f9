import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html.ts';

describe('sanitizeRichText', () => {
  it('keeps the formatting of the editor', () => {
    const html =
      '<h2>Termos</h2><p>Texto <strong>forte</strong>, <em>ênfase</em>, <u>sublinhado</u> e <s>riscado</s>.</p>' +
      '<ul><li>um</li><li>dois</li></ul><ol><li>três</li></ol><blockquote>citação</blockquote><hr>';
    // void elements are written self-closed
    expect(sanitizeRichText(html)).toBe(html.replace('<hr>', '<hr />'));
  });

  it('drops scripts, handlers, styles, frames, forms, SVG and data: or javascript: links', () => {
    const cases: [string, string][] = [
      ['<p>oi<script>alert(1)</script></p>', '<p>oi</p>'],
      ['<img src=x onerror=alert(1)>texto', 'texto'],
      ['<p onclick="alert(1)" style="color:red">a</p>', '<p>a</p>'],
      ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
      ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
      [
        '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      ],
      ['<iframe src="https://mal.example"></iframe><p>a</p>', '<p>a</p>'],
      ['<form action="https://mal.example"><input name="senha"></form>', ''],
      ['<svg><script>alert(1)</script></svg>', ''],
      ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
      ['<p><style>*{display:none}</style>a</p>', '<p>a</p>'],
    ];
    for (const [input, expected] of cases) expect(sanitizeRichText(input), input).toBe(expected);
  });

  it('opens links apart and keeps only http(s), mailto and tel', () => {
    expect(sanitizeRichText('<a href="https://exemplo.com.br/privacidade" target="_self">política</a>')).toBe(
      '<a href="https://exemplo.com.br/privacidade" target="_blank" rel="noopener noreferrer nofollow">política</a>',
    );
    expect(sanitizeRichText('<a href="mailto:dpo@exemplo.com.br">dpo</a>')).toContain(
      'href="mailto:dpo@exemplo.com.br"',
    );
    expect(sanitizeRichText('<a href="//mal.example/x">x</a>')).not.toContain('href');
  });

  it('is stable: a sanitised text sanitised again is the same (mutation XSS attempts included)', () => {
    const inputs = [
      '<p>a</p>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<a href="https://x.example">ok</a><<script>script>alert(1)<</script>/script>',
    ];
    for (const input of inputs) {
      const once = sanitizeRichText(input);
      expect(once, input).not.toMatch(/onerror|<script|<img|<style|javascript:/i);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});
