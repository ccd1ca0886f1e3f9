import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from '../common/json-depth.ts';
import {
  EMAIL_DESIGN_MAX_NODES,
  jsonTextNodesPast,
  readEmailDesign,
  sanitizeEmailDesign,
} from './email-design.ts';

const MAX = 2 * 1024 * 1024;

/** A GrapesJS project as the newsletter editor saves it (getProjectData): kept as it is. */
const LEGIT_DESIGN = {
  assets: [{ type: 'image', src: 'https://exemplo.com.br/logo.png' }],
  styles: [
    { selectors: ['#i3k'], style: { color: 'red', 'background-image': 'url(https://exemplo.com.br/f.png)' } },
  ],
  pages: [
    {
      id: 'p1',
      frames: [
        {
          component: {
            type: 'wrapper',
            attributes: { id: 'wrp' },
            components: [
              {
                tagName: 'table',
                type: 'table',
                attributes: { id: 'i3k', width: '100%' },
                components: [
                  {
                    type: 'tbody',
                    components: [
                      {
                        type: 'row',
                        components: [
                          {
                            type: 'cell',
                            components: [
                              {
                                type: 'text',
                                components: [
                                  { type: 'textnode', content: 'Olá ' },
                                  { tagName: 'b', type: 'text', content: '{{primeiro_nome}}' },
                                  { type: 'textnode', content: ', 2 < 3 e <b> é texto aqui' },
                                ],
                              },
                              {
                                type: 'link',
                                attributes: { href: 'https://exemplo.com.br/?e={{email}}', target: '_blank' },
                                components: [{ type: 'textnode', content: 'Saiba mais' }],
                              },
                              {
                                type: 'image',
                                src: 'data:image/png;base64,iVBORw0KGgo=',
                                attributes: { alt: 'x' },
                              },
                              { type: 'link', attributes: { href: 'mailto:gabinete@exemplo.com.br' } },
                              { type: 'comment', content: ' fim do bloco <b> ' },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
          head: [{ tag: 'style', attributes: { id: 'estilo' } }],
        },
      ],
    },
  ],
  symbols: [],
  dataSources: [],
};

/** The issue's draft, and more of the same: each piece makes the editor's canvas run a script. */
const HOSTILE_DESIGN = {
  pages: [
    {
      frames: [
        {
          component: {
            type: 'wrapper',
            components: [
              {
                tagName: 'img',
                type: 'image',
                attributes: { src: 'x', onerror: 'alert(1)', OnLoad: 'alert(2)' },
              },
              { type: 'script', content: 'alert(3)' },
              { type: 'default', tagName: 'SCRIPT', content: 'alert(4)' },
              { tagName: 'div', script: 'alert(5)', 'script-export': 'alert(6)', 'script-props': ['a'] },
              { type: 'text', content: '<img src=x onerror=alert(7)><script>alert(8)</script>' },
              { type: 'default', components: '<img src=x onerror=alert(9)>' },
              { type: 'link', attributes: { href: ' JaVa\tScRiPt:alert(10)' } },
              { type: 'link', attributes: { href: 'data:text/html,<script>alert(11)</script>' } },
              {
                type: 'image',
                src: 'javascript:alert(12)',
                attributes: { srcdoc: '<script>alert(13)</script>' },
              },
              { type: 'iframe', src: 'https://exemplo.com.br' },
              { type: 'svg', components: [{ tagName: 'script', content: 'alert(14)' }] },
              {
                type: 'data-variable',
                dataResolver: { path: 'ds.r.v' },
                defaultValue: '<img src=x onerror=alert(15)>',
              },
              {
                type: 'text',
                content: { type: 'data-variable', path: 'ds.r.v', defaultValue: '<img onerror=alert(16)>' },
              },
              { type: 'image', src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
              JSON.parse('{"__proto__":{"polluted":true},"type":"text","content":"ok"}'),
            ],
          },
          head: [
            { tag: 'script', attributes: { src: '/x.js' } },
            { tag: 'meta', attributes: { 'http-equiv': 'refresh', content: '0;url=javascript:alert(17)' } },
          ],
        },
      ],
    },
  ],
  dataSources: [{ id: 'ds', records: [{ id: 'r', v: '<img src=x onerror=alert(18)>' }] }],
};

describe('sanitizeEmailDesign', () => {
  it('keeps a newsletter design as the editor saved it', () => {
    expect(sanitizeEmailDesign(LEGIT_DESIGN)).toEqual(LEGIT_DESIGN);
    expect(sanitizeEmailDesign({ pages: [{ component: 'texto' }] })).toEqual({
      pages: [{ component: 'texto' }],
    });
    for (const scalar of [null, 1, 'x', true]) expect(sanitizeEmailDesign(scalar)).toBe(scalar);
  });

  it('drops every script, handler, frame, data binding and unsafe URL of a hostile draft', () => {
    const clean = sanitizeEmailDesign(HOSTILE_DESIGN);
    const text = JSON.stringify(clean);
    for (let n = 1; n <= 18; n++)
      expect(text, `alert(${n})`).not.toMatch(new RegExp(`<[^&]*alert\\(${n}\\)|"alert\\(${n}\\)"`));
    expect(text).not.toMatch(
      /onerror"|onload"|"script|javascript:|srcdoc|data:text|svg|data-variable|"tag":"(script|meta)"/i,
    );
    expect(text).not.toContain('<');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const components = (clean as typeof HOSTILE_DESIGN).pages[0]?.frames[0]?.component.components ?? [];
    expect(components).toEqual([
      { tagName: 'img', type: 'image', attributes: { src: 'x' } },
      { tagName: 'div' },
      { type: 'text', content: '&lt;img src=x onerror=alert(7)>&lt;script>alert(8)&lt;/script>' },
      { type: 'default', components: '&lt;img src=x onerror=alert(9)>' },
      { type: 'link', attributes: {} },
      { type: 'link', attributes: {} },
      { type: 'image', attributes: {} },
      { type: 'text' },
      { type: 'image' },
      { type: 'text', content: 'ok' },
    ]);
    expect((clean as typeof HOSTILE_DESIGN).pages[0]?.frames[0]?.head).toEqual([]);
    expect((clean as typeof HOSTILE_DESIGN).dataSources).toEqual([]);
  });
});

describe('readEmailDesign', () => {
  it('answers the sanitised design in the form it came: an object, or the JSON string of the editor', () => {
    expect(readEmailDesign(LEGIT_DESIGN, MAX)).toEqual({ design: LEGIT_DESIGN });
    expect(readEmailDesign(JSON.stringify(LEGIT_DESIGN), MAX)).toEqual({
      design: JSON.stringify(LEGIT_DESIGN),
    });
    const fromString = readEmailDesign(JSON.stringify(HOSTILE_DESIGN), MAX) as { design: string };
    expect(JSON.parse(fromString.design)).toEqual(sanitizeEmailDesign(HOSTILE_DESIGN));
  });

  it('refuses a design too large, too deep or a string that is no JSON, before walking it', () => {
    const deep = `${'['.repeat(90_000)}${']'.repeat(90_000)}`;
    expect(readEmailDesign(deep, MAX)).toEqual({ problem: 'tooDeep' });
    expect(readEmailDesign(JSON.parse(deep), MAX)).toEqual({ problem: 'tooDeep' });
    const atLimit = `${'['.repeat(JSON_MAX_DEPTH)}${']'.repeat(JSON_MAX_DEPTH)}`;
    expect(readEmailDesign(atLimit, MAX)).toEqual({ design: atLimit });
    expect(readEmailDesign('{', MAX)).toEqual({ problem: 'notJson' });
    expect(readEmailDesign(JSON.stringify({ a: 'x'.repeat(100) }), 50)).toEqual({ problem: 'tooLarge' });
    expect(readEmailDesign({ a: 'x'.repeat(100) }, 50)).toEqual({ problem: 'tooLarge' });
  });

  it('refuses a design of more objects, arrays and strings than EMAIL_DESIGN_MAX_NODES, counted on its text (issue 38)', () => {
    const flat = (n: number) => `[${new Array(n).fill('{}').join(',')}]`;
    expect(readEmailDesign(flat(EMAIL_DESIGN_MAX_NODES - 1), MAX)).toHaveProperty('design');
    expect(readEmailDesign(flat(EMAIL_DESIGN_MAX_NODES), MAX)).toEqual({ problem: 'tooManyNodes' });
    expect(readEmailDesign(JSON.parse(flat(EMAIL_DESIGN_MAX_NODES)), MAX)).toEqual({
      problem: 'tooManyNodes',
    });
    // the 2 MB worst case of the property test: 700,000 `{}`, refused before JSON.parse
    expect(readEmailDesign(flat(700_000), 4 * 1024 * 1024)).toEqual({ problem: 'tooManyNodes' });
    // a string's content is one node, whatever braces, brackets or escaped quotes it holds
    const css = JSON.stringify({ styles: '{['.repeat(200_000), quoted: 'a\\"{[', slash: '\\' });
    expect(jsonTextNodesPast(css, 7)).toBe(false);
    expect(jsonTextNodesPast(css, 6)).toBe(true);
    // the text count agrees with the parsed value's (keys counted as strings)
    for (const value of [LEGIT_DESIGN, HOSTILE_DESIGN, { a: [1, 'b', { c: null }] }]) {
      const text = JSON.stringify(value);
      let nodes = 0;
      JSON.parse(text, (_key, v) => {
        if (typeof v === 'string' || (typeof v === 'object' && v !== null)) nodes++;
        if (typeof v === 'object' && v !== null && !Array.isArray(v)) nodes += Object.keys(v).length;
        return v;
      });
      expect(jsonTextNodesPast(text, nodes), JSON.stringify(value).slice(0, 60)).toBe(false);
      expect(jsonTextNodesPast(text, nodes - 1)).toBe(true);
    }
  });
});
