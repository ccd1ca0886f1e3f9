import type { AreaRule } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { MARKETING_RULE, withMarketingAuth } from '../marketing/marketing.policy.ts';
import { type PeopleVisibility, peopleVisibility } from '../people/people.policy.ts';

/** Shots (spec 3 §7.1): the marketing service's rule, ROLE_MARKETING with the marketing token. */
export const SHOTS_RULE: AreaRule = MARKETING_RULE;

/**
 * Which of a shot's recipients a caller may see by name and address (report tabs, outbox; issue 38):
 * the ones whose person the CRM shows them (people.policy: contacts with ROLE_CRM, only their own
 * without ROLE_CRM_ALL_DATA; team members with ROLE_TEAM). A recipient whose person is gone (deleted in
 * the CRM; its row keeps the address) can no longer be checked against an owner, so only who sees
 * every contact sees it. Counts are not narrowed: they are the shot's, not the people's.
 */
export interface RecipientVisibility {
  people: PeopleVisibility;
  /** whether recipients with no person left are shown */
  withoutPerson: boolean;
}

export function recipientVisibility(auth: AuthContext): RecipientVisibility {
  const people = peopleVisibility(auth);
  return { people, withoutPerson: people.contacts && people.ownerId === null };
}

/**
 * The caller's right checked first (a short transaction), then `prepare` for the caller's tenant with
 * no transaction open: preparing a newsletter's HTML is work of the untrusted pool, which neither an
 * anonymous caller may cause nor the single embedded connection may wait for.
 */
export async function preparedAfterAuth<T>(
  app: AppContext,
  request: FastifyRequest,
  prepare: (tenantId: string) => Promise<T>,
): Promise<T> {
  const tenantId = await withMarketingAuth(app, request, SHOTS_RULE, async (ctx) => ctx.tenantId);
  return prepare(tenantId);
}
