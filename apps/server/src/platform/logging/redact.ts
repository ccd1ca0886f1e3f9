/**
 * Personal data out of the logs (issue 41 item 6): e-mail addresses, phone numbers, CPFs and tokens
 * are replaced by a label wherever they appear — the request's URL (path segments and query values,
 * percent-decoded), a message, an error's text. Used by the logger (logger.ts): the `req` serializer
 * calls redactUrl, and every written line goes through redactLine.
 *
 * The rules, precise enough to leave ids, route patterns, timestamps and durations alone:
 * - e-mail: local@domain.tld, also with the @ percent-encoded (%40, %2540);
 * - phone (Brazilian): an area code 11–99 and a subscriber number, a mobile 9 + 8 digits or a
 *   landline [2-5] + 7 digits, optionally after +55 / 55, with or without ( ) spaces hyphens (not
 *   dots: 21.34567890 is a duration) —
 *   so 10 to 13 digits that fit the numbering plan (a 13-digit millisecond timestamp does not: it
 *   would need the 55); also a mobile without area code written 98765-4321;
 * - CPF: 000.000.000-00 or 000000000-00 (formatted: always), or 11 bare digits whose two check
 *   digits are right (record ids and people codes are far shorter);
 * - token: a JWT (eyJ….….…), what follows Bearer/Basic, the value of an `authorization`, `cookie`,
 *   `password`, `token` or `secret` field; in a URL, an opaque segment or query value (16+
 *   characters of [A-Za-z0-9_-] with a digit, a capital or an underscore: base64url and hex tokens
 *   of the unsubscribe, tracking, calendar and confirmation links) and the sponsor link's code (the
 *   segment after /convite/ or /godfather-form/).
 * Labels never contain a quote or a backslash, and no match spans one, so a JSON line stays JSON.
 */

export const LABELS = {
  email: '[e-mail]',
  phone: '[telefone]',
  cpf: '[cpf]',
  token: '[token]',
  link: '[link]',
  secret: '[oculto]',
} as const;

/** an e-mail's @ (also percent-encoded once or twice): the search starts there, not at every letter */
const AT = /@|%40|%2540/g;
/** the domain after the @ (sticky: read from the @'s end); letters of Latin-1 and Latin Extended */
const DOMAIN = /[\w\-\u00C0-\u024F]{1,63}(?:\.[\w\-\u00C0-\u024F]{1,63})*\.[A-Za-z]{2,24}/y;
/** a character of an e-mail's local part: letters, digits, . _ % + - and accented letters */
const isLocalChar = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 46 ||
  code === 95 ||
  code === 37 ||
  code === 43 ||
  code === 45 ||
  (code >= 0xc0 && code <= 0x24f);
const JWT = /eyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/g;
const AUTH_WORDS = ['Bearer ', 'bearer ', 'BEARER ', 'Basic ', 'basic ', 'BASIC '];
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[^\s"\\,;]+/gi;
const SECRET_KEYS = [
  'authorization"',
  'Authorization"',
  'cookie"',
  'Cookie"',
  'api-key"',
  'password"',
  'senha"',
  'token"',
  'secret"',
];
const SECRET_FIELD =
  /"(authorization|cookie|set-cookie|proxy-authorization|x-api-key|password|senha|token|secret)":"(?:[^"\\]|\\.)*"/gi;
const CPF_FORMATTED = /(?<![\w.\\])(?:\d{3}\.\d{3}\.\d{3}|\d{9})-\d{2}(?![\w-])/g;
const ELEVEN_DIGITS = /(?<![\w.\\+-])\d{11}(?![\w.-])/g;
const PHONE =
  /(?<![\w.\\+-])(?:(?:\+\s?55|55)[\s-]?)?(?:\(\s?[1-9][1-9]\s?\)|[1-9][1-9])[\s-]?(?:9\s?\d{4}|[2-5]\d{3})[\s-]?\d{4}(?![\w-])|(?<![\w.\\+-])9\d{4}-\d{4}(?![\w-])/g;
/**
 * Where a phone or CPF may be: a run of digits, spaces, dots, hyphens and parentheses; the exact
 * rules above run on each run only (one pass over the line instead of three).
 */
const DIGITISH = /[+(]?\s?\d[\d\s().-]{7,}\d/g;
const DIGITS_AND_DOTS = /^[\d.]+$/;
const TEXT_SUSPECT = /[\d@%+]/;
/**
 * A URL none of the rules can match (no @ % +, no 8 digits in a row, no 123.4 / 5-6789, no run of
 * 16 token characters, no sponsor link): most of them, answered at once.
 */
const URL_SUSPECT = /[@%+]|\d{8}|\d{3}[.-]\d|\d[.-]\d{3}|[\w-]{16}|\/convite\/|\/godfather-form\//;
/** a path in a line (a message's URL, the req serializer's own: redactUrl is idempotent) */
const PATH = /\/[^\s"'<>\\]*/g;
/** what stands before a path: a quote, a space, `GET:`, `(`, `=` */
const BEFORE_PATH = ' \t"\':(=';
/** a stack frame's file (bundlers name chunks with hashes): left as it is */
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|json|node)(?::\d+)*\)?$/;
const OPAQUE = /^[A-Za-z0-9_-]{16,}$/;
const NOT_A_WORD = /[0-9A-Z_]/;
/** the sponsor link's code: /{slug}/convite/{code} (the page) and /api/people/godfather-form/{code} */
const isLinkCode = (segments: string[], i: number) =>
  segments[i - 1] === 'convite' || (segments[i - 1] === 'godfather-form' && segments[i - 2] === 'people');

/** A CPF's two check digits (module 11), over 11 digits. */
export function isCpf(digits: string): boolean {
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  for (const size of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += Number(digits[i]) * (size + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== Number(digits[size])) return false;
  }
  return true;
}

const redactDigitsExactly = (text: string) =>
  text
    .replace(CPF_FORMATTED, LABELS.cpf)
    .replace(ELEVEN_DIGITS, (digits) => (isCpf(digits) ? LABELS.cpf : digits))
    .replace(PHONE, LABELS.phone);

/** A run of digits with the characters either side of it (the rules' boundaries) redacted. */
function redactDigitRun(run: string, offset: number, text: string): string {
  if (DIGITS_AND_DOTS.test(run)) {
    // a duration, an address, a version: a phone has no dots, a CPF its hyphen
    if (run.includes('.')) return run;
    // bare digits (a timestamp, an id): a phone or CPF has 10 or 11, or 12–13 after the 55
    if (run.length < 10 || (run.length > 11 && !run.startsWith('55'))) return run;
  }
  const before = offset > 0 ? (text[offset - 1] as string) : '';
  const after = text[offset + run.length] ?? '';
  const framed = before + run + after;
  const out = redactDigitsExactly(framed);
  return out === framed ? run : out.slice(before.length, out.length - after.length);
}

/** Each e-mail: from an @, up to 64 characters of local part back and a domain forward. */
function redactEmails(text: string): string {
  let out = '';
  let last = 0;
  AT.lastIndex = 0;
  for (let at = AT.exec(text); at; at = AT.exec(text)) {
    let start = at.index;
    while (start > last && at.index - start < 64 && isLocalChar(text.charCodeAt(start - 1))) start--;
    if (start === at.index) continue;
    DOMAIN.lastIndex = at.index + at[0].length;
    const domain = DOMAIN.exec(text);
    if (!domain) continue;
    out += text.slice(last, start) + LABELS.email;
    last = DOMAIN.lastIndex;
    AT.lastIndex = last;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** E-mails, CPFs, phones and tokens of a text replaced by their labels. */
export function redactText(text: string): string {
  let s = text;
  if (s.includes('@') || s.includes('%40') || s.includes('%2540')) s = redactEmails(s);
  if (s.includes('eyJ')) s = s.replace(JWT, LABELS.token);
  if (AUTH_WORDS.some((word) => s.includes(word))) s = s.replace(AUTH_SCHEME, `$1 ${LABELS.token}`);
  return s.replace(DIGITISH, redactDigitRun);
}

const isOpaque = (piece: string) => OPAQUE.test(piece) && NOT_A_WORD.test(piece);
/** decoded text back into a URL (and a JSON line): quotes, backslashes, spaces and controls encoded */
// biome-ignore lint/suspicious/noControlCharactersInRegex: encoding them is the point
const reencode = (text: string) => text.replace(/[\u0000-\u0020"'\\<>%\u007f]/g, encodeURIComponent);

function decode(text: string, plusIsSpace: boolean): string {
  const plain = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  if (!plain.includes('%')) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}

function redactSegment(segment: string): string {
  if (segment.length >= 16) {
    // a calendar file is {slug}.{token}.ics, a tracking pixel {token}.gif
    const pieces = segment.split('.');
    if (pieces.some(isOpaque)) return pieces.map((p) => (isOpaque(p) ? LABELS.token : p)).join('.');
  }
  // no digit, @, % or +: a word of a route, nothing to find
  if (!TEXT_SUSPECT.test(segment)) return segment;
  const decoded = decode(segment, false);
  const redacted = redactText(decoded);
  return redacted === decoded ? segment : reencode(redacted);
}

function redactQueryPart(part: string): string {
  const eq = part.indexOf('=');
  if (eq === -1) return redactSegment(part);
  const value = part.slice(eq + 1);
  if (value === '') return part;
  const decoded = decode(value, true);
  if (isOpaque(decoded)) return `${part.slice(0, eq + 1)}${LABELS.token}`;
  const redacted = redactText(decoded);
  return redacted === decoded ? part : `${part.slice(0, eq + 1)}${reencode(redacted)}`;
}

/** A request's URL with every path segment and query value redacted; keys and routes kept. */
export function redactUrl(url: string): string {
  if (!URL_SUSPECT.test(url)) return url;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i] as string;
    // a route pattern's parameter (the `route` field beside the URL) is no value
    if (segment === '' || segment.startsWith(':')) continue;
    segments[i] = isLinkCode(segments, i) ? LABELS.link : redactSegment(segment);
  }
  const redactedPath = segments.join('/');
  if (q === -1) return redactedPath;
  return `${redactedPath}?${url
    .slice(q + 1)
    .split('&')
    .map(redactQueryPart)
    .join('&')}`;
}

/**
 * A whole log line (pino's JSON, before it is written): secret fields, then every URL in it, then
 * the text rules over the rest — a message or an error that carries a value is redacted too.
 */
export function redactLine(line: string): string {
  let s = line;
  if (SECRET_KEYS.some((key) => s.includes(key)))
    s = s.replace(SECRET_FIELD, (_m, key: string) => `"${key}":"${LABELS.secret}"`);
  if (s.includes('/')) s = s.replace(PATH, redactPathIn);
  return redactText(s);
}

function redactPathIn(path: string, offset: number, line: string): string {
  if (offset > 0 && !BEFORE_PATH.includes(line[offset - 1] as string)) return path;
  return SOURCE_FILE.test(path) ? path : redactUrl(path);
}
