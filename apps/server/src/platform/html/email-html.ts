import { createRequire } from 'node:module';
import type { DOMPurify } from 'dompurify';
import type { convert as ConvertHtml } from 'html-to-text';
import type Juice from 'juice';
import { once } from '../lazy.ts';
import { boundTagDepth } from './bounded-depth.ts';
import { cleanEmailStyle, isEmailHref, isEmailImage } from './email-css.ts';

/**
 * A newsletter as the e-mail editor (GrapesJS, newsletter preset) writes it, made fit to send:
 * 1. tags nested deeper than MAX_DEPTH dropped, their text kept (bounded-depth.ts: jsdom and the
 *    serializers recurse per level, a hostile 1 MB of `<div>` must not overflow the stack);
 * 2. its `<style>` rules inlined into `style` attributes (juice), the `<style>` blocks then dropped;
 * 3. sanitised (DOMPurify over jsdom) with an e-mail allow-list: layout tables and their
 *    attributes, inline styles with the dangerous CSS removed, links to http(s)/mailto/tel, images
 *    by http(s) URL or small png/jpeg/gif data: URLs; no scripts, handlers, forms, frames or SVG;
 * 4. a plain-text alternative (html-to-text).
 * Merge tags ({{primeiro_nome}}) are text to every step and survive, in attributes too.
 * The libraries load on first use (jsdom is large; most processes never prepare an e-mail).
 */

/** Deeper elements become their text (a newsletter's table layout nests about 20 levels). */
export const MAX_DEPTH = 100;

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'code',
  'col',
  'colgroup',
  'div',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = [
  'align',
  'alt',
  'background',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'color',
  'colspan',
  'dir',
  'face',
  'height',
  'href',
  'lang',
  'rel',
  'rowspan',
  'size',
  'src',
  'style',
  'target',
  'title',
  'valign',
  'width',
];
/** DOMPurify's own URI rule without its extra schemes; href/src/background are narrowed in the hook. */
const ATTRIBUTE_VALUE = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

interface Libraries {
  purify: DOMPurify;
  juice: typeof Juice;
  convert: typeof ConvertHtml;
}

/**
 * juice sets template blocks (`{{…}}`, `<%…%>`) aside and puts each back with a pass over the whole
 * HTML: quadratic with a merge tag per line of a 1 MB newsletter (minutes). Merge tags are plain
 * text to the HTML parser, so nothing is set aside.
 */
function inliner(juice: typeof Juice): typeof Juice {
  // the object juice's parser reads (juice.codeBlocks is a reference to it): emptied in place
  for (const key of Object.keys(juice.codeBlocks)) delete juice.codeBlocks[key];
  return juice;
}

/** A CommonJS module compiled from ESM exports its function as `default`. */
const interop = (module: { default?: unknown }) => module.default ?? module;

const load = once((): Libraries => {
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  const createDOMPurify = require('dompurify') as typeof import('dompurify').default;
  const dom = new JSDOM('');
  const purify = createDOMPurify(dom.window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style') {
      data.attrValue = cleanEmailStyle(data.attrValue);
      if (data.attrValue === '') data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const href = node.getAttribute('href');
    if (href !== null && !isEmailHref(href)) node.removeAttribute('href');
    const background = node.getAttribute('background');
    if (background !== null && !/^https?:\/\//i.test(background.trim())) node.removeAttribute('background');
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src');
      if (src === null || !isEmailImage(src)) node.remove();
    }
    if (node.getAttribute('target') !== null) node.setAttribute('rel', 'noopener noreferrer');
  });
  return {
    purify,
    juice: inliner(interop(require('juice')) as typeof Juice),
    convert: (require('html-to-text') as typeof import('html-to-text')).convert,
  };
});

/**
 * The body of juice's document (cheerio writes it whole, attributes double-quoted), its inline look
 * kept on a wrapping div: the body itself is not sent, and many mail clients drop it anyway.
 */
function bodyAsDiv(document: string): string {
  const open = /<body\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(document);
  if (!open) return document;
  const start = open.index + open[0].length;
  const end = document.lastIndexOf('</body>');
  const inner = document.slice(start, end < start ? undefined : end);
  const look = [...(open[1] ?? '').matchAll(/\s(style|bgcolor)="([^"]*)"/gi)].map(
    (m) => ` ${m[1]}="${m[2]}"`,
  );
  return look.length > 0 ? `<div${look.join('')}>${inner}</div>` : inner;
}

export function prepareEmailHtml(html: string): { html: string; text: string } {
  const { purify, juice, convert } = load();

  const inlined = juice(boundTagDepth(html, MAX_DEPTH), {
    removeStyleTags: true,
    preserveMediaQueries: false,
    preserveFontFaces: false,
    preserveKeyFrames: false,
    preservePseudos: false,
    applyStyleTags: true,
    insertPreservedExtraCss: false,
  });

  const body = bodyAsDiv(inlined);
  const safe = purify.sanitize(body, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ATTRIBUTE_VALUE,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    SAFE_FOR_TEMPLATES: false,
  });

  const text = convert(safe, {
    wordwrap: 78,
    limits: { maxDepth: MAX_DEPTH + 10 },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block' },
      { selector: 'td', format: 'block' },
      { selector: 'th', format: 'block' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return { html: safe, text: text.trim() };
}
