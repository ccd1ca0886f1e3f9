import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { Readiness, type ReadinessOptions } from './readiness.ts';

/**
 * Per client address, in memory (no database call): a probe every second — liveness and readiness
 * from the same node, several checkers — stays far below it.
 */
export const PROBE_LIMIT = { max: 300, windowSeconds: 60 } as const;

const probeLimit = (name: string): RateLimit => ({
  name,
  rules: [{ per: 'ip', ...PROBE_LIMIT }],
  enforcedBy: 'memory',
});

/**
 * The probes (issue 41), outside /api and out of the OpenAPI document, no login:
 * - `GET /healthz`: 200 while the process runs; touches nothing (liveness);
 * - `GET /readyz`: 200 when the database answers and its migrations are current, 503 otherwise and
 *   once the app is shutting down (`app.lifecycle`, platform/health/lifecycle.ts), with the checks.
 */
export function registerHealthRoutes(
  api: FastifyInstance,
  app: AppContext,
  options: ReadinessOptions = {},
): void {
  const readiness = new Readiness(app.db, app.lifecycle, options);
  api.get(
    '/healthz',
    { schema: { hide: true }, config: { rateLimit: probeLimit('healthz') } },
    async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }),
  );
  api.get(
    '/readyz',
    { schema: { hide: true }, config: { rateLimit: probeLimit('readyz') } },
    async (_request, reply) => {
      const { ready, checks } = await readiness.check();
      return reply
        .status(ready ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  );
}
