import { describe, expect, it } from 'vitest';
import {
  buildMime,
  encodeHeaderText,
  encodeQuotedPrintable,
  foldHeader,
  formatAddress,
  formatDate,
  mimeText,
} from './mime-message.ts';

/** The bytes of quoted-printable text: soft breaks joined, `=XX` decoded (the rest is ASCII). */
function qpBytes(qp: string): Buffer {
  const joined = qp.replace(/=\r\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );
}
const decodeQp = (qp: string) => qpBytes(qp).toString('utf8');

/** RFC 2047 Q words undone (folding between words dropped). */
function decodeWords(value: string): string {
  const unfolded = value.replace(/\?=\r\n =\?/g, '?==?');
  return unfolded.replace(/=\?UTF-8\?Q\?([^?]*)\?=/g, (_, q: string) =>
    decodeQp(q.replace(/_/g, ' ').replace(/=\r\n/g, '')),
  );
}

const lines = (s: string) => s.split('\r\n');
/** Throws on bytes that are not whole UTF-8 characters. */
const utf8Bytes = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

describe('quoted-printable', () => {
  it('encodes accents as their UTF-8 bytes and keeps ASCII readable', () => {
    expect(encodeQuotedPrintable('Olá, ação!')).toBe('Ol=C3=A1, a=C3=A7=C3=A3o!');
    expect(encodeQuotedPrintable('x=1&y=2')).toBe('x=3D1&y=3D2');
  });

  it('breaks a long line softly at 76 columns, never inside an =XX nor inside a character', () => {
    const long = `${'a'.repeat(74)}ç${'b'.repeat(200)} ${'é'.repeat(40)}`;
    const qp = encodeQuotedPrintable(long);
    for (const line of lines(qp)) expect(line.length).toBeLessThanOrEqual(76);
    // 'ç' (=C3=A7) does not fit after 74 a's and a soft break: it starts the next line whole
    expect(lines(qp)[0]).toBe(`${'a'.repeat(74)}=`);
    expect(lines(qp)[1]?.startsWith('=C3=A7b')).toBe(true);
    for (const line of lines(qp)) {
      const content = line.replace(/=$/, '');
      expect(content).toMatch(/^(?:[^=]|=[0-9A-F]{2})*$/);
      expect(() => utf8Bytes(qpBytes(content))).not.toThrow();
    }
    expect(decodeQp(qp)).toBe(long);
  });

  it('line ends become CRLF, a space or tab ending a line is encoded, control characters too', () => {
    expect(encodeQuotedPrintable('um \ndois\t\r\ntrês\rfim')).toBe('um=20\r\ndois=09\r\ntr=C3=AAs\r\nfim');
    expect(encodeQuotedPrintable('a\x00b\x1bc')).toBe('a=00b=1Bc');
    expect(encodeQuotedPrintable('a  b')).toBe('a  b');
  });

  it('a line of exactly 76 characters needs no soft break', () => {
    expect(encodeQuotedPrintable('x'.repeat(76))).toBe('x'.repeat(76));
    expect(encodeQuotedPrintable('x'.repeat(77))).toBe(`${'x'.repeat(75)}=\r\nxx`);
  });
});

describe('headers', () => {
  it('a subject with accents is RFC 2047 encoded words; a plain one is left as it is', () => {
    expect(encodeHeaderText('Subject', 'Olá, Maria — audiência')).toBe(
      '=?UTF-8?Q?Ol=C3=A1=2C_Maria_=E2=80=94_audi=C3=AAncia?=',
    );
    expect(encodeHeaderText('Subject', 'Convite para a audiencia')).toBe('Convite para a audiencia');
    // '=?' in plain text would read as an encoded word
    expect(encodeHeaderText('Subject', 'a =?x?= b')).toMatch(/^=\?UTF-8\?Q\?/);
  });

  it('a long accented subject is several encoded words on lines of at most 78, whole characters each', () => {
    const subject = `Olá, ${'ação e participação '.repeat(8)}— São Paulo`;
    const value = encodeHeaderText('Subject', subject);
    const header = foldHeader('Subject', value);
    for (const line of lines(header)) {
      expect(line.length).toBeLessThanOrEqual(78);
      expect(line.trim()).toMatch(/^(Subject: )?=\?UTF-8\?Q\?[^?\s]*\?=$/);
    }
    for (const word of value.match(/=\?[^\s]+?\?=/g) ?? []) {
      expect(word.length).toBeLessThanOrEqual(75);
      expect(() => utf8Bytes(qpBytes(word.slice('=?UTF-8?Q?'.length, -2).replace(/_/g, ' ')))).not.toThrow();
    }
    expect(decodeWords(value)).toBe(subject);
  });

  it('a line break in a subject or a name cannot start a header of its own', () => {
    const mime = mimeText(
      buildMime({
        from: { name: 'Gabinete\r\nBcc: todos@x.example', address: 'a@gab.example' },
        to: 'maria@destino.example',
        subject: 'Oi\r\nBcc: todos@x.example',
        date: new Date('2026-03-10T15:00:00Z'),
        messageId: '<id@gab.example>',
        text: 't',
        html: 'h',
        headers: { 'List-Unsubscribe': '<https://x.example/u>\r\nBcc: todos@x.example' },
      }),
    );
    expect(mime).not.toMatch(/^Bcc:/m);
  });

  it('folds a long header at spaces within 78 columns, and unfolds to the same value', () => {
    const value = Array.from({ length: 20 }, (_, i) => `palavra${i}`).join(' ');
    const folded = foldHeader('X-Lista', value);
    for (const line of lines(folded)) expect(line.length).toBeLessThanOrEqual(78);
    expect(lines(folded).length).toBeGreaterThan(1);
    expect(folded.replace(/\r\n /g, ' ')).toBe(`X-Lista: ${value}`);
    expect(foldHeader('X-Curto', 'valor')).toBe('X-Curto: valor');
  });

  it('a display name: atoms as they are, specials quoted, accents encoded', () => {
    expect(formatAddress({ name: 'Gabinete da Vereadora', address: 'a@g.example' })).toBe(
      'Gabinete da Vereadora <a@g.example>',
    );
    expect(formatAddress({ name: 'Silva, Ana "Aninha" \\ Gab.', address: 'a@g.example' })).toBe(
      '"Silva, Ana \\"Aninha\\" \\\\ Gab." <a@g.example>',
    );
    expect(formatAddress({ name: 'Gabinete da Vereadora Ána', address: 'a@g.example' })).toBe(
      '=?UTF-8?Q?Gabinete_da_Vereadora_=C3=81na?= <a@g.example>',
    );
    expect(formatAddress({ name: '', address: 'a@g.example' })).toBe('a@g.example');
  });

  it('dates in RFC 5322 form', () => {
    expect(formatDate(new Date('2026-03-10T15:04:05Z'))).toBe('Tue, 10 Mar 2026 15:04:05 +0000');
  });
});

describe('the message', () => {
  const raw = mimeText(
    buildMime({
      from: { name: 'Gabinete', address: 'contato@gab.example' },
      to: 'maria@destino.example',
      subject: 'Convite',
      date: new Date('2026-03-10T15:00:00Z'),
      messageId: '<AbCdEfGhIjKlMnOpQrStUv@gab.example>',
      text: 'Olá, Maria!\n--=_mandato-alt',
      html: '<p>Olá, <b>Maria</b>!</p>',
      headers: {
        'List-Unsubscribe': '<https://app.example/u/AbCd>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  );
  const [head, body] = splitOnce(raw);

  it('has the headers in order, CRLF only, then a multipart/alternative of text and HTML', () => {
    expect(raw).not.toMatch(/[^\r]\n/);
    expect(lines(head)).toEqual([
      'From: Gabinete <contato@gab.example>',
      'To: maria@destino.example',
      'Subject: Convite',
      'Date: Tue, 10 Mar 2026 15:00:00 +0000',
      'Message-ID: <AbCdEfGhIjKlMnOpQrStUv@gab.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="=_mandato-alt"',
      'List-Unsubscribe: <https://app.example/u/AbCd>',
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    ]);
    const parts = body.split('--=_mandato-alt');
    // before the first boundary, text, HTML, and '--' after the closing one
    expect(parts).toHaveLength(4);
    expect(parts[1]).toBe(
      '\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nOl=C3=A1, Maria!\r\n--=3D_mandato-alt\r\n',
    );
    expect(parts[2]).toContain('Content-Type: text/html; charset=utf-8');
    expect(decodeQp(parts[2]?.split('\r\n\r\n')[1] ?? '')).toBe('<p>Olá, <b>Maria</b>!</p>\r\n');
    expect(parts[3]).toBe('--\r\n');
  });
});

function splitOnce(raw: string): [string, string] {
  const at = raw.indexOf('\r\n\r\n');
  return [raw.slice(0, at), raw.slice(at + 4)];
}
