import { AUDIT_EXPORT_FILE, AuditFilterSchema, AuditPageSchema, AuditQuerySchema } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { AUDIT_RULE } from './audit.policy.ts';
import { exportAudit, listAudit } from './audit.service.ts';

const tags = ['audit'];

/** Settings › 'Auditoria' (issue 31): the audit log, paged and filtered, and its CSV. ROLE_CONFIG. */
export function registerAuditRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/audit',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Registro de auditoria (filtros: usuário, ação, período em dias de São Paulo), mais recentes primeiro',
        querystring: AuditQuerySchema,
        ...authenticated(AuditPageSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, AUDIT_RULE, (ctx, auth) => listAudit(ctx, auth, request.query)),
    }),
  );

  api.get(
    '/api/audit/export',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Exporta o registro de auditoria filtrado (CSV; a exportação também é auditada)',
        querystring: AuditFilterSchema,
        security: [{ bearer: [] }],
        tenantHeader: 'required' as const,
        response: download('text/csv', z.string(), [400, 401, 403]),
      },
    },
    async (request, reply) => {
      const { csv, rows } = await withAuth(app, request, AUDIT_RULE, (ctx, auth) =>
        exportAudit(ctx, auth, request.query),
      );
      return reply
        .header('Content-Disposition', attachment(AUDIT_EXPORT_FILE))
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(rows))
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
