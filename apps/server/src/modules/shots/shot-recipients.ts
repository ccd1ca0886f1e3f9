import { SHOT_TEXTS, type ShotType, SMS_TEXTS, shotAddress } from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import {
  type RecipientCandidate,
  type RecipientList,
  recipientCandidates,
} from '../people/recipients.lookup.ts';
import { type PrivacyKeySource, suppressedAddresses } from '../privacy/privacy.service.ts';
import { shotFreezeRepository } from './shot-freeze.repository.ts';

/** What the rule says of one person: the address the shot sends to, or why they are left out. */
export interface RecipientVerdict {
  /** the channel's address (shotAddress), undefined when the value cannot receive the channel */
  address: string | undefined;
  /** null: the shot sends to them; else the DROPPED message */
  dropped: string | null;
}

/**
 * THE rule of who a shot sends to (issue 39 item 4), for the send (the freeze, shot-freeze.ts) and
 * for every count shown or kept before it (the editors' counts, the save's total): one verdict per
 * person, in order. Left out: an address the channel cannot reach (invalid e-mail, no mobile), one
 * that asked not to receive the channel (mkt_opt_outs), one of a person anonymised or deleted at
 * their request (the suppression list, when `privacy` is given), and an address someone earlier
 * already gets (`taken`: asked once per call with this batch's valid addresses, and given each
 * address this batch takes).
 */
export async function sortRecipients(
  ctx: TenantContext,
  channel: ShotType,
  people: readonly RecipientCandidate[],
  privacy: PrivacyKeySource | undefined,
  taken: (valid: readonly string[]) => Promise<Set<string>>,
): Promise<RecipientVerdict[]> {
  const addresses = people.map((p) => shotAddress(channel, channel === 'EMAIL' ? p.email : p.cellphone));
  const valid = [...new Set(addresses.filter((a): a is string => a !== undefined))];
  const optedOut = await shotFreezeRepository.optedOut(ctx, channel, valid);
  // addresses of people anonymised or deleted at their request: left out as opted out
  if (privacy) {
    const kind = channel === 'EMAIL' ? 'EMAIL' : 'PHONE';
    for (const address of await suppressedAddresses({ ...ctx, app: privacy }, kind, valid))
      optedOut.add(address);
  }
  const given = await taken(valid);
  return addresses.map((address): RecipientVerdict => {
    if (address === undefined)
      return { address, dropped: channel === 'SMS' ? SMS_TEXTS.droppedLandline : SHOT_TEXTS.droppedInvalid };
    if (optedOut.has(address)) return { address, dropped: SHOT_TEXTS.droppedOptOut };
    if (given.has(address)) return { address, dropped: SHOT_TEXTS.droppedDuplicate };
    given.add(address);
    return { address, dropped: null };
  });
}

/** People read per statement while counting. */
const COUNT_BATCH = 2_000;

/**
 * How many people of the list a shot of the channel would send to now, as `auth` sees the list: the
 * list walked in person id order as the freeze walks it, each batch through `sortRecipients`.
 * The editors' counts, the save's total and the 'no one to send to' refusal all come from here.
 */
export async function countRecipients(
  ctx: TenantContext,
  auth: AuthContext,
  list: RecipientList,
  channel: ShotType,
  privacy: PrivacyKeySource | undefined,
): Promise<number> {
  const taken = new Set<string>();
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const people = await recipientCandidates(ctx, auth, list, after, COUNT_BATCH);
    const verdicts = await sortRecipients(ctx, channel, people, privacy, async () => taken);
    count += verdicts.filter((v) => v.dropped === null).length;
    if (people.length < COUNT_BATCH) return count;
    after = (people.at(-1) as RecipientCandidate).personId;
  }
}
