import type { FastifyInstance } from 'fastify';
import { send } from './answers.ts';
import { OFFICES, PARTIES } from './catalog.ts';

export function registerCatalogRoutes(api: FastifyInstance) {
  api.get('/partidos', async (_request, reply) => send(reply, 200, { partidos: PARTIES }));
  api.get('/tipos_candidatura', async (_request, reply) => send(reply, 200, { tipos_candidatura: OFFICES }));
}
