import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { isValidIsoDate } from '../crm/validators.ts';
import { AUDIT_ACTIONS, AUDIT_TEXTS } from './audit.texts.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const AuditActionSchema = z.enum(AUDIT_ACTIONS, { error: AUDIT_TEXTS.invalidAction });

/** A São Paulo calendar day, YYYY-MM-DD. */
const auditDay = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required : AUDIT_TEXTS.invalidDate) })
  .trim()
  .max(10, AUDIT_TEXTS.invalidDate)
  .refine(isValidIsoDate, AUDIT_TEXTS.invalidDate);

/** The filters of the audit log and of its export: user, action, São Paulo days (both included). */
const auditFilters = {
  userCode: z
    .string({ error: AUDIT_TEXTS.invalidUser })
    .trim()
    .regex(UUID, AUDIT_TEXTS.invalidUser)
    .transform((v) => v.toLowerCase())
    .optional(),
  action: AuditActionSchema.optional(),
  from: auditDay.optional(),
  to: auditDay.optional(),
};

const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** GET /api/audit/export */
export const AuditFilterSchema = z
  .strictObject(auditFilters)
  .refine(rangeInOrder, { message: AUDIT_TEXTS.invalidRange, path: ['to'] });
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** GET /api/audit: the filters and a page, newest first. */
export const AuditQuerySchema = z
  .strictObject({ ...auditFilters, ...pageQuery(20, 100) })
  .refine(rangeInOrder, { message: AUDIT_TEXTS.invalidRange, path: ['to'] });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditDetailValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type AuditDetailValue = z.infer<typeof AuditDetailValueSchema>;
/** Codes, counts and kinds — never a person's name, e-mail or phone (anonymisation leaves the log as it is). */
export type AuditDetail = Readonly<Record<string, AuditDetailValue>>;

export const AuditEntrySchema = z.object({
  code: z.string(),
  at: z.string(),
  user: z.object({ code: z.string(), name: z.string() }).nullable(),
  action: AuditActionSchema,
  subject: z.string(),
  detail: z.record(z.string(), AuditDetailValueSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), total: z.number() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
