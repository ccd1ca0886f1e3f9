import { type FilterExpression, type MergeValues, mergeValuesOf } from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { peopleVisibility, visibilityOfType } from './people.policy.ts';
import { peopleRecipientsRepository } from './people-recipients.repository.ts';

/**
 * The people side of shots (issue 26), for the shots module inside its transaction: who is on a
 * list as its author may see them (the people visibility: list type's role, ROLE_CRM_ALL_DATA). How
 * many a shot sends to is the shots module's one rule (shot-recipients.ts `countRecipients`), over
 * these same candidates. A list type the author may not see is a 403.
 */

export interface RecipientCandidate {
  personId: string;
  name: string | null;
  email: string | null;
  cellphone: string | null;
}

export interface RecipientList {
  type: 'PERSON' | 'TEAM';
  expression: FilterExpression;
}

/**
 * The next `limit` people of the list after `afterPersonId` (null: from the start), in person id
 * order: call again with the last id until fewer than `limit` come. Addresses as stored; the
 * caller applies the domain's isShotEmail / shotMobile / shotAddress.
 */
export async function recipientCandidates(
  ctx: TenantContext,
  auth: AuthContext,
  list: RecipientList,
  afterPersonId: string | null,
  limit: number,
): Promise<RecipientCandidate[]> {
  const vis = visibilityOfType(auth, list.type);
  const rows = await peopleRecipientsRepository.candidates(
    ctx,
    vis,
    { type: list.type, expression: list.expression },
    afterPersonId,
    Math.max(1, Math.trunc(limit)),
  );
  return rows.map((r) => ({ personId: r.id, name: r.name, email: r.email, cellphone: r.cellphone }));
}

const smsFilter = (list: RecipientList) => ({
  type: list.type,
  expression: list.expression,
  reachable: ['SMS'] as const,
});

/**
 * What the SMS editor shows of a list (GET /mkt/sms/list-info, SmsListInfoSchema) besides how many it
 * sends to (the shots module counts them with the send's own rule, shot-recipients.ts).
 */
export interface SmsListPeople {
  longest: Record<keyof MergeValues, number>;
  sample: MergeValues | null;
}

/**
 * Of the list's people an SMS reaches (valid mobile, not opted out) as `auth` may see them: the
 * longest value of each merge tag, and the first of them (person id order) as a sample.
 */
export async function smsListPeople(
  ctx: TenantContext,
  auth: AuthContext,
  list: RecipientList,
): Promise<SmsListPeople> {
  const vis = visibilityOfType(auth, list.type);
  const filter = smsFilter(list);
  const longest = await peopleRecipientsRepository.longestMergeValues(ctx, vis, filter);
  const [first] = await peopleRecipientsRepository.candidates(ctx, vis, filter, null, 1);
  return { longest, sample: first ? mergeValuesOf(first.name, first.email ?? '') : null };
}

/** The longest value of each merge tag among the list's people an SMS reaches (the SMS save's count). */
export function longestSmsMergeValues(
  ctx: TenantContext,
  auth: AuthContext,
  list: RecipientList,
): Promise<Record<keyof MergeValues, number>> {
  return peopleRecipientsRepository.longestMergeValues(
    ctx,
    visibilityOfType(auth, list.type),
    smsFilter(list),
  );
}

/** February 29th's people have their birthday on the 28th in the years without one. */
function birthdayMonthDays(isoDay: string): number[] {
  const [year = 0, month = 0, day = 0] = isoDay.split('-').map(Number);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const md = month * 100 + day;
  return md === 228 && !leap ? [228, 229] : [md];
}

/**
 * The birthday shot's people of `isoDay` (São Paulo 'YYYY-MM-DD'): those `auth` may see (contacts,
 * team) whose birthday it is, that the e-mail reaches (valid, not opted out) and that got no
 * birthday shot in the day's year yet; keyset-paged as `recipientCandidates`.
 */
export async function birthdayCandidates(
  ctx: TenantContext,
  auth: AuthContext,
  isoDay: string,
  afterPersonId: string | null,
  limit: number,
): Promise<RecipientCandidate[]> {
  const year = isoDay.slice(0, 4);
  const rows = await peopleRecipientsRepository.birthdayCandidates(
    ctx,
    peopleVisibility(auth),
    { monthDays: birthdayMonthDays(isoDay), yearStart: `${year}-01-01`, yearEnd: `${year}-12-31` },
    afterPersonId,
    Math.max(1, Math.trunc(limit)),
  );
  return rows.map((r) => ({ personId: r.id, name: r.name, email: r.email, cellphone: r.cellphone }));
}
