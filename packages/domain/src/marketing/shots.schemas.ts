import { z } from 'zod';
import { JSON_MAX_DEPTH } from '../common/json-depth.ts';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { queryList } from '../common/query-string.ts';
import { singleLineTextSchema, textSchema } from '../common/text.ts';
import { formatZoned, parseDateTime, zonedDate } from '../common/zoned-time.ts';
import { EMAIL_DESIGN_MAX_NODES, type EmailDesignProblem, readEmailDesign } from './email-design.ts';

/**
 * Shots (campaigns): spec 3 §2.1, §3 Shot and Report, §4 shot status and send availability, §5,
 * §7.1, §8, §9; issue 26 (e-mail) and 27 (SMS, same lifecycle). Texts, statuses, payloads, answers
 * and the rules both sides apply (merge tags, send availability, percentages).
 */
export const SHOT_TEXTS = {
  // spec 3 §8 (the texts the spec shows)
  scheduleError: 'Erro ao agendar envio',
  segmentsError: 'Erro obter lista de segmentacoes',
  sendersError: 'Erro obter lista de remetentes',
  smsNotFound: 'Não conseguimos encontrar o sms informado para edição',
  emailLoadError: 'Erro obter e-mail para atualizacao',
  smsSaveError: 'Ocorreu algum erro ao salvar SMS',
  emailSaveError: 'Erro ao salvar do e-mail',
  totalError: 'Erro total de contatos da lista selecionada',
  actionError: 'Erro ao executar a ação escolhida',
  listError: 'Não foi possível obter a lista de envios',
  shotError: 'Erro obter disparo',
  balanceError: 'Erro obter saldo da conta',
  sendingNow: 'O seu E-mail/SMS já está em processo de envio',
  scheduled: 'Envio agendado com sucesso',
  draftSaved: 'Dados do envio salvos com sucesso como Rascunho',
  cloned: 'E-mail clonado com sucesso',
  removed: 'E-mail removido com sucesso',
  unscheduled: 'O agendamento do envio foi cancelado com sucesso',
  // spec 3 §4, §5
  notEditable: 'Não é possível editar um disparo que já tenha sido enviado ou está agendado',
  notFound: 'Conteúdo não encontrado',
  emptySegment: 'Ops! Não encontramos a lista de segmentação ou o número de contatos selecionados é zero',
  insufficientBalance: 'Saldo insuficiente',
  confirmTitle: 'Confirme os dados antes de enviar',
  sendNow: 'Enviar agora',
  schedule: 'Agendar envio',
  // ours: refusals of the lifecycle (409) and of the payload (400)
  onlyDraftRemovable: 'Só um rascunho pode ser removido',
  onlyDraftSendable: 'Só um rascunho pode ser enviado ou agendado',
  onlyScheduledUnschedulable: 'Só um envio agendado pode ter o agendamento cancelado',
  senderNotActive: 'Escolha um remetente ativo',
  scheduleInPast: 'Escolha uma data e hora no futuro',
  scheduleTooFar: 'Agende para no máximo um ano à frente',
  invalidScheduleDate: 'Informe data e hora no formato AAAA-MM-DD HH:mm',
  wrongChannel: 'Este disparo é de outro tipo',
  contentTooLarge: 'O conteúdo do e-mail passa de 1 MB',
  designTooLarge: 'O design do e-mail passa de 2 MB',
  designTooManyNodes: `O design do e-mail passa de ${EMAIL_DESIGN_MAX_NODES.toLocaleString('pt-BR')} objetos, listas e textos: simplifique o layout`,
  designTooDeep: `O design do e-mail passa de ${JSON_MAX_DEPTH} níveis de listas e objetos um dentro do outro`,
  designNotJson: 'O design do e-mail não é um JSON válido',
  // why a shot ended in ERROR (shown on its panel)
  errorInsufficientBalance: 'Saldo insuficiente no momento do envio',
  errorSenderInactive: 'O remetente não está mais ativo',
  errorSegmentMissing: 'A lista de segmentação não existe mais',
  errorNoRecipients: 'Nenhum contato da lista pode receber este envio',
  errorAuthorNotAllowed: 'Quem criou o envio não tem mais acesso ao marketing',
  // dropped recipients (the 'Descartados' tab's message)
  droppedOptOut: 'Pediu para não receber',
  droppedInvalid: 'Endereço inválido',
  droppedDuplicate: 'Endereço repetido na lista',
  // the lists and the editor
  title: 'Disparos',
  sendEmail: 'Enviar E-mail',
  sendSms: 'Enviar SMS',
  birthdayLink: 'Aniversariantes',
  emptyList: 'Nenhum envio encontrado',
  edit: 'Editar',
  remove: 'Remover',
  clone: 'Clonar',
  unschedule: 'Cancelar agendamento',
  viewReport: 'Ver relatório',
  removeConfirm: 'Você tem certeza que deseja remover?',
  saveDraft: 'Salvar rascunho',
  sender: 'Remetente',
  segment: 'Lista de segmentação',
  subject: 'Assunto',
  contacts: (n: number) => `${n.toLocaleString('pt-BR')} contato${n === 1 ? '' : 's'}`,
  scheduleDate: 'Data',
  scheduleHour: 'Hora',
  fullScreen: 'Tela cheia',
  exitFullScreen: 'Sair da tela cheia',
  preview: 'Pré-visualização',
  mergeTags: 'Campos personalizados',
  // issue 40: a shot's own name, which no recipient sees
  name: 'Nome do envio (só para a equipe)',
  namePlaceholder: 'Ex.: Boletim de março',
  nameHint: 'Opcional. Aparece na lista de envios no lugar do assunto ou da mensagem; quem recebe não vê.',
  nameTooLong: 'Use no máximo 120 caracteres',
} as const;

export const SHOT_TYPES = ['EMAIL', 'SMS'] as const;
export type ShotType = (typeof SHOT_TYPES)[number];

export const SHOT_STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'ERROR'] as const;
export type ShotStatus = (typeof SHOT_STATUSES)[number];
/** spec 3 §4 */
export const SHOT_STATUS_LABELS: Record<ShotStatus, string> = {
  DRAFT: 'Editando',
  SCHEDULED: 'Agendado',
  SENDING: 'Enviando',
  SENT: 'Enviado',
  ERROR: 'Erro',
};

/** The three list views of each channel (spec 3 §2.1) with their status sets and order (§7.1). */
export const SHOT_LIST_VIEWS = {
  enviados: { label: 'Enviados', statuses: ['SENDING', 'SENT', 'ERROR'], orderingCriteria: 'startDate' },
  agendados: { label: 'Agendados', statuses: ['SCHEDULED'], orderingCriteria: 'scheduleDate' },
  rascunho: { label: 'Rascunhos', statuses: ['DRAFT'], orderingCriteria: 'code' },
} as const satisfies Record<
  string,
  { label: string; statuses: readonly ShotStatus[]; orderingCriteria: ShotOrdering }
>;
export type ShotListView = keyof typeof SHOT_LIST_VIEWS;

/** spec 3 §4: the row actions a status allows. */
export const SHOT_ACTIONS: Record<
  ShotStatus,
  readonly ('edit' | 'remove' | 'clone' | 'unschedule' | 'report')[]
> = {
  DRAFT: ['edit', 'remove', 'clone'],
  SCHEDULED: ['clone', 'unschedule'],
  SENDING: ['clone'],
  SENT: ['clone', 'report'],
  ERROR: ['clone', 'report'],
};

export const SHOT_ORDERINGS = ['scheduleDate', 'startDate', 'code'] as const;
export type ShotOrdering = (typeof SHOT_ORDERINGS)[number];

/** spec 3 §9: the birthday shots' code in the details route. */
export const BIRTHDAY_SHOT_CODE = 'aniversariantes';

/** The stored HTML of one e-mail (after sanitising and inlining) and its editor design: at most. */
export const SHOT_HTML_MAX_BYTES = 1024 * 1024;
export const SHOT_DESIGN_MAX_BYTES = 2 * 1024 * 1024;
export const SHOT_PREVIEW_MAX_BYTES = 256 * 1024;

const statusList = z.preprocess(
  (v) => queryList(v),
  z
    .array(z.enum(SHOT_STATUSES, { error: MESSAGES.notAllowed }))
    .max(SHOT_STATUSES.length)
    .optional(),
);

/** GET /mkt/{emails|sms}/campaign (spec 3 §7.1: status list, page 1, 100 per page, ordering). */
export const ShotsQuerySchema = z.strictObject({
  status: statusList,
  orderingCriteria: z.enum(SHOT_ORDERINGS, { error: MESSAGES.notAllowed }).default('code'),
  orderingAscending: z
    .enum(['true', 'false'], { error: MESSAGES.notAllowed })
    .default('false')
    .transform((v) => v === 'true'),
  /** true: the birthday shots ('aniversariantes'), which the other lists leave out */
  birthday: z
    .enum(['true', 'false'], { error: MESSAGES.notAllowed })
    .default('false')
    .transform((v) => v === 'true'),
  ...pageQuery(100, 100),
});
export type ShotsQuery = z.infer<typeof ShotsQuerySchema>;

const code = z
  .number({ error: MESSAGES.required })
  .int(MESSAGES.invalidNested)
  .min(1, MESSAGES.invalidNested)
  .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidNested);

/**
 * destination.segment as the spec's client sends it ({code, name, query, type}): only `code` is
 * read; the list's name, expression and type come from the saved list itself.
 */
const DestinationSchema = z.strictObject(
  {
    segment: z.strictObject({
      code,
      name: singleLineTextSchema().max(200).optional(),
      query: z.unknown().optional(),
      type: z.enum(['PERSON', 'TEAM', 'COMPANY']).optional(),
    }),
  },
  { error: MESSAGES.required },
);

const DESIGN_PROBLEMS: Record<EmailDesignProblem, string> = {
  tooLarge: SHOT_TEXTS.designTooLarge,
  tooManyNodes: SHOT_TEXTS.designTooManyNodes,
  tooDeep: SHOT_TEXTS.designTooDeep,
  notJson: SHOT_TEXTS.designNotJson,
};

const byteLimit = (max: number) => (v: string) => new TextEncoder().encode(v).length <= max;

/** The longest subject an e-mail shot keeps (characters, as the save schema counts them). */
export const SHOT_SUBJECT_MAX = 250;

/** The longest name a shot keeps (issue 40: the team's name for it, never sent). */
export const SHOT_NAME_MAX = 120;

/**
 * A shot's own name (issue 40), which only the team sees in the list: optional, one line, at most
 * 120 characters; empty is no name (null). Left out of a PUT, the name stays as it was.
 */
export const shotNameField = singleLineTextSchema()
  .max(SHOT_NAME_MAX, SHOT_TEXTS.nameTooLong)
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

/** An e-mail's subject, HTML and editor design, as the shot editor and the birthday e-mail send them. */
export const emailContentFields = {
  subject: singleLineTextSchema({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(SHOT_SUBJECT_MAX, `Use no máximo ${SHOT_SUBJECT_MAX} caracteres`),
  htmlContent: z
    .string({ error: MESSAGES.invalidNested })
    .refine(byteLimit(SHOT_HTML_MAX_BYTES), SHOT_TEXTS.contentTooLarge)
    .default(''),
  /** the editor's design: bounded in size and depth before anything walks it (email-design.ts) */
  jsonContent: z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const read = readEmailDesign(value, SHOT_DESIGN_MAX_BYTES);
      if ('design' in read) return read.design;
      ctx.addIssue({ code: 'custom', message: DESIGN_PROBLEMS[read.problem] });
      return z.NEVER;
    })
    .optional(),
};

/**
 * POST/PUT /mkt/emails/campaign (spec 3 §7.1: subject, htmlContent, jsonContent, totalContacts,
 * senderCode, destination.segment; §5: senderCode, segment and subject required). totalContacts is
 * what the editor saw; the server counts again.
 */
export const EmailShotSaveSchema = z.strictObject({
  name: shotNameField,
  ...emailContentFields,
  imagePreview: z
    .string()
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, MESSAGES.invalidNested)
    .refine(byteLimit(SHOT_PREVIEW_MAX_BYTES), MESSAGES.invalidNested)
    .nullable()
    .optional(),
  totalContacts: z.number().int().min(0).max(100_000_000).optional(),
  senderCode: code,
  destination: DestinationSchema,
});
export type EmailShotSave = z.infer<typeof EmailShotSaveSchema>;

/**
 * POST /mkt/{emails|sms}/campaign/schedule/{id} (spec 3 §7.1): a date with a time, read by the
 * parser people-contacts uses (`parseDateTime`): 'AAAA-MM-DD HH:mm' as the form sends it,
 * 'AAAA-MM-DD HH:mm:ss' as spec 1 §5's client sends every date, or 'T' between them, all in São
 * Paulo time; or ISO 8601 with an offset. A date without a time is refused.
 */
export const ShotScheduleSchema = z.strictObject({
  scheduleDate: textSchema({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(40, SHOT_TEXTS.invalidScheduleDate)
    .refine((v) => parseDateTime(v)?.hasTime === true, { message: SHOT_TEXTS.invalidScheduleDate }),
});
export type ShotSchedule = z.infer<typeof ShotScheduleSchema>;

/** spec 3 §3 Shot, as the API answers it. Dates are ISO instants (null when not set). */
export const ShotSchema = z.object({
  code: z.number().int(),
  type: z.enum(SHOT_TYPES),
  status: z.enum(SHOT_STATUSES),
  /** issue 40: the team's name for the shot (never sent); null: the list names it by its subject or message */
  name: z.string().nullable(),
  subject: z.string().nullable(),
  content: z.string().nullable(),
  htmlContent: z.string().nullable(),
  jsonContent: z.unknown(),
  imagePreview: z.string().nullable(),
  sender: z.object({ code: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  destination: z.object({
    segment: z
      .object({ code: z.number().int(), name: z.string(), query: z.unknown(), type: z.string() })
      .nullable(),
  }),
  totalContacts: z.number().int(),
  totalDropped: z.number().int(),
  scheduleDate: z.string().nullable(),
  startDate: z.string().nullable(),
  totalDelivered: z.number().int(),
  totalOpened: z.number().int(),
  totalClicked: z.number().int(),
  errorReason: z.string().nullable(),
  birthday: z.boolean(),
  /** SMS: the parts the carrier bills per message (credits: recipients × parts); null for e-mail */
  smsParts: z.number().int().nullable(),
  /** SMS: sending paused by the quiet hours until this instant; null when not paused */
  pausedUntil: z.string().nullable(),
  createDate: z.string(),
});
export type Shot = z.infer<typeof ShotSchema>;

/** The delivery details' report keys (spec 3 §7.1) and their tabs (§2.1), in tab order. */
export const SHOT_REPORTS = {
  processed: 'Processados',
  delivered: 'Entregues',
  open: 'Abertos',
  bounce: 'Devolvidos',
  dropped: 'Descartados',
  spamReport: 'Reportado como spam',
  unsubscribe: 'Não deseja receber',
} as const;
export type ShotReportKey = keyof typeof SHOT_REPORTS;
export const SHOT_REPORT_KEYS = Object.keys(SHOT_REPORTS) as ShotReportKey[];

/** The message of an entry of the tabs made of a person's act (the others show the send's answer). */
export const SHOT_REPORT_EVENT_MESSAGES: Partial<Record<ShotReportKey, string>> = {
  open: 'Abriu o e-mail',
  spamReport: 'Reportou como spam',
  unsubscribe: SHOT_TEXTS.droppedOptOut,
};

/** spec 3 §3 Report: the markers of the `receivers` string. */
export const REPORT_RECEIVER_MARKER = ';;';
export const REPORT_REASON_MARKER = '::';

/** GET …/campaign/{id}/reports/{report}: a page of the tab's table. */
export const ShotReportQuerySchema = z.strictObject({ ...pageQuery(50, 200) });
export type ShotReportQuery = z.infer<typeof ShotReportQuerySchema>;

/**
 * One tab (spec 3 §3 Report): the count and its receivers, as the spec's string (entries separated by
 * REPORT_RECEIVER_MARKER, contact and message by REPORT_REASON_MARKER) and as a list, for the page asked.
 * `count` is everyone in the tab; the receivers are only the ones whose person the caller may see in the
 * CRM (issue 38), `listed` of them across the pages (what the table pages over).
 */
export const ShotReportSchema = z.object({
  count: z.number().int(),
  listed: z.number().int(),
  receivers: z.string(),
  list: z.array(z.object({ contact: z.string(), message: z.string(), at: z.string().nullable() })),
});
export type ShotReport = z.infer<typeof ShotReportSchema>;

/** The receivers string of spec 3 §3 for a list of entries. */
export const receiversString = (list: readonly { contact: string; message: string }[]) =>
  list.map((r) => `${r.contact}${REPORT_REASON_MARKER}${r.message}`).join(REPORT_RECEIVER_MARKER);

/** spec 3 §9: delivered over contacts, opened over delivered, clicked over opened (0 to 100). */
export function shotPercentages(
  s: Pick<Shot, 'totalContacts' | 'totalDelivered' | 'totalOpened' | 'totalClicked'>,
) {
  // capped: an open the pixel saw before its delivery was confirmed (the outbox, a relay's late
  // report) must not read as more than all of them
  const pct = (part: number, whole: number) =>
    whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0;
  return {
    delivered: pct(s.totalDelivered, s.totalContacts),
    opened: pct(s.totalOpened, s.totalDelivered),
    clicked: pct(s.totalClicked, s.totalOpened),
  };
}

/** Merge tags (spec 3 §2.1): first name, surname, full name, e-mail and the current date. */
export const MERGE_TAGS = [
  { key: 'firstName', tag: '{{primeiro_nome}}', label: 'Primeiro nome' },
  { key: 'lastName', tag: '{{sobrenome}}', label: 'Sobrenome' },
  { key: 'fullName', tag: '{{nome_completo}}', label: 'Nome completo' },
  { key: 'email', tag: '{{email}}', label: 'E-mail' },
  { key: 'date', tag: '{{data_atual}}', label: 'Data atual' },
] as const;
/** What a clone's name ends with (issue 40): ' (cópia)', then ' (cópia 2)', ' (cópia 3)'… */
const COPY_SUFFIX = /^([\s\S]*?) \(cópia(?: (\d+))?\)$/u;
const graphemesOf = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/**
 * A clone's name (issue 40): the source's name (its own, else its subject or message, on one line)
 * with ' (cópia)', or the next number when the source is itself a copy; the source is cut first,
 * never inside a letter with its accents, an emoji or a merge tag, so that the whole stays within
 * `max` characters (UTF-16 units, as the save schema counts them). Only the name changes: the subject
 * and the message a clone sends are its source's.
 */
export function cloneName(name: string, max: number = SHOT_NAME_MAX): string {
  const line = name.replace(/\s+/g, ' ').trim();
  const copy = COPY_SUFFIX.exec(line);
  const base = (copy ? (copy[1] as string) : line).trimEnd();
  const suffix = copy ? ` (cópia ${Number(copy[2] ?? 1) + 1})` : ' (cópia)';
  let kept = '';
  for (const { segment } of graphemesOf.segment(base)) {
    if (kept.length + segment.length + suffix.length > max) break;
    kept += segment;
  }
  // a merge tag cut in half reads as noise: it goes whole or not at all
  if (kept.length < base.length) kept = kept.replace(/\{\{[a-z_]*\}?$/, '');
  return `${kept.trimEnd()}${suffix}`;
}

/**
 * A message as a person reads it (issue 40): each merge tag as its label in brackets ('Olá
 * [Primeiro nome], …'), for a draft's card; the message sent keeps the tags.
 */
export function withMergeTagLabels(text: string): string {
  let out = text;
  for (const t of MERGE_TAGS) out = out.split(t.tag).join(`[${t.label}]`);
  return out;
}
export type MergeValues = { firstName: string; lastName: string; fullName: string; email: string };

/** A person's merge values from the name and address as stored. */
export function mergeValuesOf(name: string | null, email: string): MergeValues {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: parts[0] ?? '',
    lastName: parts.length > 1 ? (parts.at(-1) as string) : '',
    fullName: parts.join(' '),
    email,
  };
}

const escapeHtml = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The text with every merge tag replaced (`html`: values escaped). The date is the São Paulo day of
 * `now` as dd/mm/aaaa.
 */
export function applyMergeTags(text: string, values: MergeValues, now: Date, html = false): string {
  let out = text;
  for (const t of MERGE_TAGS) {
    if (!out.includes(t.tag)) continue; // most messages have none: no work per recipient (the date is costly)
    const value = t.key === 'date' ? brazilianDate(now) : values[t.key];
    out = out.split(t.tag).join(html ? escapeHtml(value) : value);
  }
  return out;
}

function brazilianDate(now: Date): string {
  const [y, m, d] = zonedDate(now).split('-');
  return `${d}/${m}/${y}`;
}

/** A schedule as the API answers it back to the form: 'AAAA-MM-DD HH:mm' in São Paulo. */
export function scheduleFormValue(instant: Date): string {
  const s = formatZoned(instant); // AAAA-MM-DDTHH:mm:ss-03:00
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
}

// --- public pages: unsubscribe (RFC 8058) and tracking
export const UNSUBSCRIBE_TEXTS = {
  title: 'Cancelar inscrição',
  question: (address: string) => `Deseja deixar de receber e-mails desta lista no endereço ${address}?`,
  confirm: 'Não quero mais receber',
  done: 'Pronto. Você não receberá mais e-mails deste remetente.',
  invalid: 'Link inválido ou expirado.',
  footer: (sender: string, mandate: string) => `Você recebeu este e-mail de ${sender} (${mandate}).`,
  footerLink: 'Não quero mais receber estes e-mails',
} as const;
/** The public id of a recipient in its links: 128 random bits, base64url. */
export const SHOT_LINK_PATTERN = /^[A-Za-z0-9_-]{22}$/;
