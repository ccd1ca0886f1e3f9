import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import { UNSUBSCRIBE_TEXTS } from './shots.schemas.ts';

/**
 * The public side of shots (issue 26): the unsubscribe page and its RFC 8058 one-click POST, the
 * open pixel and signed click links, and the relay's event intake. No session and no tenant: the
 * recipient's link id (SHOT_LINK_PATTERN) finds its tenant.
 */
export const SHOT_PUBLIC_TEXTS = {
  ...UNSUBSCRIBE_TEXTS,
  invalidTitle: 'Ops!',
  alreadyOut: 'Este endereço já não recebe e-mails deste remetente.',
  loading: 'Carregando…',
  error: 'Não foi possível concluir agora. Tente novamente.',
  /** the click link's 400 page: a changed target or signature, or a target that is not a web address */
  badClickTitle: 'Link inválido',
  badClick: 'Este link foi alterado ou não é válido, por isso não abrimos o endereço.',
  /** the one-click POST (RFC 8058) that is not a small form of text fields */
  oneClickForm:
    'Envie apenas o formulário List-Unsubscribe=One-Click (até 1 KB, sem arquivos), como application/x-www-form-urlencoded ou multipart/form-data.',
  eventsUnauthorized: 'Segredo de eventos inválido',
  tooManyEvents: 'Envie no máximo 500 eventos por vez',
} as const;

/** GET /api/public/unsubscribe/{linkId}: what the page shows. */
export const UnsubscribeInfoSchema = z.object({
  /** the address, masked (j***@exemplo.com.br): the page never shows it whole */
  address: z.string(),
  sender: z.string(),
  mandate: z.string(),
  /** already out (the page shows the done state) */
  optedOut: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;

/** POST /api/public/unsubscribe/{linkId} from the page (JSON). */
export const UnsubscribeConfirmSchema = z.strictObject({
  confirm: z.literal(true, { error: MESSAGES.invalidNested }),
});
export type UnsubscribeConfirm = z.infer<typeof UnsubscribeConfirmSchema>;

/** The same POST as a mail provider sends it (RFC 8058, application/x-www-form-urlencoded). */
export const UnsubscribeOneClickSchema = z.strictObject({
  'List-Unsubscribe': z.literal('One-Click', { error: MESSAGES.invalidNested }),
});

export const UnsubscribeAnswerSchema = z.object({ unsubscribed: z.literal(true) });
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswerSchema>;

/** GET /api/public/t/c/{linkId}?u=&s=: the target and its signature (shot-links.ts). */
export const ShotClickQuerySchema = z.strictObject({
  u: z.string().min(1).max(2048),
  s: z.string().min(1).max(64),
});

/** A click target the redirect follows: http(s) only (a signed `javascript:` is still refused). */
export function isWebTarget(target: string): boolean {
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The masked address the unsubscribe page shows: first character of the mailbox, then '***'. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return `${address.slice(0, 1)}***`;
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}

export const SHOT_EVENTS_MAX = 500;
export const SHOT_EVENT_TYPES = ['delivered', 'bounce', 'complaint'] as const;

/**
 * POST /api/public/shots/events (the relay, `Authorization: Bearer <MARKETING_EVENTS_SECRET>`):
 * asynchronous delivery reports named by the Message-ID the shot transport set.
 */
export const ShotEventsIntakeSchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        type: z.enum(SHOT_EVENT_TYPES, { error: MESSAGES.notAllowed }),
        messageId: textSchema({ error: MESSAGES.required }).min(1, MESSAGES.required).max(998),
        reason: textSchema().max(1000).optional(),
        at: z.iso.datetime({ offset: true, error: MESSAGES.invalidNested }).optional(),
      }),
      { error: MESSAGES.required },
    )
    .max(SHOT_EVENTS_MAX, SHOT_PUBLIC_TEXTS.tooManyEvents),
});
export type ShotEventsIntake = z.infer<typeof ShotEventsIntakeSchema>;

export const ShotEventsAnswerSchema = z.object({
  accepted: z.number().int(),
  ignored: z.number().int(),
});
export type ShotEventsAnswer = z.infer<typeof ShotEventsAnswerSchema>;
