import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/app-context.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { domainsRepository } from './domains.repository.ts';
import { DKIM_SELECTOR, privateKeyAad } from './domains.service.ts';
import { encrypt, generateDkimKeys, marketingKey } from './marketing-crypto.ts';
import { sendersRepository } from './senders.repository.ts';

/**
 * Operator path of the demo seed only: a sender domain with its own DKIM key, marked VALID without
 * asking DNS (the demo's domain has no records anywhere; the demo must be able to send at once), and
 * an ACTIVE sender on it without the activation e-mail. Shots of the demo go to the embedded outbox
 * (no MARKETING_SMTP_URL), so nothing claims a domain it does not own. Returns the sender's id.
 */
export async function createDemoSender(
  app: Pick<AppContext, 'db' | 'config'>,
  tenantId: string,
  createdBy: string,
  sender: { domain: string; name: string; emailPrefix: string },
): Promise<string> {
  // the key pair and the master key before the transaction: RSA generation is slow CPU work
  const keys = await generateDkimKeys();
  const master = await marketingKey(app);
  return withTenant(app.db, tenantId, async (ctx) => {
    const domainId = await domainsRepository.insert(ctx, {
      name: sender.domain,
      selector: DKIM_SELECTOR,
      publicKey: keys.publicKey,
      createdBy,
    });
    const sealed = encrypt(master, keys.privateKeyPem, privateKeyAad(tenantId, domainId));
    await domainsRepository.setPrivateKey(ctx, domainId, sealed);
    await domainsRepository.saveCheck(ctx, domainId, { status: 'VALID', spf: true, dkim: true, dmarc: true });
    const id = await sendersRepository.insert(ctx, {
      name: sender.name,
      prefix: sender.emailPrefix,
      domainId,
      linkId: randomBytes(16).toString('base64url'),
      createdBy,
    });
    await sendersRepository.setStatus(ctx, id, 'PENDING_VALIDATION', 'ACTIVE');
    return id;
  });
}
