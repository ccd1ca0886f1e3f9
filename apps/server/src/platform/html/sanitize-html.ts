import type { DOMPurify } from 'dompurify';
import { once } from '../lazy.ts';

/**
 * Rich text written in the app's editor (TipTap: the sponsor form's privacy terms) as it may be
 * stored and shown to the public: DOMPurify over a jsdom window, with an allow-list of formatting
 * tags, links only to http(s), mailto and tel, and every link opening apart (noopener, noreferrer,
 * nofollow). Scripts, handlers, styles, forms, frames, SVG/MathML and data: URLs are dropped.
 * The DOM is built on first use (jsdom is large; most processes never sanitise).
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
const ALLOWED_ATTR = ['href', 'target', 'rel'];
const SAFE_URL = /^(?:https?:|mailto:|tel:)/i;

const purifier = once(async (): Promise<DOMPurify> => {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
  return purify;
});

export async function sanitizeRichText(html: string): Promise<string> {
  const purify = await purifier();
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: true,
  });
}
