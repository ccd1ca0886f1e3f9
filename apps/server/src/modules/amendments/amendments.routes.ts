import {
  AMENDMENT_TEXTS,
  AmendmentExportQuerySchema,
  AmendmentListQuerySchema,
  AmendmentListSchema,
  AmendmentSaveSchema,
  AmendmentSchema,
  MESSAGES,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { AMENDMENTS_RULE } from './amendments.policy.ts';
import {
  AMENDMENT_EXPORT_FILE,
  deleteAmendment,
  exportAmendments,
  listAmendments,
  saveAmendment,
} from './amendments.service.ts';

const tags = ['amendments'];
const codeParams = z.object({ code: z.string().regex(/^[1-9]\d{0,14}$/, MESSAGES.invalidCode) });

/** Amendments (spec 3 §7.2): save, delete, list with summary, CSV export; module amendment + ROLE_CRM. */
export function registerAmendmentRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/amendment/save',
    {
      ...strictInput(AMENDMENT_TEXTS.saveError),
      schema: {
        tags,
        summary: 'Cadastra ou altera uma emenda (code vazio = nova)',
        body: AmendmentSaveSchema,
        ...authenticated(AmendmentSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, AMENDMENTS_RULE, (ctx, auth) =>
        saveAmendment(ctx, auth, request.body),
      ),
    }),
  );

  api.post(
    '/api/amendment/delete/:code',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove uma emenda',
        params: codeParams,
        ...authenticated(z.object({ code: z.number() }), [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, AMENDMENTS_RULE, (ctx, auth) =>
        deleteAmendment(ctx, auth, request.params.code),
      ),
    }),
  );

  api.get(
    '/api/amendment/list',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Lista as emendas (filtros, página, contagem e soma exata)',
        querystring: AmendmentListQuerySchema,
        ...authenticated(AmendmentListSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, AMENDMENTS_RULE, (ctx, auth) =>
        listAmendments(ctx, auth, request.query),
      ),
    }),
  );

  api.get(
    '/api/amendment/export',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Exporta as emendas filtradas (CSV)',
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: download('text/csv', z.string(), [400, 401, 403]),
        querystring: AmendmentExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { csv, rows } = await withAuth(app, request, AMENDMENTS_RULE, (ctx, auth) =>
        exportAmendments(ctx, auth, request.query),
      );
      return reply
        .header('Content-Disposition', attachment(AMENDMENT_EXPORT_FILE))
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(rows))
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
