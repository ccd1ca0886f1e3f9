import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';

/**
 * POST /api/public/sms/events: the SMS provider's webhook (Zenvia v2 subscription events, public
 * OpenAPI contract). One URL takes both event kinds a subscription posts: MESSAGE_STATUS (a status
 * report of a message we sent, named by the provider's message id) and MESSAGE with direction IN (a
 * reply, named by the number it came from). The provider adds fields over time: unknown fields are
 * kept out of the answer but accepted; prototype-named keys anywhere are refused.
 */

/** The subscription's custom header that carries SMS_WEBHOOK_SECRET. */
export const SMS_WEBHOOK_SECRET_HEADER = 'x-mandato-webhook-secret';
/** The most the webhook reads of a body. */
export const SMS_WEBHOOK_MAX_BYTES = 64 * 1024;

export const SMS_WEBHOOK_TEXTS = {
  unauthorized: 'Segredo do webhook de SMS ausente ou inválido',
  invalid: 'Evento do provedor de SMS inválido',
} as const;

const PROTOTYPE_KEYS = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
]);

/** Whether a parsed JSON value holds a prototype-named key at any depth (a loop: no deep recursion). */
export function hasPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node)) {
      if (PROTOTYPE_KEYS.has(key)) return true;
      stack.push(child);
    }
  }
  return false;
}

const providerText = (max: number) => textSchema({ error: MESSAGES.invalidNested }).max(max);
const providerId = providerText(100).min(1);

const MessageStatusEventSchema = z.looseObject({
  id: providerText(200).min(1),
  type: z.literal('MESSAGE_STATUS'),
  timestamp: providerText(64).optional(),
  channel: providerText(40).optional(),
  /** deprecated by the contract in favour of message.id; read when message.id is absent */
  messageId: providerId.optional(),
  message: z.looseObject({ id: providerId.optional(), externalId: providerText(200).optional() }).optional(),
  messageStatus: z.looseObject({
    code: providerText(40).min(1),
    timestamp: providerText(64).optional(),
    description: providerText(1000).optional(),
    causes: z
      .array(
        z.looseObject({
          channelErrorCode: providerText(100).optional(),
          reason: providerText(1000).optional(),
          details: providerText(1000).optional(),
        }),
      )
      .max(20)
      .optional(),
  }),
});

const InboundMessageEventSchema = z.looseObject({
  id: providerText(200).min(1),
  type: z.literal('MESSAGE'),
  timestamp: providerText(64).optional(),
  channel: providerText(40).optional(),
  direction: z.enum(['IN', 'OUT']),
  message: z.looseObject({
    id: providerText(200).optional(),
    from: providerText(64).min(1),
    to: providerText(64).optional(),
    contents: z
      .array(z.looseObject({ type: providerText(40), text: providerText(2000).optional() }))
      .min(1)
      .max(20),
  }),
});

/** Checked on the body as sent: a loose object's copy would turn a `__proto__` key into its prototype. */
export const SmsProviderEventSchema = z
  .unknown()
  .refine((body) => !hasPrototypeKey(body), { message: MESSAGES.notAllowed, abort: true })
  .pipe(
    z.discriminatedUnion('type', [MessageStatusEventSchema, InboundMessageEventSchema], {
      error: SMS_WEBHOOK_TEXTS.invalid,
    }),
  );
export type SmsProviderEvent = z.infer<typeof SmsProviderEventSchema>;
export type SmsStatusEvent = z.infer<typeof MessageStatusEventSchema>;
export type SmsInboundEvent = z.infer<typeof InboundMessageEventSchema>;

/** Always the same answer, applied or ignored: the webhook is no oracle of our message ids or numbers. */
export const SmsWebhookAnswerSchema = z.object({ received: z.literal(true) });
export type SmsWebhookAnswer = z.infer<typeof SmsWebhookAnswerSchema>;
