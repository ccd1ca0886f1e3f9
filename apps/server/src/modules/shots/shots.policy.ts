import type { AreaRule } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { MARKETING_RULE, withMarketingAuth } from '../marketing/marketing.policy.ts';

/** Shots (spec 3 §7.1): the marketing service's rule, ROLE_MARKETING with the marketing token. */
export const SHOTS_RULE: AreaRule = MARKETING_RULE;

/**
 * The caller's right checked first (a short transaction), then `prepare` with no transaction open:
 * preparing a large newsletter's HTML takes seconds of CPU, which neither an anonymous caller may cause
 * nor the single embedded connection may wait for.
 */
export async function preparedAfterAuth<T>(
  app: AppContext,
  request: FastifyRequest,
  prepare: () => T,
): Promise<T> {
  await withMarketingAuth(app, request, SHOTS_RULE, async () => undefined);
  return prepare();
}
