import {
  DatabaseStatusSchema,
  EntriesPerPeriodQuerySchema,
  EntryPerPeriodSchema,
  GODFATHERS_EXPORT_FILE,
  GodfatherRowSchema,
  GodfathersExportQuerySchema,
  GodfathersQuerySchema,
  INTERACTION_EXPORT_FILE,
  InteractionReportQuerySchema,
  InteractionSchema,
  ListAnswerSchema,
} from '@mandato/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { REPORTS_RULE } from './reports.policy.ts';
import {
  databaseStatus,
  entriesPerPeriod,
  exportGodfathers,
  exportInteractionReport,
  godfathers,
  interactionReport,
} from './reports.service.ts';

const tags = ['reports'];

const csvDownload = {
  security: [{ bearer: [] }],
  tenantHeader: 'required' as const,
  response: download('text/csv', z.string(), [400, 401, 403]),
};

/** A CSV answer (a blob the client saves: no bearer token in a URL, no file kept on the server). */
function sendCsv(reply: FastifyReply, file: string, csv: string, rows: number) {
  return reply
    .header('Content-Disposition', attachment(file))
    .header('Cache-Control', 'no-store')
    .header('X-Total-Count', String(rows))
    .type('text/csv; charset=utf-8')
    .send(csv);
}

export function registerReportRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/reports/people/database-status',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Status da Base: contatos por voto e percentuais',
        querystring: z.strictObject({}),
        ...authenticated(DatabaseStatusSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, REPORTS_RULE, (ctx, auth) => databaseStatus(ctx, auth)),
    }),
  );

  api.get(
    '/api/reports/people/entries-per-period',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Total de Cadastros no Mês (mês a mês, meses sem cadastro com 0)',
        querystring: EntriesPerPeriodQuerySchema,
        ...authenticated(z.array(EntryPerPeriodSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, REPORTS_RULE, (ctx, auth) =>
        entriesPerPeriod(ctx, auth, request.query),
      ),
    }),
  );

  api.get(
    '/api/reports/people/godfathers',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Apadrinhados: padrinhos por total de apadrinhados (paginado)',
        querystring: GodfathersQuerySchema,
        ...authenticated(ListAnswerSchema(GodfatherRowSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, REPORTS_RULE, (ctx, auth) => godfathers(ctx, auth, request.query)),
    }),
  );

  api.get(
    '/api/reports/people/godfathers/export',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Exporta o relatório de apadrinhados (CSV, registrado no log de exportações)',
        querystring: GodfathersExportQuerySchema,
        ...csvDownload,
      },
    },
    async (request, reply) => {
      const { csv, rows } = await withAuth(app, request, REPORTS_RULE, (ctx, auth) =>
        exportGodfathers(ctx, auth, request.query),
      );
      return sendCsv(reply, GODFATHERS_EXPORT_FILE, csv, rows);
    },
  );

  api.get(
    '/api/reports/interactions',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Relatório de interações (filtros do spec 2 §3), paginado',
        querystring: InteractionReportQuerySchema,
        ...authenticated(ListAnswerSchema(InteractionSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, REPORTS_RULE, (ctx, auth) =>
        interactionReport(ctx, auth, request.query),
      ),
    }),
  );

  api.get(
    '/api/reports/interactions/export',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Exporta o relatório de interações (exportacao_interacao.csv, registrado no log)',
        querystring: InteractionReportQuerySchema,
        ...csvDownload,
      },
    },
    async (request, reply) => {
      const { csv, rows } = await withAuth(app, request, REPORTS_RULE, (ctx, auth) =>
        exportInteractionReport(ctx, auth, request.query),
      );
      return sendCsv(reply, INTERACTION_EXPORT_FILE, csv, rows);
    },
  );
}
