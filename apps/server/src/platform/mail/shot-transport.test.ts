import { generateKeyPairSync } from 'node:crypto';
import type { DKIMResult } from 'mailauth';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp-server.ts';
import type { Database } from '../db/engine.ts';
import {
  createShotTransport,
  linkIdOfMessageId,
  type ShotMessage,
  ShotSendError,
  shotMessageId,
} from './shot-transport.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicKeyDns = `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
/** The sender domain's DNS as a verifier sees it: only the selector's TXT record. */
const resolver = async (name: string, rr: string) => {
  if (rr === 'TXT' && name === 'mkt2026._domainkey.gabinete.example') return [[publicKeyDns]];
  throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: ReturnType<typeof createShotTransport>;

beforeAll(async () => {
  smtp = await startSmtpServer({ 'gone@destino.example': 550, 'busy@destino.example': 451 });
  transport = createShotTransport({ smtpUrl: undefined, marketing: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});

function message(to: string, recipientId: string): ShotMessage {
  return {
    from: { name: 'Gabinete da Vereadora', address: 'contato@gabinete.example' },
    to,
    subject: 'Convite para a audiência pública',
    html: '<p>Olá, <b>Maria</b>! Participe da audiência.</p>',
    text: 'Olá, Maria! Participe da audiência.',
    messageId: shotMessageId(recipientId.replace(/[^A-Za-z0-9]/g, '').padEnd(22, 'x'), 'gabinete.example'),
    dkim: { domainName: 'gabinete.example', keySelector: 'mkt2026', privateKey },
    headers: {
      'List-Unsubscribe': '<https://app.example/u/abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

describe('shot transport', () => {
  it('delivers a message signed with the sender domain key, from the sender, with its own Message-ID', async () => {
    const result = await transport.send(message('maria@destino.example', 'p-7'));
    expect(result.accepted).toEqual(['maria@destino.example']);
    expect(result.rejected).toEqual([]);
    expect(result.response).toMatch(/^250 /);
    expect(result.messageId).toBe('<p7xxxxxxxxxxxxxxxxxxxx@gabinete.example>');

    const mail = smtp.received.find((m) => m.to.includes('maria@destino.example'));
    if (!mail) throw new Error('message not received');
    expect(mail.from).toBe('contato@gabinete.example');
    expect(mail.raw).toMatch(/^From: Gabinete da Vereadora <contato@gabinete\.example>\r$/m);
    expect(mail.raw).toMatch(/^Message-ID: <p7xxxxxxxxxxxxxxxxxxxx@gabinete\.example>\r$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe: <https:\/\/app\.example\/u\/abc>\r$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);

    const verified = await dkimVerify(Buffer.from(mail.raw), { resolver });
    expect(verified.results).toHaveLength(1);
    // signingHeaders is in the result, not in mailauth's types
    const signature = verified.results[0] as DKIMResult & { signingHeaders: { keys: string } };
    expect(signature.status.result).toBe('pass');
    expect(signature.signingDomain).toBe('gabinete.example');
    expect(signature.selector).toBe('mkt2026');
    expect(signature.signingHeaders.keys.toLowerCase().split(': ')).toEqual(
      expect.arrayContaining(['from', 'subject', 'message-id']),
    );

    // the verifier is not a rubber stamp: a changed body or a changed signed header no longer verifies
    const bodyChanged = mail.raw.replace('Participe da audi', 'Ignore a audi');
    expect((await dkimVerify(Buffer.from(bodyChanged), { resolver })).results[0]?.status).toMatchObject({
      result: 'neutral',
      comment: 'body hash did not verify',
    });
    const subjectChanged = mail.raw.replace(/^Subject: .*$/m, 'Subject: Outro assunto\r');
    expect((await dkimVerify(Buffer.from(subjectChanged), { resolver })).results[0]?.status.result).toBe(
      'fail',
    );
  });

  it('the raw message crosses SMTP whole: a line of a single dot does not end it early', async () => {
    const dotted = { ...message('ponto@destino.example', 'p-10'), text: 'antes\n.\n..dois\ndepois' };
    await transport.send(dotted);
    const mail = smtp.received.find((m) => m.to.includes('ponto@destino.example'));
    expect(mail?.raw).toContain('\r\nantes\r\n.\r\n..dois\r\ndepois\r\n');
    expect(mail?.raw).toMatch(/--=_mandato-alt--\r\n$/);
    expect(mail?.to).toEqual(['ponto@destino.example']);
  });

  it('a 5xx refusal rejects as permanent with its code', async () => {
    const error = await transport.send(message('gone@destino.example', 'p-8')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShotSendError);
    expect(error).toMatchObject({ permanent: true, code: 550 });
    expect((error as ShotSendError).response).toMatch(/^550 /);
  });

  it('a 4xx refusal rejects as temporary with its code', async () => {
    const error = await transport.send(message('busy@destino.example', 'p-9')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShotSendError);
    expect(error).toMatchObject({ permanent: false, code: 451 });
    expect((error as ShotSendError).response).toMatch(/^451 /);
  });

  it('chooses MARKETING_SMTP_URL, else SMTP_URL, else the outbox; MARKETING_SMTP_URL=outbox forces the outbox', () => {
    const db = {} as Database; // the outbox touches the database only when it sends
    const kind = (smtpUrl: string | undefined, marketing: string | undefined) => {
      const t = createShotTransport({ smtpUrl, marketing: { smtpUrl: marketing } }, db);
      t.close();
      return t.kind;
    };
    expect(kind('smtp://relay.example:25', undefined)).toBe('smtp');
    expect(kind(undefined, 'smtp://relay.example:25')).toBe('smtp');
    expect(kind(undefined, undefined)).toBe('outbox');
    expect(kind('smtp://relay.example:25', 'outbox')).toBe('outbox');
  });

  it('builds the deterministic Message-ID of a (shot, recipient)', () => {
    const id = shotMessageId('AbCdEfGhIjKlMnOpQrStUv', 'gabinete.example');
    expect(id).toBe('<AbCdEfGhIjKlMnOpQrStUv@gabinete.example>');
    expect(linkIdOfMessageId(id)).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(linkIdOfMessageId('<shot-1-2@x>')).toBeUndefined();
  });
});
