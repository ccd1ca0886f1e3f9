import { z } from 'zod';
import { AGENDA_MESSAGES, UserCodeSchema } from '../agenda/agenda.schemas.ts';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { queryList } from '../common/query-string.ts';
import { textSchema } from '../common/text.ts';
import { addDays, parseDateTime, startOfZonedDay, zonedDate } from '../common/zoned-time.ts';
import { CRM_MESSAGES } from '../crm/visibility.ts';

/** Channels of an interaction (spec 2 §3), in the order the form lists them. */
export const INTERACTION_CHANNELS = [
  'LETTER',
  'EMAIL',
  'FACEBOOK',
  'INSTAGRAM',
  'PHONE',
  'PERSONAL',
  'SMS',
  'TELEGRAM',
  'TIKTOK',
  'TWITTER',
  'WEBSITE',
  'WHATSAPP',
] as const;
/** Missing → 'Campo Obrigatório'; anything else wrong → `message`. */
const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? MESSAGES.required : message;

export const InteractionChannelSchema = z.enum(INTERACTION_CHANNELS, {
  error: requiredOr(MESSAGES.notAllowed),
});
export type InteractionChannel = z.infer<typeof InteractionChannelSchema>;
export const INTERACTION_CHANNEL_LABELS: Record<InteractionChannel, string> = {
  LETTER: 'Correio',
  EMAIL: 'E-mail',
  FACEBOOK: 'Facebook',
  INSTAGRAM: 'Instagram',
  PHONE: 'Ligação',
  PERSONAL: 'Pessoal',
  SMS: 'SMS',
  TELEGRAM: 'Telegram',
  TIKTOK: 'TikTok',
  TWITTER: 'Twitter',
  WEBSITE: 'Website',
  WHATSAPP: 'WhatsApp',
};
export const DEFAULT_INTERACTION_CHANNEL: InteractionChannel = 'WHATSAPP';

export const INTERACTION_STATUSES = ['IN_PROGRESS', 'CONCLUDED', 'CANCELED'] as const;
export const InteractionStatusSchema = z.enum(INTERACTION_STATUSES, {
  error: requiredOr(MESSAGES.notAllowed),
});
export type InteractionStatus = z.infer<typeof InteractionStatusSchema>;
export const INTERACTION_STATUS_LABELS: Record<InteractionStatus, string> = {
  IN_PROGRESS: 'Aguardando',
  CONCLUDED: 'Concluída',
  CANCELED: 'Cancelado',
};

export const INTERACTION_TYPES = ['CONTACT'] as const;

/** Spec 2 §9: default length and time-picker step, in minutes; the picker opens at 08:00. */
export const INTERACTION_DEFAULT_MINUTES = 5;
export const INTERACTION_TIME_STEP_MINUTES = 5;
export const INTERACTION_PICKER_OPEN_VALUE = '08:00';
export const INTERACTION_EXPORT_FILE = 'exportacao_interacao.csv';
export const INTERACTIONS_PAGE_SIZE = 50;
/** Columns of the report export (CSV), in order. */
export const INTERACTION_EXPORT_HEADER = [
  'Código',
  'Situação',
  'Início',
  'Término',
  'Canal',
  'Responsável',
  'Pessoa',
  'Código da pessoa',
  'Descrição',
] as const;

/** Texts of spec 2 §8 "Interactions" and of the confirmations/empty states. */
export const INTERACTION_MESSAGES = {
  saveError: 'Erro ao salvar atividade',
  saved: 'Atividade salva com sucesso.',
  removeError: 'Erro ao remover atividade.',
  removed: 'Atividade removida com sucesso.',
  listError: 'Erro ao buscar as interações',
  confirmRemove: 'Deseja mesmo excluir essa atividade?',
  empty: 'Nenhuma atividade encontrada',
  isConcluded: 'Atividade foi realizada?',
  concludeAndNew: 'Concluir e criar nova',
  createConcludedAndNew: 'Criar como concluída e adicionar nova',
  endBeforeBegin: AGENDA_MESSAGES.endBeforeBegin,
  invalidDateTime: 'Data e hora inválidas (AAAA-MM-DD HH:mm)',
  invalidDate: 'Data inválida (AAAA-MM-DD)',
  notFound: 'Interação não encontrada',
  responsibleNotUser: 'O responsável deve ser um usuário desta conta',
  personNotFound: CRM_MESSAGES.personNotFound,
  exportError: 'Ocorreu um erro ao tentar exportar a lista',
} as const;

const dateTime = (field: string) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(40)
    .transform((v, ctx) => {
      const parsed = parseDateTime(v);
      if (!parsed?.hasTime) {
        ctx.addIssue({ code: 'custom', message: INTERACTION_MESSAGES.invalidDateTime, path: [] });
        return z.NEVER;
      }
      return parsed.instant.toISOString();
    })
    .describe(`${field}: 'YYYY-MM-DD HH:mm' (America/Sao_Paulo) ou ISO 8601 com fuso`);

const positiveCode = z
  .number({ error: requiredOr(MESSAGES.integer) })
  .int(MESSAGES.integer)
  .positive(MESSAGES.integer)
  .max(Number.MAX_SAFE_INTEGER, MESSAGES.integer);

/**
 * POST /people-contacts and PUT /people-contacts/{code} (spec 2 §7): beginDate/endDate as
 * 'YYYY-MM-DD HH:mm' in America/Sao_Paulo (or ISO 8601 with an offset); output as ISO instants.
 * Responsible, day and description are required (§5); end ≥ begin.
 */
export const InteractionSaveSchema = z
  .strictObject({
    type: z
      .enum(INTERACTION_TYPES, { error: MESSAGES.notAllowed })
      .optional()
      .nullable()
      .transform(() => 'CONTACT' as const),
    source: InteractionChannelSchema,
    description: textSchema({ error: MESSAGES.required })
      .trim()
      .min(1, MESSAGES.required)
      .max(5000, 'Máximo de 5000 caracteres'),
    beginDate: dateTime('beginDate'),
    endDate: dateTime('endDate'),
    userResponsibleCode: UserCodeSchema,
    status: InteractionStatusSchema.optional()
      .nullable()
      .transform((v) => v ?? 'IN_PROGRESS'),
    personCode: positiveCode,
  })
  .superRefine((body, ctx) => {
    if (body.endDate < body.beginDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: INTERACTION_MESSAGES.endBeforeBegin });
  });
export type InteractionSaveInput = z.input<typeof InteractionSaveSchema>;
export type InteractionSave = z.output<typeof InteractionSaveSchema>;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
  .optional();

const dayQuery = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || parseDateTime(v) !== undefined, INTERACTION_MESSAGES.invalidDate);

const listOfCodes = z.preprocess(
  (v) => queryList(v) ?? [],
  z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: MESSAGES.integerList })
    .max(200),
);

/**
 * GET /people-contacts/search and …/search/export (the interaction report, spec 2 §3 and §7).
 * The period is beginDate–endDate (days, inclusive) or dateInterval 'YYYY-MM-DD,YYYY-MM-DD';
 * without dates, today (first to last instant). considerOnlyLateInteractions (alias
 * requireOnlyLateContacts) keeps only overdue ones and overrides status (§5).
 */
export const InteractionSearchSchema = z
  .object({
    ...pageQuery(INTERACTIONS_PAGE_SIZE),
    userResponsibleCode: UserCodeSchema.optional(),
    personCode: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    beginDate: dayQuery,
    endDate: dayQuery,
    dateInterval: z.string().trim().max(60).optional(),
    status: InteractionStatusSchema.optional(),
    considerOnlyLateInteractions: booleanQuery,
    requireOnlyLateContacts: booleanQuery,
    personTagCodes: listOfCodes,
    orderingAscending: booleanQuery,
  })
  .transform((q, ctx) => {
    let begin = q.beginDate;
    let end = q.endDate;
    if (q.dateInterval) {
      const [a, b] = q.dateInterval.split(/[,/;]/).map((s) => s.trim());
      if (!a || !parseDateTime(a) || (b && !parseDateTime(b))) {
        ctx.addIssue({ code: 'custom', path: ['dateInterval'], message: INTERACTION_MESSAGES.invalidDate });
        return z.NEVER;
      }
      begin = begin || a;
      end = end || b || a;
    }
    const today = zonedDate(new Date());
    const beginDay =
      (begin ? parseDateTime(begin)?.date : undefined) ?? (end ? parseDateTime(end)?.date : today) ?? today;
    const endDay = (end ? parseDateTime(end)?.date : undefined) ?? (begin ? beginDay : today);
    if (endDay < beginDay) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: INTERACTION_MESSAGES.endBeforeBegin });
      return z.NEVER;
    }
    const onlyLate = !!(q.considerOnlyLateInteractions || q.requireOnlyLateContacts);
    return {
      page: q.page,
      itemsPerPage: q.itemsPerPage,
      userResponsibleCode: q.userResponsibleCode,
      personCode: q.personCode,
      beginDay,
      endDay,
      /** instants: begin of the first day, begin of the day after the last one (exclusive) */
      fromAt: startOfZonedDay(beginDay).toISOString(),
      toAt: startOfZonedDay(addDays(endDay, 1)).toISOString(),
      status: onlyLate ? undefined : q.status,
      onlyLate,
      personTagCodes: q.personTagCodes,
      orderingAscending: q.orderingAscending ?? true,
    };
  });
export type InteractionSearch = z.output<typeof InteractionSearchSchema>;

export const InteractionDisplayStateNameSchema = z.enum(['CONCLUDED', 'WAITING', 'LATE', 'CANCELED']);
export type InteractionDisplayStateName = z.infer<typeof InteractionDisplayStateNameSchema>;

/** An interaction as the API answers it. */
export const InteractionSchema = z
  .object({
    code: z.number(),
    type: z.literal('CONTACT'),
    source: InteractionChannelSchema,
    description: z.string(),
    /** ISO 8601 with the America/Sao_Paulo offset */
    beginDate: z.string(),
    endDate: z.string(),
    userResponsible: z.object({ code: z.string(), name: z.string() }).nullable(),
    status: InteractionStatusSchema,
    personCode: z.number(),
    person: z.object({ code: z.number(), name: z.string() }),
    /** shown state (spec 2 §4) when the answer was made */
    displayState: InteractionDisplayStateNameSchema,
    displayLabel: z.string(),
    createDate: z.string(),
    updateDate: z.string(),
  })
  .meta({ id: 'Interaction' });
export type Interaction = z.infer<typeof InteractionSchema>;
