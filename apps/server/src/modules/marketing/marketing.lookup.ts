import type { TenantContext } from '../../platform/db/tenancy.ts';
import { privateKeyAad } from './domains.service.ts';
import { decrypt, type MarketingKeySource, marketingKey, subKey } from './marketing-crypto.ts';
import { sendersRepository } from './senders.repository.ts';

/** A sender a shot can go out from: ACTIVE, on a VALID domain. */
export interface SendableSender {
  id: string;
  name: string;
  email: string;
  domainId: string;
  domainName: string;
  dkimSelector: string;
  /** the domain's DKIM private key, sealed (open it with `openDkimKey`, outside the transaction) */
  sealedDkimKey: string;
}

/** For the shots module, in its transaction: the sender if it can send now, else undefined. */
export async function findSendableSender(
  ctx: TenantContext,
  senderId: string,
): Promise<SendableSender | undefined> {
  const row = await sendersRepository.findSendable(ctx, senderId);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    email: `${row.email_prefix}@${row.domain_name}`,
    domainId: row.domain_id,
    domainName: row.domain_name,
    dkimSelector: row.dkim_selector,
    sealedDkimKey: row.dkim_private_key,
  };
}

/** The PEM of a sendable sender's DKIM key (AES-GCM bound to its tenant and domain row). */
export async function openDkimKey(
  app: MarketingKeySource,
  tenantId: string,
  sender: Pick<SendableSender, 'domainId' | 'sealedDkimKey'>,
): Promise<string> {
  return decrypt(await marketingKey(app), sender.sealedDkimKey, privateKeyAad(tenantId, sender.domainId));
}

/** The key that signs the shots' click links (derived from the marketing key, for this use only). */
export async function shotLinkKey(app: MarketingKeySource): Promise<Buffer> {
  return subKey(await marketingKey(app), 'shot-links');
}
