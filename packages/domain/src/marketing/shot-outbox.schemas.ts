import { z } from 'zod';
import { pageQuery } from '../common/paging.ts';

/**
 * The embedded outbox of the shot transport (issue 26): with no SMTP relay configured, shot messages
 * are kept in the app, where each can be marked delivered, bounced or reported as spam (the events a
 * relay would report), so every tab of a shot's details can be seen without a mail server.
 */
export const OUTBOX_MARK_KINDS = ['delivered', 'bounce', 'spam'] as const;

export const SHOT_OUTBOX_TEXTS = {
  notFound: 'Mensagem não encontrada na caixa de saída',
  invalidMark: 'Marque como entregue, devolvida ou spam',
  // the 'Devolvidos' tab's message of a bounce marked in the outbox
  markedBounce: 'Devolvida (marcada na caixa de saída)',
} as const;

/** GET /mkt/outbox */
export const OutboxQuerySchema = z.strictObject({ ...pageQuery(20, 100) });
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

/** POST /mkt/outbox/{id}/mark */
export const OutboxMarkSchema = z.strictObject({
  as: z.enum(OUTBOX_MARK_KINDS, { error: SHOT_OUTBOX_TEXTS.invalidMark }),
});
export type OutboxMarkBody = z.infer<typeof OutboxMarkSchema>;

export const OutboxItemSchema = z.object({
  id: z.string(),
  shotCode: z.number().int().nullable(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  marked: z.enum(OUTBOX_MARK_KINDS).nullable(),
});
export type OutboxItemAnswer = z.infer<typeof OutboxItemSchema>;

export const OutboxMessageSchema = OutboxItemSchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
  headers: z.record(z.string(), z.unknown()),
});
export type OutboxMessageAnswer = z.infer<typeof OutboxMessageSchema>;

export const OutboxPageSchema = z.object({
  list: z.array(OutboxItemSchema),
  total: z.number().int(),
  /** whether the outbox is the transport in use (no SMTP relay configured) */
  inUse: z.boolean(),
});
export type OutboxPageAnswer = z.infer<typeof OutboxPageSchema>;
