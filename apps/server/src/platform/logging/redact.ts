/**
 * Personal data out of the logs (issue 41 item 6): e-mail addresses, phone numbers, CPFs and tokens
 * are replaced by a label wherever they appear — the request's URL (path segments and query values,
 * percent-decoded), a message, an error's text. Used by the logger (logger.ts): the `req` serializer
 * calls redactUrl, and every written line goes through redactLine.
 *
 * The rules, precise enough to leave ids, route patterns, timestamps and durations alone:
 * - e-mail: local@domain.tld, also with the @ percent-encoded (%40, %2540);
 * - phone (Brazilian): an area code 11–99 and a subscriber number, a mobile 9 + 8 digits or a
 *   landline [2-5] + 7 digits, optionally after +55 / 55, with or without ( ) spaces dots hyphens —
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

const EMAIL =
  /[\p{L}\p{N}._%+-]{1,64}(?:@|%40|%2540)[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})*\.\p{L}{2,24}/gu;
const JWT = /eyJ[\w-]{2,}\.[\w-]{2,}\.[\w-]*/g;
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[^\s"\\,;]+/gi;
const SECRET_FIELD =
  /"(authorization|cookie|set-cookie|proxy-authorization|x-api-key|password|senha|token|secret)":"(?:[^"\\]|\\.)*"/gi;
const CPF_FORMATTED = /(?<![\w.\\])(?:\d{3}\.\d{3}\.\d{3}|\d{9})-\d{2}(?![\w-])/g;
const ELEVEN_DIGITS = /(?<![\w.\\+-])\d{11}(?![\w.-])/g;
const PHONE =
  /(?<![\w.\\+-])(?:(?:\+\s?55|55)[\s.-]?)?(?:\(\s?[1-9][1-9]\s?\)|[1-9][1-9])[\s.-]?(?:9[\s.]?\d{4}|[2-5]\d{3})[\s.-]?\d{4}(?![\w-])|(?<![\w.\\+-])9\d{4}-\d{4}(?![\w-])/g;
/** a path in a line: a message's URL, the req serializer's own (redactUrl is idempotent) */
const PATHISH = /(?<=[\s"':(=])\/[^\s"'<>\\]*/g;
/** a stack frame's file (bundlers name chunks with hashes): left as it is */
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|json|node)(?::\d+)*\)?$/;
const OPAQUE = /^[A-Za-z0-9_-]{16,}$/;
const NOT_A_WORD = /[0-9A-Z_]/;
/** the segment after one of these is a link's secret code */
const LINK_HOLDERS = new Set(['convite', 'godfather-form']);

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

/** E-mails, CPFs, phones and tokens of a text replaced by their labels. */
export function redactText(text: string): string {
  let s = text;
  if (s.includes('@') || s.includes('%40') || s.includes('%2540')) s = s.replace(EMAIL, LABELS.email);
  if (s.includes('eyJ')) s = s.replace(JWT, LABELS.token);
  s = s.replace(AUTH_SCHEME, `$1 ${LABELS.token}`);
  s = s.replace(CPF_FORMATTED, LABELS.cpf);
  s = s.replace(ELEVEN_DIGITS, (digits) => (isCpf(digits) ? LABELS.cpf : digits));
  return s.replace(PHONE, LABELS.phone);
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
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (segment === '') continue;
    segments[i] = LINK_HOLDERS.has(segments[i - 1] as string) ? LABELS.link : redactSegment(segment);
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
  if (s.includes('":"')) s = s.replace(SECRET_FIELD, (_m, key: string) => `"${key}":"${LABELS.secret}"`);
  if (s.includes('/')) s = s.replace(PATHISH, (path) => (SOURCE_FILE.test(path) ? path : redactUrl(path)));
  return redactText(s);
}
