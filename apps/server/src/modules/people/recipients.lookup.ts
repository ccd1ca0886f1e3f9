import type { FilterExpression } from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { visibilityOfType } from './people.policy.ts';
import { peopleRecipientsRepository } from './people-recipients.repository.ts';

/**
 * The people side of shots (issue 26), for the shots module inside its transaction: who is on a
 * list as its author may see them (the people visibility: list type's role, ROLE_CRM_ALL_DATA), and
 * how many of them a channel can reach. A list type the author may not see is a 403.
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

/** How many people of the list have a valid address of the channel that has not opted out. */
export function countReachable(
  ctx: TenantContext,
  auth: AuthContext,
  list: RecipientList,
  channel: 'EMAIL' | 'SMS',
): Promise<number> {
  const vis = visibilityOfType(auth, list.type);
  return peopleRecipientsRepository.count(ctx, vis, {
    type: list.type,
    expression: list.expression,
    reachable: [channel],
  });
}
