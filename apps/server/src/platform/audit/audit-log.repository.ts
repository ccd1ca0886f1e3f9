import type { AuditLogAction } from '../db/schema.ts';
import type { TenantContext } from '../db/tenancy.ts';

/**
 * The writer of the audit log (migration 0042), in platform as the export log's is
 * (export/export-log.repository.ts): the modules below privacy that record actions (people's bulk
 * delete, users' permission changes, auth's new-device sign-in) call it without importing privacy,
 * which reads people. modules/privacy/audit.service.ts re-exports it and owns the reading side.
 */

/** Bounds of a row (migration 0042 checks the same): longer texts are cut, extra keys dropped. */
const SUBJECT_MAX = 300;
const DETAIL_VALUE_MAX = 300;
const DETAIL_KEYS_MAX = 20;

export type AuditDetailValue = string | number | boolean;

export interface AuditEvent {
  action: AuditLogAction;
  /** what was acted on, by code or kind ('Exportação: PERSON', 'Solicitação 12'): never a person's name, e-mail or phone */
  subject: string;
  /** codes, counts and kinds that tell the action apart: never a person's name, e-mail or phone */
  detail?: Readonly<Record<string, AuditDetailValue>>;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function boundedDetail(detail: AuditEvent['detail']): string {
  const entries = Object.entries(detail ?? {})
    .slice(0, DETAIL_KEYS_MAX)
    .map(([key, value]) => [cut(key, 60), typeof value === 'string' ? cut(value, DETAIL_VALUE_MAX) : value]);
  return JSON.stringify(Object.fromEntries(entries));
}

/**
 * Records an action in the audit log, in the caller's transaction: it commits or rolls back with the
 * action. The user is the request's session user (bound by bind_tenant_session, migration 0042);
 * outside a session (a job, the login, the operator) it is `userId` when given, else nobody.
 */
export async function recordAudit(
  ctx: TenantContext,
  event: AuditEvent,
  userId?: string | null,
): Promise<void> {
  await ctx.trx
    .insertInto('audit_log')
    .values({
      tenant_id: ctx.tenantId,
      action: event.action,
      subject: cut(event.subject, SUBJECT_MAX),
      detail: boundedDetail(event.detail),
      ...(userId === undefined ? {} : { user_id: userId }),
    })
    .execute();
}
