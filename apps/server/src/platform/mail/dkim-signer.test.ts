import { generateKeyPairSync } from 'node:crypto';
import type { DKIMResult } from 'mailauth';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { describe, expect, it } from 'vitest';
import { DkimKeyCache, dkimSignature, relaxedBody, relaxedHeader } from './dkim-signer.ts';
import { buildMime, mimeText } from './mime-message.ts';
import { shotMailText } from './shot-transport.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicKeyDns = `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string, rr: string) => {
  if (rr === 'TXT' && name === 'mkt2026._domainkey.gabinete.example') return [[publicKeyDns]];
  throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
};
const dkim = { domainName: 'gabinete.example', keySelector: 'mkt2026', privateKey };

const message = {
  from: { name: 'Gabinete da Vereadora Ána', address: 'contato@gabinete.example' },
  to: 'maria@destino.example',
  subject: 'Olá, Maria — convite para a audiência pública sobre o orçamento do município de São Paulo',
  html: `<html><body><p>${'Participe da audiência,   ação  \t cidadã! '.repeat(12)}</p></body></html>`,
  text: 'Olá, Maria!   \n\nParticipe da audiência.\n\n\n',
  messageId: '<AbCdEfGhIjKlMnOpQrStUv@gabinete.example>',
  dkim,
  headers: {
    'List-Unsubscribe': '<https://app.mandato.example/api/public/unsubscribe/AbCdEfGhIjKlMnOpQrStUv>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

async function verify(raw: string) {
  const result = await dkimVerify(Buffer.from(raw), { resolver });
  return result.results[0] as (DKIMResult & { signingHeaders: { keys: string } }) | undefined;
}

describe('DKIM signature', () => {
  const raw = shotMailText(message, new Date('2026-03-10T15:00:00Z'), new DkimKeyCache());

  it('passes an independent verifier (mailauth), over the headers a receiver judges', async () => {
    const result = await verify(raw);
    expect(result?.status.result).toBe('pass');
    expect(result?.signingDomain).toBe('gabinete.example');
    expect(result?.selector).toBe('mkt2026');
    expect(result?.signingHeaders.keys.toLowerCase()).toBe(
      'from: to: subject: date: message-id: mime-version: content-type: list-unsubscribe: list-unsubscribe-post',
    );
    expect(raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=gabinete\.example;/);
  });

  it('a tampered body or signed header no longer verifies', async () => {
    const body = raw.replace('Participe da audi', 'Ignore a audi');
    expect(body).not.toBe(raw);
    expect((await verify(body))?.status).toMatchObject({
      result: 'neutral',
      comment: 'body hash did not verify',
    });
    const to = raw.replace('To: maria@destino.example', 'To: jose@destino.example');
    expect(to).not.toBe(raw);
    expect((await verify(to))?.status.result).toBe('fail');
  });

  it('survives what relays may do under relaxed canonicalisation (spaces at line ends, refolded headers)', async () => {
    const reformatted = raw
      .replace('\r\nMIME-Version: 1.0\r\n', '\r\nMIME-Version:   1.0  \r\n')
      .replace(/=C3=A1, Maria!/, '=C3=A1, Maria!   ');
    expect(reformatted).not.toBe(raw);
    expect((await verify(reformatted))?.status.result).toBe('pass');
  });

  it('a message without the optional headers signs only those it has', async () => {
    const mime = buildMime({ ...message, headers: undefined, date: new Date() });
    const signature = dkimSignature(mime, dkim, new DkimKeyCache());
    expect(signature.value).toContain('h=from:to:subject:date:message-id:mime-version:content-type;');
    const result = await verify(mimeText({ headers: [signature, ...mime.headers], body: mime.body }));
    expect(result?.status.result).toBe('pass');
  });

  it('no key, no signature (as nodemailer did)', () => {
    expect(
      shotMailText({ ...message, dkim: { ...dkim, privateKey: '' } }, new Date(), new DkimKeyCache()),
    ).toMatch(/^From: /);
  });
});

describe('canonicalisation (RFC 6376 §3.4.5 example)', () => {
  it('relaxed headers', () => {
    expect(relaxedHeader('A', ' X')).toBe('a:X');
    expect(relaxedHeader('B', ' Y\t\r\n\tZ  ')).toBe('b:Y Z');
  });

  it('relaxed body', () => {
    expect(relaxedBody(' C \r\nD \t E\r\n\r\n\r\n')).toBe(' C\r\nD E\r\n');
    expect(relaxedBody('\r\n\r\n')).toBe('');
    expect(relaxedBody('fim sem quebra ')).toBe('fim sem quebra\r\n');
  });
});

describe('the key cache', () => {
  it('parses a PEM once, and keeps a bounded number of keys', () => {
    const cache = new DkimKeyCache();
    expect(cache.of(privateKey)).toBe(cache.of(privateKey));
    const others = Array.from({ length: 40 }, () =>
      generateKeyPairSync('rsa', { modulusLength: 512 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    );
    const first = cache.of(others[0] as string);
    for (const pem of others) cache.of(pem);
    // the oldest was dropped: asked again, it is parsed anew
    expect(cache.of(others[0] as string)).not.toBe(first);
    expect(cache.of(others[39] as string)).toBe(cache.of(others[39] as string));
  });

  it('each cache is its own (one per transport) and is emptied when the transport closes', () => {
    const one = new DkimKeyCache();
    const other = new DkimKeyCache();
    const parsed = one.of(privateKey);
    expect(other.of(privateKey)).not.toBe(parsed);
    one.clear();
    expect(one.of(privateKey)).not.toBe(parsed);
  });

  it('a PEM that is not a key throws (the send fails, nothing goes out unsigned)', () => {
    expect(() =>
      shotMailText(
        { ...message, dkim: { ...dkim, privateKey: 'not a key' } },
        new Date(),
        new DkimKeyCache(),
      ),
    ).toThrow();
  });
});
