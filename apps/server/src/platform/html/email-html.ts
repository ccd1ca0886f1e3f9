import { createRequire } from 'node:module';
import { HTML_BUDGET } from '@mandato/domain';
import type { convert as ConvertHtml } from 'html-to-text';
import type Juice from 'juice';
import type SanitizeHtml from 'sanitize-html';
import type { AppContext } from '../app-context.ts';
import { once } from '../lazy.ts';
import { DROPPED_WITH_TEXT } from './dropped-elements.ts';
import { cleanEmailStyle, isEmailHref, isEmailImage } from './email-css.ts';
import { checkHtmlBudget } from './html-budget.ts';
import { sanitizeHtmlLibrary } from './sanitize-html.ts';

/**
 * A newsletter as the e-mail editor (GrapesJS, newsletter preset) writes it, made fit to send. It is
 * untrusted and up to 1 MB: the server runs this in its isolated pool (platform/untrusted), never
 * on the main thread, and no step builds a DOM emulation (jsdom took 112 MB of heap for 10,000
 * elements); every step is a parser of the htmlparser2 family.
 * 1. the budget (html-budget.ts): elements, depth, merge tags and style rules counted by a streaming
 *    tokenizer, the HTML refused at the first one passed;
 * 2. its `<style>` rules inlined into `style` attributes (juice, over cheerio), the blocks dropped;
 * 3. sanitised (sanitize-html) with an e-mail allow-list: layout tables and their attributes, inline
 *    styles with the dangerous CSS removed, links to http(s)/mailto/tel, images by http(s) URL or
 *    small png/jpeg/gif data: URLs; no scripts, handlers, forms, frames or SVG;
 * 4. a plain-text alternative (html-to-text), its words as the HTML writes them (headings not
 *    upper-cased), so the merge at the send fills the text as it fills the HTML.
 * Merge tags ({{primeiro_nome}}) are text to every step and survive, in attributes too.
 */

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
  'role',
  'rowspan',
  'scope',
  'size',
  'src',
  'style',
  'target',
  'title',
  'valign',
  'width',
];

/** `role` values an e-mail keeps: a layout table marked as such (nothing that changes behaviour). */
const LAYOUT_ROLES: ReadonlySet<string> = new Set(['presentation', 'none']);

interface Libraries {
  sanitize: typeof SanitizeHtml;
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
  return {
    sanitize: sanitizeHtmlLibrary(),
    juice: inliner(interop(require('juice')) as typeof Juice),
    convert: (require('html-to-text') as typeof import('html-to-text')).convert,
  };
});

/** Each kept element's attributes narrowed to what an e-mail may hold. */
function emailAttributes(tagName: string, attribs: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'style') {
      const style = cleanEmailStyle(value);
      if (style !== '') out.style = style;
    } else if (name === 'href') {
      if (isEmailHref(value)) out.href = value;
    } else if (name === 'background') {
      if (/^https?:\/\//i.test(value.trim())) out.background = value;
    } else if (name === 'role') {
      // a layout table says so to screen readers (issue 40 item 2); no other role is kept
      if (LAYOUT_ROLES.has(value.trim().toLowerCase())) out.role = value.trim().toLowerCase();
    } else out[name] = value;
  }
  if (out.target !== undefined) out.rel = 'noopener noreferrer';
  return { tagName, attribs: out };
}

const sanitizeOptions = (): SanitizeHtml.IOptions => ({
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { '*': ALLOWED_ATTR },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'background'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_TEXT],
  parseStyleAttributes: false,
  transformTags: { '*': emailAttributes },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isEmailImage(frame.attribs.src ?? ''),
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

/**
 * One root for the parsed document: cheerio's queries over a root with many children remove subsets
 * in quadratic time (39,000 top-level `<br>`: 5 s); the root's tag is dropped by the sanitiser, and
 * never taken from the input.
 */
const ROOT = 'mandato-root';
const ROOT_TAG = /<\/?mandato-root[^>]*>?/gi;

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

export interface PreparedEmailHtml {
  html: string;
  text: string;
}

export function prepareEmailHtml(html: string): PreparedEmailHtml {
  checkHtmlBudget(html);
  const { sanitize, juice, convert } = load();

  const inlined = juice(`<${ROOT}>${html.replace(ROOT_TAG, '')}</${ROOT}>`, {
    removeStyleTags: true,
    preserveMediaQueries: false,
    preserveFontFaces: false,
    preserveKeyFrames: false,
    preservePseudos: false,
    applyStyleTags: true,
    insertPreservedExtraCss: false,
  });

  const safe = sanitize(bodyAsDiv(inlined), sanitizeOptions());

  const text = convert(safe, {
    wordwrap: 78,
    limits: { maxDepth: HTML_BUDGET.depth + 10 },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block' },
      { selector: 'td', format: 'block' },
      { selector: 'th', format: 'block' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      // headings as written: upper-cased here, their merge tags ({{primeiro_nome}}) would be too,
      // and the merge at the send would not know them (issue 39 item 5)
      ...HEADINGS.map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  });
  return { html: safe, text: text.trim() };
}

/** The pool's task of prepareEmailHtml (untrusted.worker.ts). */
export const EMAIL_HTML_TASK = 'email-html';

/** An e-mail's HTML prepared in the untrusted pool (never on the main thread). */
export const prepareEmailHtmlIsolated = (app: AppContext, tenantId: string, html: string) =>
  app.untrusted.run<PreparedEmailHtml>(EMAIL_HTML_TASK, html, { tenantId, field: 'htmlContent' });
