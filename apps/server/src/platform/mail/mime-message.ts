/**
 * The raw RFC 5322 / MIME text of an e-mail with a text and an HTML part (multipart/alternative),
 * both UTF-8 in quoted-printable, headers in RFC 2047 where they are not plain ASCII, CRLF line ends.
 * Built by hand so a shot's SMTP transport only talks SMTP: composing with nodemailer cost most of
 * the CPU of a send (issue 26's speed target).
 */

export interface MimeAddress {
  name: string;
  address: string;
}

export interface MimeMessage {
  from: MimeAddress;
  to: string;
  subject: string;
  date: Date;
  messageId: string;
  text: string;
  html: string;
  /** after the standard ones, in this order (List-Unsubscribe, List-Unsubscribe-Post, …) */
  headers?: Record<string, string>;
}

/** A header as written: its name and its value, already encoded and folded. */
export interface MimeHeader {
  name: string;
  value: string;
}

export interface BuiltMime {
  headers: MimeHeader[];
  /** everything after the blank line that ends the headers */
  body: string;
}

/** QP output never has `=_` (an `=` is always `=XX` or a soft break): no part can hold the boundary. */
const BOUNDARY = '=_mandato-alt';
const MAX_LINE = 76;
const FOLD_AT = 78;

/** `=XX` of every byte value (uppercase hex, as RFC 2045 asks). */
const HEX = Array.from({ length: 256 }, (_, b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`);

/** Bytes of the UTF-8 character that starts with `lead` (1 for a stray continuation byte). */
function utf8Length(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

/**
 * Quoted-printable (RFC 2045 §6.7) of UTF-8 text: lines of at most 76 characters with `=` soft
 * breaks, never splitting an `=XX` nor the bytes of one character, trailing space or tab encoded,
 * line ends as CRLF.
 */
export function encodeQuotedPrintable(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  let out = '';
  for (let l = 0; l < lines.length; l++) {
    if (l > 0) out += '\r\n';
    const bytes = Buffer.from(lines[l] as string, 'utf8');
    let width = 0;
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i] as number;
      let piece: string;
      let n = 1;
      if (b >= 0x21 && b <= 0x7e && b !== 0x3d) piece = String.fromCharCode(b);
      else if ((b === 0x20 || b === 0x09) && i < bytes.length - 1) piece = String.fromCharCode(b);
      else if (b < 0x80) piece = HEX[b] as string;
      else {
        n = Math.min(utf8Length(b), bytes.length - i);
        piece = '';
        for (let k = 0; k < n; k++) piece += HEX[bytes[i + k] as number];
      }
      // the last piece of the line may take column 76; any other leaves room for the soft break
      const last = i + n === bytes.length;
      if (width + piece.length > (last ? MAX_LINE : MAX_LINE - 1)) {
        out += '=\r\n';
        width = 0;
      }
      out += piece;
      width += piece.length;
      i += n;
    }
  }
  return out;
}

/** Printable ASCII with no `=?` (which a reader would take for an encoded word). */
const isPlainHeaderText = (s: string) => /^[\x20-\x7e]*$/.test(s) && !s.includes('=?');

/** Characters an RFC 2047 Q encoded word keeps as they are, in any header (§5 rule 3, the strictest). */
const Q_LITERAL = /[A-Za-z0-9!*+\-/]/;

/**
 * RFC 2047 Q encoded words of `text` (UTF-8), each at most 75 characters and holding whole
 * characters, joined by a folding space (which a reader drops between encoded words); the first
 * shorter by `taken`, the width of what precedes it on its line (`Subject: `), so lines stay in 78.
 */
export function encodeWords(text: string, taken = 0): string {
  const prefix = '=?UTF-8?Q?';
  let room = Math.min(75, 78 - taken) - prefix.length - 2;
  const words: string[] = [];
  let word = '';
  for (const char of text) {
    let piece: string;
    if (char === ' ') piece = '_';
    else if (Q_LITERAL.test(char)) piece = char;
    else {
      piece = '';
      for (const b of Buffer.from(char, 'utf8')) piece += HEX[b];
    }
    if (word.length + piece.length > room && word) {
      words.push(word);
      word = '';
      room = 75 - prefix.length - 2;
    }
    word += piece;
  }
  words.push(word);
  return words.map((w) => `${prefix}${w}?=`).join('\r\n ');
}

/** Unstructured header text: as it is when plain ASCII, else encoded words after `name: `. */
export function encodeHeaderText(name: string, text: string): string {
  const clean = text.replace(/[\r\n]+/g, ' ');
  return isPlainHeaderText(clean) ? clean : encodeWords(clean, name.length + 2);
}

/** RFC 5322 atext and spaces: a display name that needs neither quotes nor encoding. */
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;

/** `Name <address>`: the name as atoms, a quoted string or encoded words, whichever it needs. */
export function formatAddress({ name, address }: MimeAddress): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (!clean) return address;
  let phrase: string;
  if (PLAIN_PHRASE.test(clean) && !clean.includes('=?')) phrase = clean;
  else if (isPlainHeaderText(clean)) phrase = `"${clean.replace(/[\\"]/g, '\\$&')}"`;
  else phrase = encodeWords(clean, 'From: '.length);
  return `${phrase} <${address}>`;
}

/**
 * A header line folded at spaces so lines stay within 78 characters where a space allows it
 * (RFC 5322 §2.2.3); a value already folded (encoded words) is kept as it is.
 */
export function foldHeader(name: string, value: string): string {
  const line = `${name}: ${value}`;
  if (line.length <= FOLD_AT || value.includes('\r\n')) return line;
  const words = line.split(' ');
  let out = words[0] as string;
  let width = out.length;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    if (width + 1 + word.length > FOLD_AT) {
      out += `\r\n ${word}`;
      width = 1 + word.length;
    } else {
      out += ` ${word}`;
      width += 1 + word.length;
    }
  }
  return out;
}

/** RFC 5322 date in UTC: `Tue, 10 Mar 2026 15:00:00 +0000`. */
export const formatDate = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

/** Header values as written: one line, no control character (no header can be injected). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const headerValue = (s: string) => s.replace(/[\x00-\x1f\x7f]+/g, ' ');

/** The headers and body of the message; `mimeText` joins them into the text that is sent. */
export function buildMime(message: MimeMessage): BuiltMime {
  const headers: MimeHeader[] = [
    { name: 'From', value: formatAddress(message.from) },
    { name: 'To', value: headerValue(message.to) },
    { name: 'Subject', value: encodeHeaderText('Subject', message.subject) },
    { name: 'Date', value: formatDate(message.date) },
    { name: 'Message-ID', value: headerValue(message.messageId) },
    { name: 'MIME-Version', value: '1.0' },
    { name: 'Content-Type', value: `multipart/alternative; boundary="${BOUNDARY}"` },
  ];
  for (const [name, value] of Object.entries(message.headers ?? {}))
    headers.push({ name, value: headerValue(value) });
  const part = (type: string, content: string) =>
    `--${BOUNDARY}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${encodeQuotedPrintable(content)}\r\n`;
  const body = `${part('text/plain', message.text)}${part('text/html', message.html)}--${BOUNDARY}--\r\n`;
  return { headers, body };
}

/** Header lines, each folded and ended by CRLF. */
export const headerLines = (headers: MimeHeader[]) =>
  headers.map((h) => `${foldHeader(h.name, h.value)}\r\n`).join('');

/** The whole message as sent: headers, a blank line, the body. */
export const mimeText = ({ headers, body }: BuiltMime) => `${headerLines(headers)}\r\n${body}`;
