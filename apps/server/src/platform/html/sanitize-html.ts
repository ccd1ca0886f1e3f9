import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import type { AppContext } from '../app-context.ts';
import { once } from '../lazy.ts';
import { DROPPED_WITH_TEXT } from './dropped-elements.ts';

/**
 * Rich text written in the app's editor (TipTap: the sponsor form's privacy terms) as it may be
 * stored and shown to the public: sanitize-html (htmlparser2, no DOM emulation) with an allow-list
 * of formatting tags, links only to http(s), mailto and tel, and every link opening apart
 * (noopener, noreferrer, nofollow). Scripts, handlers, styles, forms, frames, SVG/MathML and data:
 * URLs are dropped. The output holds no raw-text element (style, noscript, svg…), so a browser
 * parses it as this parser did (no mutation XSS). Untrusted: runs in the isolated pool.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
];
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;

/** The sanitize-html function, loaded on first use (a CommonJS module: its function may be `default`). */
export const sanitizeHtmlLibrary = once((): typeof SanitizeHtml => {
  const require = createRequire(import.meta.url);
  const loaded = require('sanitize-html') as { default?: typeof SanitizeHtml } & typeof SanitizeHtml;
  return loaded.default ?? loaded;
});

const options: SanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROPPED_WITH_TEXT, 'form'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href;
      return {
        tagName,
        attribs: {
          ...(href !== undefined && SAFE_URL.test(href.trim()) ? { href } : {}),
          target: '_blank',
          rel: 'noopener noreferrer nofollow',
        },
      };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtmlLibrary()(html, options);
}

/** The pool's task of sanitizeRichText (untrusted.worker.ts). */
export const RICH_TEXT_TASK = 'rich-text';

/** Rich text sanitised in the untrusted pool (never on the main thread). */
export const sanitizeRichTextIsolated = (app: AppContext, tenantId: string, html: string) =>
  app.untrusted.run<string>(RICH_TEXT_TASK, html, { tenantId, field: 'terms' });
