import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config/config.ts';
import { DOCS_CONTENT_SECURITY_POLICY } from './security-headers.ts';

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
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await api.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
  });
}
