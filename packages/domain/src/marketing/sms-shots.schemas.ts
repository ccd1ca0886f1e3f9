import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { singleLineTextSchema, textSchema } from '../common/text.ts';
import { zonedParts, zonedToInstant } from '../common/zoned-time.ts';
import { applyMergeTags, MERGE_TAGS, type MergeValues, SHOT_TEXTS, shotNameField } from './shots.schemas.ts';
import { countSms, isGsmChar, normalizeSms, type SmsCount, toGsm } from './sms-count.ts';

/**
 * SMS shots (issue 27; spec 3 §2.1 SMS editor, §5, §7.1, §9): the payloads, texts and rules of the
 * second channel of the shot engine. What both channels share stays in shots.schemas.ts.
 */

/** spec 3 §9: an SMS holds at most 160 characters, the sender identification included. */
export const SMS_MAX_CHARS = 160;
/** The sender identification every SMS starts with ('Gab. Ana: …'): at most. */
export const SMS_IDENTIFICATION_MAX = 30;
/** What a reply may say to opt out of the tenant's later SMS (any case; accents and spaces ignored). */
export const SMS_OPT_OUT_WORDS = ['SAIR', 'PARAR', 'STOP', 'CANCELAR'] as const;

export const SMS_TEXTS = {
  // spec 3 §8
  notFound: SHOT_TEXTS.smsNotFound,
  saveError: SHOT_TEXTS.smsSaveError,
  // §5 and ours
  contentRequired: 'Escreva a mensagem',
  contentTooLong: `A mensagem passa de ${SMS_MAX_CHARS} caracteres`,
  identificationRequired: 'Informe a identificação do remetente',
  identificationTooLong: `Use no máximo ${SMS_IDENTIFICATION_MAX} caracteres`,
  invalidQuietHours: 'Informe o horário de silêncio como início-fim em horas (ex.: 21-8) ou off',
  notConfigured: 'Configure a identificação do remetente de SMS antes de enviar',
  // the editor
  newTitle: 'Novo envio de SMS',
  editTitle: 'Editar envio de SMS',
  message: 'Mensagem',
  messagePlaceholder: 'Escreva a mensagem do SMS',
  /**
   * The counter under the message, one line (issue 40): the characters against the 160, the parts
   * the carrier bills and, when a part holds fewer, why; over the limit, by how much.
   */
  counter: (c: Pick<SmsCount, 'encoding' | 'parts' | 'perPart'> & { chars: number }) => {
    const over = c.chars - SMS_MAX_CHARS;
    if (over > 0) return `Passou ${over} caractere${over === 1 ? '' : 's'} do limite`;
    const parts = `${c.parts} parte${c.parts === 1 ? '' : 's'}`;
    const perPart =
      c.encoding === 'UCS-2'
        ? ` (acentos ou emoji: ${c.perPart} por parte)`
        : c.parts > 1
          ? ` (${c.perPart} por parte)`
          : '';
    return `${c.chars} de ${SMS_MAX_CHARS} caracteres · ${parts}${perPart}`;
  },
  ucs2Because: 'Por causa destes caracteres, cada parte leva até 70 caracteres (67 se dividida), não 160:',
  fixToGsm: 'Trocar por letras sem acento',
  contactsHint:
    'Pessoas da lista que recebem o SMS: celular válido, cada número uma vez, sem quem pediu para não receber',
  creditsHint: (contacts: number, parts: number) =>
    `${(contacts * parts).toLocaleString('pt-BR')} crédito${contacts * parts === 1 ? '' : 's'} de SMS (${contacts.toLocaleString('pt-BR')} × ${parts} parte${parts === 1 ? '' : 's'})`,
  mergeLongest: 'Campos personalizados contados pelo maior valor da lista.',
  phonePreview: 'Pré-visualização no celular',
  previewContact: 'Campos personalizados preenchidos com um contato da lista.',
  overLimit: 'Encurte a mensagem para enviar ou salvar.',
  ucs2Chars: 'Caracteres que diminuem o tamanho de cada parte',
  // the settings
  settingsTitle: 'Configurações de SMS',
  identification: 'Identificação do remetente',
  identificationHint: 'Vai no início de cada SMS e conta nos 160 caracteres.',
  quietHours: 'Horário de silêncio',
  quietHoursHint: 'Nenhum SMS sai neste intervalo (horário de São Paulo); o envio pausa e continua depois.',
  quietHoursDefault: (value: string) => `Padrão do servidor (${value})`,
  quietHoursOff: 'Sem horário de silêncio',
  settingsSaved: 'Configurações de SMS salvas',
  settingsLoadError: 'Não foi possível obter as configurações de SMS',
  settingsSaveError: 'Erro ao salvar as configurações de SMS',
  save: 'Salvar',
  quietHoursCustom: 'Personalizado',
  quietStart: 'Início do silêncio',
  quietEnd: 'Fim do silêncio',
  quietHoursSame: 'Escolha horas de início e fim diferentes',
  quietWindow: (start: number, end: number) =>
    `das ${String(start).padStart(2, '0')}:00 às ${String(end).padStart(2, '0')}:00`,
  hourLabel: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
  paused: (until: string) => `Pausado pelo horário de silêncio até ${until}`,
  // the recipients
  droppedLandline: 'Número não é celular válido',
  failed: 'Falharam',
  repliedOptOut: 'Respondeu pedindo para sair',
} as const;

/** The tabs of an SMS shot's details (issue 27), in tab order: report key → label. */
export const SMS_SHOT_REPORTS = {
  processed: 'Processados',
  delivered: 'Entregues',
  failed: SMS_TEXTS.failed,
  dropped: 'Descartados',
  unsubscribe: 'Não deseja receber',
} as const;
export type SmsShotReportKey = keyof typeof SMS_SHOT_REPORTS;
export const SMS_SHOT_REPORT_KEYS = Object.keys(SMS_SHOT_REPORTS) as SmsShotReportKey[];

const code = z
  .number({ error: MESSAGES.required })
  .int(MESSAGES.invalidNested)
  .min(1, MESSAGES.invalidNested)
  .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidNested);

/**
 * POST/PUT /mkt/sms/campaign (spec 3 §7.1: content, totalContacts, destination.segment; §5: content
 * and segment required, content at most 160 characters). The server counts again, with the
 * identification and the merge tags at their longest value in the list. The content is kept in
 * Unicode NFC, the form it is counted and sent in (a decomposed 'ç' saved as 'ç'; issue 39).
 */
export const SmsShotSaveSchema = z.strictObject({
  name: shotNameField,
  content: textSchema({ error: SMS_TEXTS.contentRequired })
    .trim()
    .normalize('NFC')
    .min(1, SMS_TEXTS.contentRequired)
    .max(SMS_MAX_CHARS, SMS_TEXTS.contentTooLong),
  totalContacts: z.number().int().min(0).max(100_000_000).optional(),
  destination: z.strictObject(
    {
      segment: z.strictObject({
        code,
        name: singleLineTextSchema().max(200).optional(),
        query: z.unknown().optional(),
        type: z.enum(['PERSON', 'TEAM', 'COMPANY']).optional(),
      }),
    },
    { error: MESSAGES.required },
  ),
});
export type SmsShotSave = z.infer<typeof SmsShotSaveSchema>;

/** Quiet hours: 'off', or start and end hours of São Paulo ('21-8': from 21:00 to 08:00). */
export type QuietHours = { start: number; end: number } | 'off';
const QUIET_PATTERN = /^(off|([01]?[0-9]|2[0-3])-([01]?[0-9]|2[0-3]))$/;

export function parseQuietHours(value: string): QuietHours | undefined {
  const v = value.trim().toLowerCase();
  if (!QUIET_PATTERN.test(v)) return undefined;
  if (v === 'off') return 'off';
  const [start, end] = v.split('-').map(Number) as [number, number];
  return start === end ? 'off' : { start, end };
}

export const formatQuietHours = (q: QuietHours): string => (q === 'off' ? 'off' : `${q.start}-${q.end}`);

/**
 * The end of the quiet window `now` falls in (the instant SMS may go out again), or undefined when
 * `now` is outside it. A window may cross midnight (21-8).
 */
export function quietUntil(now: Date, quiet: QuietHours): Date | undefined {
  if (quiet === 'off') return undefined;
  const local = zonedParts(now);
  const h = local.hour;
  const inside =
    quiet.start < quiet.end ? h >= quiet.start && h < quiet.end : h >= quiet.start || h < quiet.end;
  if (!inside) return undefined;
  const end = zonedToInstant({ ...local, hour: quiet.end, minute: 0, second: 0 });
  // the end is later today, or (window crossing midnight, now before it) tomorrow
  return end.getTime() > now.getTime() ? end : new Date(end.getTime() + 86_400_000);
}

/** GET/PUT /mkt/sms/settings: the identification and the tenant's quiet hours (null: the server's). */
export const SmsSettingsSchema = z.strictObject({
  senderIdentification: singleLineTextSchema({ error: SMS_TEXTS.identificationRequired })
    .min(1, SMS_TEXTS.identificationRequired)
    .max(SMS_IDENTIFICATION_MAX, SMS_TEXTS.identificationTooLong),
  quietHours: z
    .string({ error: SMS_TEXTS.invalidQuietHours })
    .max(10, SMS_TEXTS.invalidQuietHours)
    .refine((v) => parseQuietHours(v) !== undefined, SMS_TEXTS.invalidQuietHours)
    .transform((v) => formatQuietHours(parseQuietHours(v) as QuietHours))
    .nullable(),
});
export type SmsSettings = z.infer<typeof SmsSettingsSchema>;

/** The answer of GET /mkt/sms/settings: the saved values (identification null until saved) and the default. */
export const SmsSettingsAnswerSchema = z.object({
  senderIdentification: z.string().nullable(),
  quietHours: z.string().nullable(),
  defaultQuietHours: z.string(),
});
export type SmsSettingsAnswer = z.infer<typeof SmsSettingsAnswerSchema>;

/** The longest value of each merge tag in a list (characters), to count an SMS at its worst. */
export type MergeLengths = Partial<Record<keyof MergeValues, number>>;

/** GET /mkt/sms/list-info?segmentCode=N: what the SMS editor needs of the chosen list. */
export const SmsListInfoQuerySchema = z.strictObject({
  segmentCode: z.coerce
    .number({ error: MESSAGES.notAllowed })
    .int(MESSAGES.notAllowed)
    .positive(MESSAGES.notAllowed)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.notAllowed),
});
export type SmsListInfoQuery = z.infer<typeof SmsListInfoQuerySchema>;

const length = z.number().int().min(0);

/**
 * The list's people an SMS reaches: how many it is sent to (the send's own rule, issue 39 item 4:
 * valid mobile, not opted out nor suppressed, each number once), the longest value of each merge tag
 * among those with a valid mobile not opted out (characters, what `smsWorstCase` counts) and the
 * first of them as the preview's sample (null when there is none).
 */
export const SmsListInfoSchema = z.object({
  total: z.number().int().min(0),
  longest: z.object({
    firstName: length.optional(),
    lastName: length.optional(),
    fullName: length.optional(),
    email: length.optional(),
  }),
  sample: z
    .object({ firstName: z.string(), lastName: z.string(), fullName: z.string(), email: z.string() })
    .nullable(),
});
export type SmsListInfo = z.infer<typeof SmsListInfoSchema>;

/** A value fit for a GSM-7 message: `toGsm`, then what has no GSM-7 equivalent (emoji) as '?'. */
const gsmOnly = (value: string): string => [...toGsm(value)].map((c) => (isGsmChar(c) ? c : '?')).join('');

/**
 * The SMS a recipient gets: the identification, then the content with the merge tags filled. When the
 * template (identification and content) is GSM-7, the values are sent without accents too (and what
 * has no GSM-7 equivalent, as an emoji, as '?'), so every message stays GSM-7, within the parts the
 * editor showed and the credits debited. The SMS is in Unicode NFC, as `countSms` counts it.
 */
export function composeSms(identification: string, content: string, values: MergeValues, now: Date): string {
  const template = `${identification}: ${content}`;
  const gsm = countSms(template.replace(/\{\{[a-z_]+\}\}/g, '')).encoding === 'GSM-7';
  const filled: MergeValues = gsm
    ? {
        firstName: gsmOnly(values.firstName),
        lastName: gsmOnly(values.lastName),
        fullName: gsmOnly(values.fullName),
        email: gsmOnly(values.email),
      }
    : values;
  return normalizeSms(applyMergeTags(template, filled, now));
}

/**
 * The SMS at its longest (each merge tag as long as its longest value in the list, the date as
 * dd/mm/aaaa): its count, and the characters it takes against the 160.
 */
export function smsWorstCase(
  identification: string,
  content: string,
  longest: MergeLengths,
): SmsCount & { chars: number } {
  const filler = (n: number | undefined) => 'x'.repeat(Math.max(0, n ?? 0));
  let text = `${identification}: ${content}`;
  for (const t of MERGE_TAGS) {
    const value = t.key === 'date' ? '00/00/0000' : filler(longest[t.key]);
    text = text.split(t.tag).join(value);
  }
  const sent = normalizeSms(text);
  return { ...countSms(sent), chars: [...sent].length };
}

/** Whether an inbound reply asks to opt out: SAIR, PARAR, STOP or CANCELAR, case, accents and spaces ignored. */
export function isSmsOptOutReply(text: string): boolean {
  const word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s.!]+/g, '')
    .toUpperCase();
  return (SMS_OPT_OUT_WORDS as readonly string[]).includes(word);
}
