import { randomBytes } from 'node:crypto';
import { mergeValuesOf } from '@mandato/domain';
import type { DKIMResult } from 'mailauth';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { privateKeyAad } from '../modules/marketing/domains.service.ts';
import { encrypt, generateDkimKeys, marketingKey } from '../modules/marketing/marketing-crypto.ts';
import type { AppContext } from '../platform/app-context.ts';
import { withTenant } from '../platform/db/tenancy.ts';

/** The sender domain of a frozen shot, with the public key a DKIM verifier looks up. */
export interface SendingDomain {
  name: string;
  selector: string;
  publicKey: string;
  senderId: string;
  senderEmail: string;
}

/** A VALID domain with a fresh DKIM key (sealed as the app seals it) and an ACTIVE sender on it. */
export async function buildSendingDomain(
  app: Pick<AppContext, 'db' | 'config'>,
  tenantId: string,
  name = `envio-${randomBytes(4).toString('hex')}.exemplo.com.br`,
): Promise<SendingDomain> {
  const keys = await generateDkimKeys();
  const key = await marketingKey(app);
  return withTenant(app.db, tenantId, async ({ trx }) => {
    const domain = await trx
      .insertInto('mkt_domains')
      .values({
        tenant_id: tenantId,
        name,
        status: 'VALID',
        dkim_selector: 'mandato',
        dkim_public_key: keys.publicKey,
        dkim_private_key: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const domainId = String(domain.id);
    await trx
      .updateTable('mkt_domains')
      .set({ dkim_private_key: encrypt(key, keys.privateKeyPem, privateKeyAad(tenantId, domainId)) })
      .where('id', '=', domainId)
      .execute();
    const sender = await trx
      .insertInto('mkt_senders')
      .values({
        tenant_id: tenantId,
        name: 'Gabinete da Vereadora',
        email_prefix: 'contato',
        domain_id: domainId,
        status: 'ACTIVE',
        link_id: randomBytes(16).toString('base64url'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      name,
      selector: 'mandato',
      publicKey: keys.publicKey,
      senderId: String(sender.id),
      senderEmail: `contato@${name}`,
    };
  });
}

export interface FrozenShot {
  shotId: string;
  recipients: { id: string; address: string; linkId: string }[];
}

/**
 * A shot as the freeze leaves it (SENDING, start_date set, recipients PENDING with link ids and merge
 * values), without the freeze: the dispatch tests do not wait for it. Enqueues no job. E-mail by
 * default (from `senderId`); `channel: 'SMS'` for an SMS shot of `content` to numbers ('55' + DDD +
 * number), billed `smsParts` per message.
 */
export async function buildFrozenShot(
  app: Pick<AppContext, 'db'>,
  tenantId: string,
  options: {
    senderId?: string;
    addresses: string[];
    subject?: string;
    html?: string;
    text?: string;
    channel?: 'EMAIL' | 'SMS';
    content?: string;
    smsParts?: number;
    /** the recipients' names, by index (default 'Pessoa <i> Silva') */
    names?: string[];
  },
): Promise<FrozenShot> {
  const sms = options.channel === 'SMS';
  return withTenant(app.db, tenantId, async ({ trx }) => {
    const shot = await trx
      .insertInto('mkt_shots')
      .values({
        tenant_id: tenantId,
        channel: sms ? 'SMS' : 'EMAIL',
        status: 'SENDING',
        ...(sms
          ? {
              content: options.content ?? 'Olá, {{primeiro_nome}}! Audiência pública amanhã.',
              sms_parts: options.smsParts ?? 1,
            }
          : {
              subject: options.subject ?? 'Olá, {{primeiro_nome}}',
              html_content:
                options.html ??
                '<html><body><p>Olá, {{nome_completo}}!</p><p><a href="https://camara.example/audiencia?x=1&amp;y=2">Audiência</a> <a href="mailto:a@b.example">fale</a></p></body></html>',
              text_content: options.text ?? 'Olá, {{nome_completo}}! https://camara.example/audiencia',
              sender_id: options.senderId,
            }),
        total_contacts: options.addresses.length,
        start_date: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shotId = String(shot.id);
    const recipients: FrozenShot['recipients'] = [];
    for (let i = 0; i < options.addresses.length; i += 1000) {
      const rows = await trx
        .insertInto('mkt_shot_recipients')
        .values(
          options.addresses.slice(i, i + 1000).map((address, k) => ({
            tenant_id: tenantId,
            shot_id: shotId,
            address,
            merge: JSON.stringify(
              mergeValuesOf(options.names?.[i + k] ?? `Pessoa ${i + k} Silva`, sms ? '' : address),
            ),
            link_id: randomBytes(16).toString('base64url'),
          })),
        )
        .returning(['id', 'address', 'link_id'])
        .execute();
      for (const r of rows) recipients.push({ id: String(r.id), address: r.address, linkId: r.link_id });
    }
    return { shotId, recipients };
  });
}

/** DKIM verification of a received message by an independent verifier (mailauth). */
export async function verifyDkim(raw: string, domain: SendingDomain) {
  const resolver = async (name: string, rr: string) => {
    if (rr === 'TXT' && name === `${domain.selector}._domainkey.${domain.name}`)
      return [[`v=DKIM1; k=rsa; p=${domain.publicKey}`]];
    throw Object.assign(new Error(`no ${rr} for ${name}`), { code: 'ENOTFOUND' });
  };
  const verified = await dkimVerify(Buffer.from(raw), { resolver });
  return verified.results[0] as DKIMResult | undefined;
}
