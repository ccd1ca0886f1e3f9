import {
  GEO_MESSAGES,
  type RevalidateCoordinates,
  type RevalidationProgress,
  type RevalidationStarted,
  type RevalidationStatus,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { visibilityOfType } from '../people/people.policy.ts';
import { peopleGeo } from '../people/people-geo.lookup.ts';
import { type RevalidateJob, revalidateQueue } from './geocoding.job.ts';
import { revalidationsRepository } from './geocoding.repository.ts';

/**
 * Starts 'Revalidar pontos' for the people of the expression and type the caller sees (the
 * ROLE_CRM_ALL_DATA rule of the people list): they are marked in this transaction and a queue job
 * rechecks them in batches. Answers the revalidation's code and how many people it holds.
 */
export async function startRevalidation(
  ctx: RequestContext,
  auth: AuthContext,
  input: RevalidateCoordinates,
): Promise<RevalidationStarted> {
  const vis = visibilityOfType(auth, input.type);
  const id = await revalidationsRepository.insert(ctx, auth.user.id, input.type);
  const total = await peopleGeo.markForRecheck(ctx, vis, input.type, input.expression, id);
  await revalidationsRepository.setTotal(ctx, id, total);
  if (total === 0) await revalidationsRepository.finish(ctx, id, 'CONCLUDED');
  else {
    const job: RevalidateJob = { tenantId: ctx.tenantId, revalidationId: id };
    await ctx.app.jobs.enqueue(revalidateQueue, job, {}, ctx.trx);
  }
  return { code: Number(id), total };
}

/** Progress of a revalidation of the tenant. */
export async function revalidationProgress(
  ctx: RequestContext,
  _auth: AuthContext,
  code: string,
): Promise<RevalidationProgress> {
  const row = await revalidationsRepository.find(ctx, code);
  if (!row) throw notFound(GEO_MESSAGES.revalidationNotFound);
  return {
    code: Number(row.id),
    status: row.status as RevalidationStatus,
    total: row.total,
    done: row.done,
  };
}
