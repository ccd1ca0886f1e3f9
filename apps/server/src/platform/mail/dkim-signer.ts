import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import type { BuiltMime, MimeHeader } from './mime-message.ts';

/**
 * DKIM signature (RFC 6376) of a message built by `buildMime`: rsa-sha256, relaxed/relaxed, over
 * the headers a receiver judges a sender by. The private key is parsed once and kept by the
 * transport's DkimKeyCache (parsing the PEM cost three times the signature itself).
 */

export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PEM (PKCS#1 or PKCS#8) */
  privateKey: string;
}

/** Signed when present, in this order (lowercase, as `h=` lists them). */
export const DKIM_SIGNED_HEADERS = [
  'from',
  'to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'list-unsubscribe',
  'list-unsubscribe-post',
] as const;

/** Parsed keys by PEM, the oldest dropped past `size`: a transport signs for a few sender domains at a time. */
export class DkimKeyCache {
  private readonly keys = new Map<string, KeyObject>();

  constructor(private readonly size = 32) {}

  of(pem: string): KeyObject {
    let key = this.keys.get(pem);
    if (key) return key;
    key = createPrivateKey(pem);
    if (this.keys.size >= this.size) this.keys.delete(this.keys.keys().next().value as string);
    this.keys.set(pem, key);
    return key;
  }

  clear(): void {
    this.keys.clear();
  }
}

/** Relaxed header canonicalisation (§3.4.2): lowercase name, unfolded, spaces collapsed and trimmed. */
export function relaxedHeader(name: string, value: string): string {
  return `${name.toLowerCase()}:${value
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`;
}

/**
 * Relaxed body canonicalisation (§3.4.4): spaces and tabs collapsed, none at a line's end, no empty
 * lines at the end, one CRLF after the last line (an empty body is empty). The body uses CRLF.
 */
export function relaxedBody(body: string): string {
  const canonical = body
    .replace(/[ \t]+\r\n/g, '\r\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/[ \t]+$/, '')
    .replace(/(\r\n)+$/, '');
  return canonical ? `${canonical}\r\n` : '';
}

/** Splits the base64 signature so no header line runs past 78 characters. */
function foldSignature(b64: string): string {
  const chunks: string[] = [];
  for (let i = 0; i < b64.length; i += 72) chunks.push(b64.slice(i, i + 72));
  return chunks.join('\r\n ');
}

/** The DKIM-Signature header for `message`, to be written before its other headers. */
export function dkimSignature(message: BuiltMime, dkim: DkimKey, keys: DkimKeyCache): MimeHeader {
  const byName = new Map<string, MimeHeader>();
  for (const h of message.headers) byName.set(h.name.toLowerCase(), h);
  const signed = DKIM_SIGNED_HEADERS.filter((name) => byName.has(name));
  const bodyHash = createHash('sha256').update(relaxedBody(message.body), 'utf8').digest('base64');
  const tags =
    `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${dkim.domainName}; q=dns/txt;\r\n` +
    ` s=${dkim.keySelector}; bh=${bodyHash};\r\n h=${signed.join(':')}; b=`;
  let data = '';
  for (const name of signed) {
    const h = byName.get(name) as MimeHeader;
    data += `${relaxedHeader(h.name, h.value)}\r\n`;
  }
  data += relaxedHeader('DKIM-Signature', tags);
  const signature = sign('sha256', Buffer.from(data, 'utf8'), keys.of(dkim.privateKey));
  return { name: 'DKIM-Signature', value: `${tags}\r\n ${foldSignature(signature.toString('base64'))}` };
}
