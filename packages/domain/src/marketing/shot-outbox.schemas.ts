import { z } from 'zod';
import { pageQuery } from '../common/paging.ts';
import { textSchema } from '../common/text.ts';

/**
 * The embedded outbox of the shot transport (issue 26): with no SMTP relay configured, shot messages
 * are kept in the app, where each can be marked delivered, bounced or reported as spam (the events a
 * relay would report), so every tab of a shot's details can be seen without a mail server.
 */
export const OUTBOX_MARK_KINDS = ['delivered', 'bounce', 'spam', 'failed', 'reply'] as const;
export type OutboxMarkKind = (typeof OUTBOX_MARK_KINDS)[number];
/** What a message of each channel can be marked as in the outbox ('reply': an SMS reply simulated). */
export const OUTBOX_MARKS_BY_CHANNEL = {
  EMAIL: ['delivered', 'bounce', 'spam'],
  SMS: ['delivered', 'failed'],
} as const satisfies Record<'EMAIL' | 'SMS', readonly OutboxMarkKind[]>;

export const SHOT_OUTBOX_TEXTS = {
  notFound: 'Mensagem não encontrada na caixa de saída',
  invalidMark: 'Marque como entregue, devolvida ou spam',
  invalidSmsMark: 'Marque o SMS como entregue ou com falha',
  // issue 27: an SMS reply simulated in the outbox (the provider's inbound message)
  reply: 'Simular resposta',
  replyPlaceholder: 'Texto da resposta (ex.: SAIR)',
  replied: 'Resposta recebida',
  replyOnlySms: 'Só uma mensagem SMS pode receber uma resposta',
  markedFailed: 'Falhou (marcado na caixa de saída)',
  // the 'Devolvidos' tab's message of a bounce marked in the outbox
  markedBounce: 'Devolvida (marcada na caixa de saída)',
} as const;

/** GET /mkt/outbox */
export const OutboxQuerySchema = z.strictObject({
  channel: z.enum(['EMAIL', 'SMS']).optional(),
  ...pageQuery(20, 100),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

/** POST /mkt/outbox/{id}/mark */
export const OutboxMarkSchema = z.strictObject({
  as: z.enum(OUTBOX_MARK_KINDS, { error: SHOT_OUTBOX_TEXTS.invalidMark }),
});
export type OutboxMarkBody = z.infer<typeof OutboxMarkSchema>;

/** POST /mkt/outbox/{id}/reply (SMS): the reply the number sends back, as the provider would report it. */
export const OutboxReplySchema = z.strictObject({
  text: textSchema({ error: SHOT_OUTBOX_TEXTS.replyPlaceholder })
    .trim()
    .min(1, SHOT_OUTBOX_TEXTS.replyPlaceholder)
    .max(160),
});
export type OutboxReplyBody = z.infer<typeof OutboxReplySchema>;

export const OutboxItemSchema = z.object({
  id: z.string(),
  channel: z.enum(['EMAIL', 'SMS']),
  shotCode: z.number().int().nullable(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  marked: z.enum(OUTBOX_MARK_KINDS).nullable(),
  /** a test send's message (issue 40): no recipient's, it cannot be marked or answered */
  test: z.boolean(),
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
  /** whether the outbox is the transport in use (of the channel asked; no channel: e-mail) */
  inUse: z.boolean(),
});
export type OutboxPageAnswer = z.infer<typeof OutboxPageSchema>;
