import fastifyMultipart from '@fastify/multipart';
import {
  DEMAND_TEXTS,
  DemandCodeParamSchema,
  DemandCreateSchema,
  DemandDetailSchema,
  DemandFileParamSchema,
  DemandFileSchema,
  DemandListQuerySchema,
  DemandSchema,
  DemandStatusChangeSchema,
  ListAnswerSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { attachUploadedFile } from './demand-upload.ts';
import { DEMANDS_RULE } from './demands.policy.ts';
import {
  changeDemandStatus,
  createDemand,
  demandFileRecord,
  getDemand,
  listDemands,
  readDemandFile,
} from './demands.service.ts';

const tags = ['demands'];

/** Demands (spec 3 §2.3, §7.3; issue 15): ROLE_CRM and the tenant's demands module (the allowlist). */
export function registerDemandRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/demands',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Lista as demandas (total e página, mais novas primeiro)',
        querystring: DemandListQuerySchema,
        ...authenticated(ListAnswerSchema(DemandSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, DEMANDS_RULE, (ctx, auth) => listDemands(ctx, auth, request.query)),
    }),
  );

  api.post(
    '/api/demands',
    {
      ...strictInput(DEMAND_TEXTS.saveError),
      schema: {
        tags,
        summary: 'Registra uma demanda de uma pessoa',
        body: DemandCreateSchema,
        ...authenticated(DemandDetailSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, DEMANDS_RULE, (ctx, auth) => createDemand(ctx, auth, request.body)),
    }),
  );

  api.get(
    '/api/demands/:code',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Uma demanda com o histórico de status',
        params: DemandCodeParamSchema,
        ...authenticated(DemandDetailSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, DEMANDS_RULE, (ctx, auth) =>
        getDemand(ctx, auth, request.params.code),
      ),
    }),
  );

  api.post(
    '/api/demands/:code/status',
    {
      ...strictInput(DEMAND_TEXTS.statusError),
      schema: {
        tags,
        summary: 'Altera o status da demanda (registra quem e quando)',
        params: DemandCodeParamSchema,
        body: DemandStatusChangeSchema,
        ...authenticated(DemandDetailSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, DEMANDS_RULE, (ctx, auth) =>
        changeDemandStatus(ctx, auth, request.params.code, request.body.status),
      ),
    }),
  );

  api.register(async (plain) => {
    const scope = plain as unknown as Api;
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope.post(
      '/api/demands/:code/files',
      {
        ...strictInput(),
        schema: {
          tags,
          summary:
            'Anexa um arquivo à demanda (multipart: file; PDF, imagem, DOCX/XLSX/ZIP pelos bytes, até 50 MB)',
          consumes: ['multipart/form-data'],
          params: DemandCodeParamSchema,
          ...authenticated(DemandFileSchema, [404, 413]),
        },
      },
      async (request) => ({ data: await attachUploadedFile(app, request, request.params.code) }),
    );
  });

  api.get(
    '/api/demand-files/:name',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Baixa um anexo pelo nome gerado pelo servidor (só do próprio tenant)',
        params: DemandFileParamSchema,
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: download('application/octet-stream', z.string(), [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const record = await withAuth(app, request, DEMANDS_RULE, (ctx, auth) =>
        demandFileRecord(ctx, auth, request.params.name),
      );
      const file = await readDemandFile(app, record);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', attachment(record.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(file.body as never);
    },
  );
}
