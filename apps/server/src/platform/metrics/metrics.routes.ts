import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { notFound, unauthorized } from '../http/errors.ts';

/** Routes outside the API whose pattern is their own; any other is the web app's (`/*`, its files). */
const OWN_PATTERNS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** The label of a request's route: its pattern, never the URL (ids, slugs, tokens stay out). */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return 'unmatched';
  if (pattern.startsWith('/api/') || OWN_PATTERNS.has(pattern)) return pattern;
  return '/*';
}

/**
 * `GET /metrics` (issue 41): the Prometheus text exposition, only with `Authorization: Bearer
 * $METRICS_TOKEN` (404 without the variable, as if the route did not exist; 401 on another token),
 * limited per address in memory; out of the OpenAPI document. Every answer of the app is counted
 * by its route's pattern and status, with its time (onResponse). Register before the routes.
 */
export function registerMetrics(api: FastifyInstance, app: AppContext): void {
  const { metrics } = app;
  if (metrics.enabled) {
    api.addHook('onResponse', async (request, reply) => {
      metrics.httpRequest(
        request.method,
        routeLabel(request.routeOptions.url),
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  api.get(
    '/metrics',
    {
      schema: { hide: true },
      config: {
        rateLimit: {
          name: 'metrics',
          rules: [{ per: 'ip', max: 120, windowSeconds: 60 }],
          enforcedBy: 'memory',
        },
      },
    },
    async (request, reply) => {
      if (!metrics.enabled) throw notFound();
      if (!metrics.authorizes(request.headers.authorization)) throw unauthorized();
      const { contentType, body } = await metrics.render();
      return reply.type(contentType).header('Cache-Control', 'no-store').send(body);
    },
  );
}
