/**
 * The URL and CSS rules of an e-mail's HTML (email-html.ts): what a link, an image and an inline
 * style may hold once sanitised.
 */

/** Links: web pages, e-mail and phone (merge tags inside are plain text to this check). */
export function isEmailHref(href: string): boolean {
  return /^(?:https?:\/\/|mailto:|tel:)/i.test(href.trim());
}

/** Images inside the message are kept small: the whole HTML is at most 1 MB. */
export const DATA_IMAGE_MAX_CHARS = 200 * 1024;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif);base64,[a-z0-9+/=\s]*$/i;

/** Images: by http(s) URL, or a small png/jpeg/gif data: URL (never SVG: it can carry scripts). */
export function isEmailImage(src: string): boolean {
  const value = src.trim();
  if (/^https?:\/\//i.test(value)) return true;
  return value.length <= DATA_IMAGE_MAX_CHARS && DATA_IMAGE.test(value);
}

/** The declarations of a style attribute (split on `;` outside quotes and parentheses). */
function declarations(style: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < style.length; i++) {
    const c = style[i];
    if (c === '\\') i++;
    else if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      out.push(style.slice(start, i));
      start = i + 1;
    }
  }
  out.push(style.slice(start));
  return out.map((d) => d.trim()).filter(Boolean);
}

/** A declaration as a browser would read it: comments gone, CSS escapes decoded, no spaces, lower case. */
function decoded(declaration: string): string {
  return declaration
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/\\(.)/g, '$1')
    .replace(/[\s\0]+/g, '')
    .toLowerCase();
}

const DANGEROUS = [
  'expression(',
  'javascript:',
  'vbscript:',
  'behavior',
  '-moz-binding',
  '@import',
  '<',
  '>',
];

/** Every url(…) of a decoded declaration points to http(s) or a png/jpeg/gif data: image. */
function safeUrls(value: string): boolean {
  for (const match of value.matchAll(/url\(([^)]*)\)?/g)) {
    const target = (match[1] ?? '').replace(/^['"]|['"]$/g, '');
    if (!/^https?:\/\//.test(target) && !/^data:image\/(?:png|jpe?g|gif);/.test(target)) return false;
  }
  return true;
}

/** The declarations of a style attribute that are safe in an e-mail, joined again (maybe ''). */
export function cleanEmailStyle(style: string): string {
  return declarations(style)
    .filter((d) => {
      const value = decoded(d);
      return d.includes(':') && !DANGEROUS.some((bad) => value.includes(bad)) && safeUrls(value);
    })
    .join('; ');
}
