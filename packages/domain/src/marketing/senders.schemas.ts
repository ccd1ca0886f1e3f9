import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { singleLineTextSchema, textSchema } from '../common/text.ts';

/**
 * Marketing senders ('Conta de envio', spec 3 §2.1, §2.4, §3, §4, §5, §7.1, §8; issue 14): an
 * address `<emailPrefix>@<verified domain>` that becomes ACTIVE once the activation link e-mailed
 * to it is opened. Only ACTIVE senders can be chosen for a shot.
 */
export const SENDER_TEXTS = {
  // spec 3 §8 (the texts the spec shows)
  listError: 'Erro obter lista de remetentes',
  listLoadError: 'Não foi possível obter a lista de remetentes',
  resendError: 'Não foi possível reenviar o e-mail de confirmação',
  saved: 'Remetente salvo com sucesso',
  removed: 'Remetente removido com sucesso',
  activationSent: 'Foi enviado um e-mail para ativar este remetente',
  // spec 3 §8 says these exist without showing them
  saveError: 'Não foi possível salvar o remetente',
  deleteError: 'Não foi possível remover o remetente',
  // ours
  statusError: 'Não foi possível alterar a situação do remetente',
  activated: 'Remetente ativado',
  deactivated: 'Remetente desativado',
  title: 'Remetentes',
  settingsTitle: 'Marketing - Remetentes',
  intro:
    'Cadastre as contas que enviam os seus e-mails. Cada uma recebe um e-mail de ativação e só pode ser usada nos disparos depois de ativada.',
  newSender: 'Novo Remetente',
  dialogTitle: 'Conta de envio',
  name: 'Nome',
  namePlaceholder: 'Nome que aparece para quem recebe',
  emailPrefix: 'E-mail',
  emailPrefixPlaceholder: 'contato',
  domain: 'Domínio',
  domainPlaceholder: 'Selecione um domínio verificado',
  email: 'E-mail',
  status: 'Situação',
  actions: 'Ações',
  save: 'Salvar',
  cancel: 'Cancelar',
  edit: 'Editar',
  remove: 'Remover',
  resend: 'Reenviar',
  activate: 'Ativar',
  deactivate: 'Desativar',
  removeConfirm: 'Você tem certeza que deseja remover?',
  editNotice: 'Ao salvar, o remetente volta a aguardar validação e um novo e-mail de ativação é enviado.',
  empty: 'Nenhum remetente cadastrado',
  noValidDomain: 'Cadastre e verifique um domínio em Domínios antes de criar remetentes.',
  invalidPrefix: 'Use apenas letras, números, ponto, hífen, sublinhado ou +, sem ponto no início ou no fim',
  domainNotValid: 'Escolha um domínio verificado',
  senderTaken: 'Este e-mail de envio já está cadastrado',
  notFound: 'Remetente não encontrado',
  notPending: 'Este remetente já foi validado',
  cannotActivate: 'Só um remetente desativado pode ser ativado',
  cannotDeactivate: 'Só um remetente ativo pode ser desativado',
  invalidToken: 'Não foi possível validar seu e-mail.',
  /** a sender's activation e-mail again within a minute of the last one (429) */
  activationTooSoon:
    'Um e-mail de ativação foi enviado a este remetente há menos de um minuto. Aguarde um minuto antes de enviar outro.',
  /** the sender's sixth activation e-mail within a day (429) */
  activationDailyLimit:
    'Este remetente já recebeu 5 e-mails de ativação nas últimas 24 horas. Tente de novo amanhã.',
  // spec 3 §2.4: the public result page
  confirmTitle: 'Validação de remetente',
  confirmSuccessTitle: 'Obrigado',
  confirmSuccessText: 'Seu e-mail foi validado com sucesso. Você já pode realizar disparos.',
  confirmErrorTitle: 'Ops',
  confirmErrorText: 'Não foi possível validar seu e-mail.',
  confirmLoading: 'Validando seu e-mail…',
  back: 'Voltar ao início',
} as const;

/** Hours an activation link works (single use; a new e-mail replaces the previous link). */
export const SENDER_TOKEN_HOURS = 48;

/** Activation e-mails of one sender (its creation's, an edit's and each 'Reenviar'): at most these. */
export const SENDER_EMAIL_LIMITS = {
  perMinute: { max: 1, windowSeconds: 60 },
  perDay: { max: 5, windowSeconds: 86_400 },
} as const;

export const SENDER_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING_VALIDATION'] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];
/** spec 3 §4 */
export const SENDER_STATUS_LABELS: Record<SenderStatus, string> = {
  ACTIVE: 'Ativo',
  INACTIVE: 'Inativo',
  PENDING_VALIDATION: 'Aguardando validação',
};

/** The activation e-mail, sent to the sender's own address. */
export const SENDER_EMAIL = {
  subject: 'Ative o seu remetente de e-mail',
  text: (v: { name: string; email: string; link: string; hours: number }) =>
    [
      'Olá,',
      '',
      `O endereço ${v.email} foi cadastrado como remetente "${v.name}" para os disparos de e-mail.`,
      'Para ativá-lo, abra o link abaixo:',
      '',
      v.link,
      '',
      `O link vale por ${v.hours} horas e pode ser usado uma só vez.`,
      'Se você não reconhece este cadastro, ignore este e-mail.',
    ].join('\n'),
} as const;

/** Local part of an address: letters, digits, `.`, `_`, `+`, `-`; no dot at the ends or doubled. */
const LOCAL_PART = /^[a-z0-9_+-]+(\.[a-z0-9_+-]+)*$/;

export const EmailPrefixSchema = textSchema({ error: MESSAGES.required })
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => v.length > 0, { message: MESSAGES.required, abort: true })
  .refine((v) => v.length <= 64 && LOCAL_PART.test(v), SENDER_TEXTS.invalidPrefix);

/**
 * POST /mkt/senders and PUT /mkt/senders/{id} (spec 3 §7.1: name, emailPrefix, domainCode, status;
 * §5: the first three required). A saved sender is always PENDING_VALIDATION (§4): `status` is
 * accepted only with that value.
 */
export const SenderSaveSchema = z.strictObject({
  name: singleLineTextSchema({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(120, 'Use no máximo 120 caracteres'),
  emailPrefix: EmailPrefixSchema,
  domainCode: z
    .number({ error: MESSAGES.required })
    .int(SENDER_TEXTS.domainNotValid)
    .min(1, SENDER_TEXTS.domainNotValid)
    .max(Number.MAX_SAFE_INTEGER, SENDER_TEXTS.domainNotValid),
  status: z.literal('PENDING_VALIDATION').optional(),
});
export type SenderSave = z.infer<typeof SenderSaveSchema>;

/** GET /mkt/senders: optional status (ACTIVE for the shot editor) and paging. */
export const SendersQuerySchema = z.strictObject({
  status: z.enum(SENDER_STATUSES).optional(),
  ...pageQuery(50, 200),
});
export type SendersQuery = z.infer<typeof SendersQuerySchema>;

/** PUT /mkt/senders/{id}/status ('Ativar' / 'Desativar'). */
export const SenderStatusChangeSchema = z.strictObject({
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: MESSAGES.required }),
});
export type SenderStatusChange = z.infer<typeof SenderStatusChangeSchema>;

/** The secret of an activation link: 256 random bits, base64url. */
export const SENDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The public id of a sender in its activation link (finds the tenant): 128 random bits, base64url. */
export const SENDER_LINK_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const tokenSchema = singleLineTextSchema({ error: SENDER_TEXTS.invalidToken }).max(
  200,
  SENDER_TEXTS.invalidToken,
);

/** POST /mkt/senders/{id}/validate-token (spec 3 §7.1: body token). */
export const SenderValidateTokenSchema = z.strictObject({ token: tokenSchema });
export type SenderValidateToken = z.infer<typeof SenderValidateTokenSchema>;

/**
 * POST /public/sender-email-confirm: the three parts of the link
 * /sender-email-confirm/{senderCode}/{senderToken}/{token} (spec 3 §2.1, §2.4, §7.4). No tenant slug:
 * senderToken finds it.
 */
export const SenderConfirmSchema = z.strictObject({
  senderCode: z.coerce
    .number({ error: SENDER_TEXTS.invalidToken })
    .int(SENDER_TEXTS.invalidToken)
    .min(1, SENDER_TEXTS.invalidToken)
    .max(Number.MAX_SAFE_INTEGER, SENDER_TEXTS.invalidToken),
  senderToken: tokenSchema,
  token: tokenSchema,
});
export type SenderConfirm = z.infer<typeof SenderConfirmSchema>;

/** spec 3 §3 Sender */
export const SenderSchema = z.object({
  code: z.number().int(),
  name: z.string(),
  email: z.string(),
  emailPrefix: z.string(),
  domainCode: z.number().int(),
  domainName: z.string(),
  status: z.enum(SENDER_STATUSES),
  createDate: z.string(),
});
export type Sender = z.infer<typeof SenderSchema>;

/** The public page's answer: the sender is now ACTIVE. */
export const SenderConfirmAnswerSchema = z.object({ confirmed: z.literal(true) });
export type SenderConfirmAnswer = z.infer<typeof SenderConfirmAnswerSchema>;

/** Path of the public activation page (the web route and the e-mailed link). */
export const senderConfirmPath = (senderCode: number | string, senderToken: string, token: string) =>
  `/sender-email-confirm/${senderCode}/${senderToken}/${token}`;
