import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.ts';
import { DOCS_CONTENT_SECURITY_POLICY } from './security-headers.ts';

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];
type JsonObject = Record<string, unknown>;

const X_SCHEMA = { type: 'string', description: 'Slug do tenant (ex.: demo)' };

/**
 * A route as the document shows it: zod turned into JSON Schema, then security only where the route
 * declares it (no global bearer), the X-Schema header as the route's `tenantHeader` says, and the
 * single-page app's catch-all (`GET /*`, not an API operation) left out.
 */
function documentRoute(document: RouteDocument) {
  if (document.url === '/*') return { schema: { hide: true }, url: document.url };
  const { schema, url } = jsonSchemaTransform(document) as { schema: JsonObject; url: string };
  const { tenantHeader, ...rest } = schema;
  rest.operationId = operationId(document.route.method, url);
  if (tenantHeader === 'required' || tenantHeader === 'optional') {
    const headers = (rest.headers ?? {}) as { properties?: JsonObject; required?: string[] };
    const others = (headers.required ?? []).filter((name) => name !== 'x-schema');
    rest.headers = {
      ...headers,
      type: 'object',
      properties: { ...headers.properties, 'x-schema': X_SCHEMA },
      required: tenantHeader === 'required' ? [...others, 'x-schema'] : others,
    };
  }
  return { schema: rest, url };
}

/** `GET /api/people/:id/update-vote` → `getPeopleByIdUpdateVote`: unique, stable, for generated clients. */
function operationId(method: string | string[], url: string) {
  const verb = (Array.isArray(method) ? method[0] : method)?.toLowerCase() ?? 'get';
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return verb + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

/** The zod components (`.meta({ id })`), without the ones no operation refers to. */
function documentObject(document: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const object = jsonSchemaTransformObject(document);
  const components = 'components' in object ? (object.components as { schemas?: JsonObject }) : undefined;
  const schemas = components?.schemas;
  if (!schemas) return object;
  const used = JSON.stringify({ ...object, components: { ...components, schemas: undefined } });
  const referred = JSON.stringify(schemas);
  for (const name of Object.keys(schemas)) {
    const ref = `"#/components/schemas/${name}"`;
    if (!used.includes(ref) && !referred.includes(ref)) delete schemas[name];
  }
  return object;
}

/** OpenAPI document and Swagger UI at /api/docs, outside production only. Register before the routes. */
export async function registerApiDocs(api: FastifyInstance, config: Config) {
  if (config.env === 'production') return;
  await api.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Mandato API',
        version: '1.0.0',
        description: 'API do Mandato. Cabeçalho X-Schema = slug do tenant.',
      },
      servers: [{ url: '/', description: 'Este servidor' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: documentRoute,
    transformObject: documentObject,
  });
  await api.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
  });
}
