import { z } from 'zod';
import { isShotEmail, SHOT_EMAIL_MAX_LENGTH, shotMobile } from './recipients.ts';
import { SHOT_PREVIEW_SAMPLE } from './shot-editor.texts.ts';
import type { MergeValues } from './shots.schemas.ts';
import { composeSms } from './sms-shots.schemas.ts';

/**
 * The test send of a saved shot (issue 40 item 3): the message as it will go, to a few addresses the
 * author types, before the real send. E-mail: subject prefixed, merge tags filled with the example
 * person, no open pixel and links straight to their targets, no credits. SMS: the text prefixed too;
 * the prefix counts in the parts, which are debited as a real send's are (a test SMS costs what it
 * costs the carrier). Neither creates recipients nor counts in the shot's reports.
 */
export const SHOT_TEST_LIMITS = {
  /** addresses of one e-mail test */
  maxEmails: 5,
  /** numbers of one SMS test */
  maxPhones: 3,
  /** test sends (of either channel, whatever the number of addresses) per user per window */
  perUser: 10,
  windowSeconds: 3600,
} as const;

/** What starts a test's subject (e-mail) and text (SMS). */
export const SHOT_TEST_PREFIX = '[Teste] ';

/** The person whose values fill the merge tags of a test: the editor preview's example contact. */
export const SHOT_TEST_PERSON: MergeValues = SHOT_PREVIEW_SAMPLE;

export const SHOT_TEST_TEXTS = {
  button: 'Enviar teste',
  title: 'Enviar teste',
  saveFirst: 'Salve o rascunho para enviar um teste',
  emailsLabel: 'E-mails que recebem o teste',
  emailsHint: `Até ${SHOT_TEST_LIMITS.maxEmails} endereços, separados por vírgula ou um por linha.`,
  phonesLabel: 'Celulares que recebem o teste',
  phonesHint: `Até ${SHOT_TEST_LIMITS.maxPhones} números com DDD, separados por vírgula ou um por linha.`,
  emailExplain:
    'O teste chega como o envio: assunto com "[Teste]", campos personalizados preenchidos com um contato de exemplo, sem contar aberturas nem cliques e sem gastar créditos.',
  smsExplain:
    'O teste chega como o envio, começando por "[Teste]" (que conta nos caracteres) e com os campos personalizados de um contato de exemplo. Cada SMS de teste gasta os créditos das suas partes.',
  send: 'Enviar',
  cancel: 'Cancelar',
  emailsRequired: 'Informe ao menos um e-mail',
  phonesRequired: 'Informe ao menos um celular',
  tooManyEmails: `Informe no máximo ${SHOT_TEST_LIMITS.maxEmails} e-mails`,
  tooManyPhones: `Informe no máximo ${SHOT_TEST_LIMITS.maxPhones} celulares`,
  invalidEmail: (value: string) => `E-mail inválido: ${value}`,
  invalidPhone: (value: string) => `Celular inválido: ${value} (use DDD + 9 dígitos)`,
  duplicated: (value: string) => `Endereço repetido: ${value}`,
  invalidBody: 'Não foi possível enviar o teste: confira os endereços',
  rateLimited: `Você já enviou ${SHOT_TEST_LIMITS.perUser} testes na última hora. Aguarde para enviar outro.`,
  noSender: 'Escolha um remetente ativo e salve o rascunho antes de enviar o teste',
  sent: (n: number) => (n === 1 ? 'Teste enviado para 1 endereço' : `Teste enviado para ${n} endereços`),
  smsSent: (n: number, credits: number) =>
    `${n === 1 ? 'Teste enviado para 1 celular' : `Teste enviado para ${n} celulares`} (${credits} ${credits === 1 ? 'crédito' : 'créditos'} de SMS)`,
  failed: (to: string, reason: string) => `Não foi enviado para ${to}: ${reason}`,
  sendError: 'Não foi possível enviar o teste',
  /** the outbox: a test message is no recipient's, it cannot be marked or answered */
  testMessage: 'Mensagem de teste: não entra nos relatórios e não pode ser marcada',
} as const;

/** The addresses as typed: a list, or one text with commas, semicolons or line breaks. */
export function splitTestAddresses(typed: string): string[] {
  return typed
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A list's repeated entry (after `key`), if any. */
function repeated(values: readonly string[], key: (v: string) => string | undefined): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    const k = key(v) ?? v;
    if (seen.has(k)) return v;
    seen.add(k);
  }
  return undefined;
}

const addressList = (
  max: number,
  required: string,
  tooMany: string,
  valid: (v: string) => string | undefined,
  invalid: (v: string) => string,
) =>
  z
    .array(z.string({ error: required }).max(SHOT_EMAIL_MAX_LENGTH, { error: invalid('…') }), {
      error: required,
    })
    .min(1, { error: required })
    .max(max, { error: tooMany })
    .superRefine((values, check) => {
      const bad = values.find((v) => valid(v) === undefined);
      if (bad !== undefined) return void check.addIssue({ code: 'custom', message: invalid(bad) });
      const twice = repeated(values, valid);
      if (twice !== undefined) check.addIssue({ code: 'custom', message: SHOT_TEST_TEXTS.duplicated(twice) });
    })
    .transform((values) => values.map((v) => valid(v) as string));

/** An e-mail of a test as it is sent: trimmed and lower-cased, if deliverable-looking. */
export const testEmailAddress = (value: string): string | undefined => {
  const email = value.trim().toLowerCase();
  return isShotEmail(email) ? email : undefined;
};

/** POST /mkt/emails/campaign/test/{id} */
export const ShotTestEmailSchema = z.strictObject({
  emails: addressList(
    SHOT_TEST_LIMITS.maxEmails,
    SHOT_TEST_TEXTS.emailsRequired,
    SHOT_TEST_TEXTS.tooManyEmails,
    testEmailAddress,
    SHOT_TEST_TEXTS.invalidEmail,
  ),
});
export type ShotTestEmailBody = z.input<typeof ShotTestEmailSchema>;

/** POST /mkt/sms/campaign/test/{id}: mobiles as typed (masked or not), sent as `shotMobile` gives them. */
export const ShotTestSmsSchema = z.strictObject({
  phones: addressList(
    SHOT_TEST_LIMITS.maxPhones,
    SHOT_TEST_TEXTS.phonesRequired,
    SHOT_TEST_TEXTS.tooManyPhones,
    (v) => shotMobile(v),
    SHOT_TEST_TEXTS.invalidPhone,
  ),
});
export type ShotTestSmsBody = z.input<typeof ShotTestSmsSchema>;

/** What a test send answers: who got it, who not and why, and the credits it debited. */
export const ShotTestAnswerSchema = z.object({
  sent: z.array(z.string()),
  failed: z.array(z.object({ to: z.string(), message: z.string() })),
  /** SMS: the credits debited for the messages sent; e-mail: 0 */
  credits: z.number().int(),
});
export type ShotTestAnswer = z.infer<typeof ShotTestAnswerSchema>;

/** The subject of a test e-mail (merge tags already filled). */
export const testSubject = (subject: string): string => `${SHOT_TEST_PREFIX}${subject}`;

/** The text of a test SMS: the prefix, then the SMS as a recipient would get it (the prefix counts). */
export function composeTestSms(identification: string, content: string, now: Date): string {
  return composeSms(`${SHOT_TEST_PREFIX}${identification}`, content, SHOT_TEST_PERSON, now);
}
