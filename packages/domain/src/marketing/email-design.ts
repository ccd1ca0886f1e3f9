import { JSON_MAX_DEPTH, jsonDeeperThan } from '../common/json-depth.ts';

/**
 * The e-mail editor's design (`jsonContent` of a shot and of the birthday e-mail): the GrapesJS
 * project the web saves as a JSON string (an object from another client is read too), stored to open
 * the editor again. Why a design cannot be saved.
 */
export type EmailDesignProblem = 'tooLarge' | 'tooManyNodes' | 'tooDeep' | 'notJson';

/**
 * The most objects, arrays and strings (keys included) a design may hold. A newsletter's project
 * holds a few thousand; parsing, walking and storing it (a jsonb: on the embedded engine, parsed on
 * the server's main thread) allocates each one, and 2 MB of `{}` are 700,000 (2–8 s, issue 38).
 */
export const EMAIL_DESIGN_MAX_NODES = 100_000;

const bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Whether JSON text holds more than `max` objects, arrays and strings, counted without parsing it
 * (a string's content is skipped whole; text that is not JSON is left to JSON.parse).
 */
export function jsonTextNodesPast(text: string, max: number): boolean {
  const opening = /["[{]/g;
  let nodes = 0;
  for (let match = opening.exec(text); match !== null; match = opening.exec(text)) {
    if (++nodes > max) return true;
    if (match[0] !== '"') continue;
    let end = match.index;
    for (;;) {
      end = text.indexOf('"', end + 1);
      if (end < 0) return false;
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) break;
    }
    opening.lastIndex = end + 1;
  }
  return false;
}

/** The same count over a parsed value (a loop: its depth is checked after). */
function nodesPast(value: unknown, max: number): boolean {
  let nodes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') nodes++;
    else if (Array.isArray(node)) {
      nodes++;
      for (const item of node) stack.push(item);
    } else if (typeof node === 'object' && node !== null) {
      const keys = Object.keys(node);
      nodes += 1 + keys.length;
      for (const key of keys) stack.push((node as Record<string, unknown>)[key]);
    }
    if (nodes > max) return true;
  }
  return false;
}

/**
 * The design as it may be stored, or why not: at most `maxBytes` of JSON, EMAIL_DESIGN_MAX_NODES
 * (counted on the text before it is parsed) and JSON_MAX_DEPTH levels (checked by a loop before
 * anything recurses into it), a string holding JSON.
 */
export function readEmailDesign(
  value: unknown,
  maxBytes: number,
): { design: unknown } | { problem: EmailDesignProblem } {
  if (typeof value === 'string') {
    if (bytes(value) > maxBytes) return { problem: 'tooLarge' };
    if (jsonTextNodesPast(value, EMAIL_DESIGN_MAX_NODES)) return { problem: 'tooManyNodes' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return { problem: 'notJson' };
    }
    if (jsonDeeperThan(parsed, JSON_MAX_DEPTH)) return { problem: 'tooDeep' };
    return { design: JSON.stringify(sanitizeEmailDesign(parsed)) };
  }
  if (nodesPast(value, EMAIL_DESIGN_MAX_NODES)) return { problem: 'tooManyNodes' };
  if (jsonDeeperThan(value, JSON_MAX_DEPTH)) return { problem: 'tooDeep' };
  if (bytes(JSON.stringify(value) ?? '') > maxBytes) return { problem: 'tooLarge' };
  return { design: sanitizeEmailDesign(value) };
}

/**
 * Elements that run code, load a document or reach out of the canvas (the e-mail's HTML keeps none:
 * platform/html/email-html.ts): a component or a frame's head item with one of these tags goes whole.
 */
const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'base',
  'meta',
  'link',
  'svg',
  'math',
  'template',
]);
/**
 * GrapesJS component types that run a script or frame another page. Types `data-*` (variables,
 * conditions, collections) put the design's data sources in the canvas as HTML: the editor uses none.
 */
const DROPPED_TYPES: ReadonlySet<string> = new Set(['script', 'iframe', 'video', 'map', 'svg', 'svg-in']);
/** A component's own script, run in the canvas (and exported), and what feeds it. */
const DROPPED_KEYS: ReadonlySet<string> = new Set(['script', 'script-export', 'script-props', '__proto__']);
/** Keys holding a URL, as a component property (image `src`), an attribute or an asset's `src`. */
const URL_KEYS: ReadonlySet<string> = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'background',
  'poster',
  'data',
  'xlink:href',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'ping',
  'codebase',
  'archive',
  'classid',
  'usemap',
  'manifest',
  'icon',
]);
/** Strings GrapesJS reads as HTML: a component's `content` (its inner HTML) and components given as markup. */
const MARKUP_KEYS: ReadonlySet<string> = new Set(['content', 'components', 'component']);
/** Components whose `content` is text, never parsed: a text node, a comment. */
const TEXT_TYPES: ReadonlySet<string> = new Set(['textnode', 'comment']);

/** A small png/jpeg/gif/webp image inline (the e-mail's rule: platform/html/email-css.ts). */
export const DESIGN_DATA_IMAGE_MAX_CHARS = 200 * 1024;
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** A URL that runs code or carries a document: javascript:, vbscript:, data: but small images. */
function unsafeUrl(url: string): boolean {
  // as a browser reads the scheme: spaces and control characters anywhere in it do not count
  const scheme = url.replace(/[\p{Cc}\s]+/gu, '').toLowerCase();
  if (/^(?:javascript|vbscript|livescript):/.test(scheme)) return true;
  if (!scheme.startsWith('data:')) return false;
  const value = url.trim();
  return value.length > DESIGN_DATA_IMAGE_MAX_CHARS || !DATA_IMAGE.test(value);
}

const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** An object the canvas must never see: a script or frame component, a data binding, a `<script>` head item. */
function dropped(node: Record<string, unknown>): boolean {
  const type = lower(node.type);
  return (
    DROPPED_TYPES.has(type) ||
    type.startsWith('data-') ||
    DROPPED_TAGS.has(lower(node.tagName)) ||
    DROPPED_TAGS.has(lower(node.tag))
  );
}

/** An element's attributes without event handlers, `srcdoc` and unsafe URLs. */
function cleanAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const key = lower(name);
    if (key.startsWith('on') || key === 'srcdoc' || DROPPED_KEYS.has(name)) continue;
    if (typeof value === 'string' && URL_KEYS.has(key) && unsafeUrl(value)) continue;
    const clean = cleanValue(value);
    if (clean !== DROP) out[name] = clean;
  }
  return out;
}

const DROP = Symbol('drop');

function cleanValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanValue).filter((v) => v !== DROP);
  if (typeof value !== 'object' || value === null) return value;
  const node = value as Record<string, unknown>;
  if (dropped(node)) return DROP;
  const textContent = TEXT_TYPES.has(lower(node.type));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node)) {
    if (DROPPED_KEYS.has(key)) continue;
    if (key === 'dataSources') {
      out[key] = [];
    } else if (key === 'attributes' && typeof child === 'object' && child !== null && !Array.isArray(child)) {
      out[key] = cleanAttributes(child as Record<string, unknown>);
    } else if (typeof child === 'string') {
      if (URL_KEYS.has(lower(key)) && unsafeUrl(child)) continue;
      // markup becomes text: with no '<' left, what GrapesJS sets as inner HTML makes no element
      out[key] =
        MARKUP_KEYS.has(key) && !(key === 'content' && textContent) ? child.replace(/</g, '&lt;') : child;
    } else {
      const clean = cleanValue(child);
      if (clean !== DROP) out[key] = clean;
    }
  }
  return out;
}

/**
 * The editor's design made safe to open, the rule of the e-mail's HTML applied to the GrapesJS
 * project it is made of (issue 38): components of type script, iframe, video, map or svg, of a
 * script/frame/object/meta/link/base/svg tag, and data bindings (`data-*` types, `dataSources`)
 * dropped whole; the `script`, `script-export` and `script-props` properties removed; attributes
 * `on*` and `srcdoc` removed; a `javascript:`/`vbscript:`/`data:` URL (but a small image) removed
 * from every URL key; markup in a string GrapesJS parses (a component's `content`, components given
 * as HTML) turned into text. Everything else is kept as it came. Pure; the value is at most
 * JSON_MAX_DEPTH deep (readEmailDesign checks it first), so the recursion is bounded.
 */
export function sanitizeEmailDesign(design: unknown): unknown {
  const clean = cleanValue(design);
  return clean === DROP ? null : clean;
}
