import { z } from 'zod';
import type { AreaRule } from '../access/modules.ts';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import { BrStateSchema, GenderSchema } from '../crm/enums.ts';
import {
  OptionalDateSchema,
  optionalEmail,
  optionalPhone,
  optionalText,
  PERSON_MESSAGES,
} from '../crm/person.schemas.ts';
import { isValidCep, isValidCpf, onlyDigits } from '../crm/validators.ts';

/**
 * The public sponsor ("padrinho") sign-up (spec 1 §2 "Sponsor (godfather) public subscription
 * route", §3, §5, §8; spec 2 §2 /convite/{godfatherIdString}): the tenant's form configuration,
 * the sign-up a visitor sends from a sponsor's link, and every text both sides show.
 */

export const SPONSOR_TITLE_MAX = 60;
export const SPONSOR_DESCRIPTION_MAX = 200;
/** the privacy-policy HTML as the editor sends it (before the server sanitises it) */
export const SPONSOR_TERMS_MAX = 50_000;
export const SPONSOR_FAVICON_MAX_BYTES = 512 * 1024;
export const SPONSOR_FAVICON_TYPES = ['png', 'ico', 'jpeg', 'webp'] as const;
/** the honeypot: a field no person sees (hidden off-screen); a bot that fills it gets a fake success */
export const SPONSOR_HONEYPOT = 'website';
/**
 * per-IP and per-link sign-up limits (answers 429), the per-IP limit of form reads, and how many
 * sign-ups of existing contacts may wait for a team user per link (past it, 429 for every sign-up
 * through the link, new or not, so the refusal tells nothing about who exists)
 */
export const SPONSOR_LIMITS = {
  signUpPerIp: { max: 10, windowSeconds: 600 },
  signUpPerLink: { max: 60, windowSeconds: 3600 },
  readPerIp: { max: 120, windowSeconds: 600 },
  pendingPerLink: 200,
} as const;

/**
 * Who reviews the sign-ups of existing contacts ('Cadastros pendentes'): who may change contacts
 * (ROLE_CRM), on the ones they see. The server's rule and the web's button and route.
 */
export const SPONSOR_REVIEW_RULE: AreaRule = { roles: ['ROLE_CRM'] };

/** Spec 1 §3 "Configurable sponsor-form fields by section". */
export const SPONSOR_SECTIONS = [
  { key: 'main', title: 'Principais', fields: ['name', 'email', 'cellphone'] },
  { key: 'personal', title: 'Pessoais', fields: ['cpf', 'birthDate', 'nickname', 'gender'] },
  {
    key: 'address',
    title: 'Endereço',
    fields: ['zipCode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'],
  },
  { key: 'advanced', title: 'Avançados', fields: ['phoneTwo', 'profession', 'votingZone', 'votingSection'] },
] as const;

export const SPONSOR_FIELDS = SPONSOR_SECTIONS.flatMap((s) => s.fields);
export type SponsorFieldName = (typeof SPONSOR_SECTIONS)[number]['fields'][number];
export const SponsorFieldNameSchema = z.enum(SPONSOR_FIELDS as [SponsorFieldName, ...SponsorFieldName[]], {
  error: MESSAGES.notAllowed,
});

export const SPONSOR_FIELD_LABELS: Record<SponsorFieldName, string> = {
  name: 'Nome',
  email: 'E-mail',
  cellphone: 'Celular',
  cpf: 'CPF',
  birthDate: 'Data de nascimento',
  nickname: 'Apelido',
  gender: 'Gênero',
  zipCode: 'CEP',
  street: 'Rua',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  phoneTwo: 'Telefone 2',
  profession: 'Profissão',
  votingZone: 'Zona eleitoral',
  votingSection: 'Seção eleitoral',
};

/** The input mask of each field (spec 1 §5 "Masks"); the web maps it to react-imask or formatters. */
export const SPONSOR_FIELD_MASKS: Partial<Record<SponsorFieldName, 'phone' | 'cpf' | 'cep' | 'date'>> = {
  cellphone: 'phone',
  phoneTwo: 'phone',
  cpf: 'cpf',
  zipCode: 'cep',
  birthDate: 'date',
};

export const SPONSOR_MESSAGES = {
  adminTitle: 'Formulário de Apadrinhamento',
  menuLabel: 'Form. Apadrinhamento',
  fetchConfigError: 'Falha ao tentar recuperar configuração do formulário',
  saveConfigError: 'Falha ao tentar atualizar configuração do formulário',
  saved: 'Sucesso! Configurações atualizadas',
  configRequired: 'Os campos Título, Descrição e Política de Privacidade são obrigatórios',
  titleLabel: 'Título',
  descriptionLabel: 'Descrição',
  termsLabel: 'Política de Privacidade',
  fieldsLabel: 'Campos do formulário',
  fieldsHint: 'Marque os campos que aparecem no formulário público e os que são obrigatórios.',
  showField: 'Exibir',
  requiredToggle: 'obrigatório',
  faviconLabel: 'Favicon',
  faviconAdvice: 'Ícone da página pública (PNG, ICO, JPEG ou WebP, até 512 KB)',
  faviconOnlyImages: 'Envie um ícone PNG, ICO, JPEG ou WebP',
  faviconTooLarge: 'O ícone passa do limite de 512 KB',
  faviconNoFile: 'Nenhum arquivo foi encontrado',
  faviconNotFound: 'Ícone não encontrado',
  faviconRemove: 'Remover ícone',
  faviconRemoved: 'Ícone removido',
  uploadFailed: 'Não foi possível fazer upload da imagem',
  save: 'Salvar',
  titleMax: `Máximo de ${SPONSOR_TITLE_MAX} caracteres`,
  descriptionMax: `Máximo de ${SPONSOR_DESCRIPTION_MAX} caracteres`,
  termsMax: 'A política de privacidade está grande demais',
  duplicateField: 'Campo repetido',
  // where the public links come from, and the preview (settings)
  linksTitle: 'Onde estão os links do formulário',
  linksIntro:
    'O formulário não tem um endereço geral: cada pessoa tem o próprio link de apadrinhamento, e quem se ' +
    'cadastra por ele fica como apadrinhado dessa pessoa.',
  linksHow:
    'Para gerar ou copiar o link de alguém, abra a pessoa em Pessoas (Editar) e use o painel ' +
    '"Apadrinhamento" › "Link de apadrinhamento".',
  linksShape: (example: string) => `Os links têm a forma ${example}`,
  linksOpenPeople: 'Abrir Pessoas',
  previewButton: 'Pré-visualizar formulário',
  previewTitle: 'Pré-visualização do formulário público',
  previewHint:
    'Assim o formulário aparece para quem abre um link pessoal. Alterações ainda não salvas já aparecem ' +
    'aqui; o público só as vê depois de Salvar.',
  previewNotSent: 'Pré-visualização: nada é enviado.',
  previewGodfather: '(nome de quem convidou)',
  previewNoFields: 'Sem nenhum campo marcado, os links mostram "Oops! Página não encontrada!".',
  // the bare /{slug}/convite (no link id)
  needLinkTitle: 'Este cadastro precisa de um link pessoal',
  needLinkText:
    'Peça o link de apadrinhamento a quem convidou você. Ele termina com um nome e um número, por ' +
    'exemplo …/convite/maria-123456.',
  // public page
  notFoundPage: MESSAGES.notFoundPage,
  fillRequired: 'Preencha os campos obrigatórios para prosseguir',
  fieldRequired: 'Campo obrigatório',
  acceptTerms: 'Li e aceito a Política de Privacidade',
  acceptRequired: 'É preciso aceitar a Política de Privacidade',
  invitedBy: (name: string) => `Convite de ${name}`,
  submit: 'Cadastrar',
  signUpFailed: 'Falha ao tentar realizar cadastro',
  success: (name?: string) =>
    `Parabéns${name ? ` ${name.trim().split(/\s+/)[0]}` : ''}! Cadastro realizado com sucesso!`,
  ownLinkIntro: 'Agora é a sua vez: compartilhe o seu link de apadrinhamento',
  termsChanged: 'A Política de Privacidade foi atualizada. Recarregue a página para ler a versão atual.',
  tooMany: 'Muitos cadastros em pouco tempo. Aguarde alguns minutos e tente novamente.',
  unavailable: 'Cadastro indisponível no momento. Tente novamente mais tarde.',
  loading: 'Carregando formulário',
  honeypotLabel: 'Deixe este campo em branco',
  // person drawer
  linkButton: 'Link de apadrinhamento',
  linkTitle: 'Link de apadrinhamento',
  linkHint: 'Quem se cadastrar por este link fica como apadrinhado desta pessoa.',
  copy: 'Copiar link',
  copied: 'Link copiado',
  linkError: 'Não foi possível gerar o link de apadrinhamento',
  consentTitle: 'Consentimento (cadastro por convite)',
  consentAcceptedAt: 'Aceito em',
  consentTerms: 'Versão da política (hash)',
  consentIp: 'IP',
  consentUserAgent: 'Navegador',
  consentGodfather: 'Padrinho',
  personNotFound: 'Pessoa não encontrada',
  // sign-ups that matched an existing contact, waiting for a team user (people › Cadastros pendentes)
  pendingTitle: 'Cadastros pendentes',
  pendingIntro:
    'Cadastros recebidos pelo link de apadrinhamento com o e-mail ou CPF de uma pessoa já cadastrada. ' +
    'Nada foi alterado no cadastro existente: confirme para completar os campos vazios, ligar o padrinho ' +
    'e registrar o consentimento, ou descarte.',
  pendingEmpty: 'Nenhum cadastro pendente',
  pendingLoadError: 'Falha ao tentar recuperar os cadastros pendentes',
  pendingReceivedAt: 'Recebido em',
  pendingValues: 'Dados enviados',
  pendingPerson: 'Cadastro existente',
  pendingGodfather: 'Padrinho',
  pendingActions: 'Ações',
  pendingConfirm: 'Confirmar',
  pendingDiscard: 'Descartar',
  pendingDiscardConfirm: 'Descartar este cadastro? O cadastro existente não muda.',
  pendingConfirmed: 'Cadastro confirmado',
  pendingDiscarded: 'Cadastro descartado',
  pendingNotFound: 'Cadastro pendente não encontrado',
  pendingConfirmError: 'Falha ao tentar confirmar o cadastro',
  pendingDiscardError: 'Falha ao tentar descartar o cadastro',
  pendingBack: 'Voltar para a lista',
  pendingPersonCode: (code: number) => `código ${code}`,
} as const;

const requiredText = (max: number, maxMessage: string) =>
  textSchema({ error: SPONSOR_MESSAGES.configRequired })
    .trim()
    .min(1, SPONSOR_MESSAGES.configRequired)
    .max(max, maxMessage);

/** Whether rich text has something to read (not just empty paragraphs). */
export function richTextHasContent(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

export const SponsorFieldSchema = z.strictObject({
  name: SponsorFieldNameSchema,
  isRequired: z.boolean({ error: MESSAGES.invalidNested }),
});
export type SponsorField = z.infer<typeof SponsorFieldSchema>;

/** PUT sys-admin/parameter/godfather-form (spec 1 §3, §5). */
export const SponsorFormSaveSchema = z.strictObject({
  title: requiredText(SPONSOR_TITLE_MAX, SPONSOR_MESSAGES.titleMax),
  description: requiredText(SPONSOR_DESCRIPTION_MAX, SPONSOR_MESSAGES.descriptionMax),
  terms: textSchema({ error: SPONSOR_MESSAGES.configRequired })
    .max(SPONSOR_TERMS_MAX, SPONSOR_MESSAGES.termsMax)
    .refine(richTextHasContent, SPONSOR_MESSAGES.configRequired),
  fields: z
    .array(SponsorFieldSchema, { error: MESSAGES.invalidNested })
    .max(SPONSOR_FIELDS.length)
    .refine((f) => new Set(f.map((x) => x.name)).size === f.length, SPONSOR_MESSAGES.duplicateField),
});
export type SponsorFormSave = z.infer<typeof SponsorFormSaveSchema>;

/** GET sys-admin/parameter/godfather-form: the saved form (empty strings before the first save). */
export const SponsorFormConfigSchema = z.object({
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  fields: z.array(SponsorFieldSchema),
  /** SHA-256 of the stored (sanitised) terms: the version a signer accepts */
  termsVersion: z.string(),
  faviconUrl: z.string().nullable(),
});
export type SponsorFormConfig = z.infer<typeof SponsorFormConfigSchema>;

export const SponsorFaviconAnswerSchema = z.object({ faviconUrl: z.string().nullable() });

/** A sponsor link id: slug-number (spec 1 §2). */
export const SPONSOR_LINK_PATTERN = /^[a-z0-9-]*[a-z0-9]-\d{3,}$/;
export const SPONSOR_LINK_MAX = 80;
export const isSponsorLinkId = (value: string) =>
  value.length <= SPONSOR_LINK_MAX && SPONSOR_LINK_PATTERN.test(value);
export const SponsorLinkIdSchema = z
  .string()
  .max(SPONSOR_LINK_MAX, MESSAGES.notFoundPage)
  .regex(SPONSOR_LINK_PATTERN, MESSAGES.notFoundPage);

/** The first name a link's page greets with (at most 100 characters). */
export function sponsorGreeting(name: string | null | undefined): string {
  return ((name ?? '').trim().split(/\s+/)[0] ?? '').slice(0, 100);
}

/** The slug part of a new link: the first name, lower case, no accents (else 'convite'). */
export function sponsorLinkSlug(name: string | null | undefined): string {
  const slug = sponsorGreeting(name)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  return slug || 'convite';
}

/** The public address of a link: /{tenant}/convite/{id}. */
export const sponsorLinkPath = (tenantSlug: string, linkId: string) => `/${tenantSlug}/convite/${linkId}`;

/** POST /people/godfather/{id}/invite answers the link. */
export const SponsorLinkSchema = z.object({ code: z.string(), path: z.string() });
export type SponsorLink = z.infer<typeof SponsorLinkSchema>;

/** GET /people/godfather-form/{id} (public): spec 1 §3 "Sponsor subscription response". */
export const SponsorPublicFormSchema = z.object({
  godfather: z.object({ code: z.string(), name: z.string() }),
  formConfig: z.object({
    title: z.string(),
    description: z.string(),
    favicon: z.string().nullable(),
    fields: z.array(z.object({ name: SponsorFieldNameSchema, label: z.string(), isRequired: z.boolean() })),
  }),
  terms: z.string(),
  termsVersion: z.string(),
});
export type SponsorPublicForm = z.infer<typeof SponsorPublicFormSchema>;

const cpfField = z
  .string({ error: PERSON_MESSAGES.text })
  .max(20, PERSON_MESSAGES.cpf)
  .optional()
  .nullable()
  .transform((v) => (v ? onlyDigits(v) : undefined))
  .refine((v) => v === undefined || v === '' || isValidCpf(v), PERSON_MESSAGES.cpf)
  .transform((v) => (v ? v : undefined));
const cepField = z
  .string({ error: PERSON_MESSAGES.text })
  .max(12, PERSON_MESSAGES.cep)
  .optional()
  .nullable()
  .transform((v) => (v ? onlyDigits(v) : undefined))
  .refine((v) => v === undefined || v === '' || isValidCep(v), PERSON_MESSAGES.cep)
  .transform((v) => (v ? v : undefined));
const optionalEnum = <T extends z.ZodType>(schema: T) =>
  schema
    .optional()
    .nullable()
    .transform((v) => v ?? undefined);

/** Each field's validator and mask rules (the person's, spec 2 §5); empty → undefined. */
const FIELD_SCHEMAS = {
  name: optionalText(150),
  email: optionalEmail,
  cellphone: optionalPhone,
  cpf: cpfField,
  birthDate: OptionalDateSchema,
  nickname: optionalText(100),
  gender: optionalEnum(GenderSchema),
  zipCode: cepField,
  street: optionalText(200),
  number: optionalText(20),
  complement: optionalText(100),
  neighborhood: optionalText(100),
  city: optionalText(100),
  state: optionalEnum(BrStateSchema),
  phoneTwo: optionalPhone,
  profession: optionalText(100),
  votingZone: optionalText(10),
  votingSection: optionalText(10),
} satisfies Record<SponsorFieldName, z.ZodType>;

const signUpExtras = {
  acceptedTerms: z.boolean({ error: SPONSOR_MESSAGES.acceptRequired }),
  termsVersion: z.string({ error: MESSAGES.invalidNested }).regex(/^[0-9a-f]{64}$/, MESSAGES.invalidNested),
  [SPONSOR_HONEYPOT]: z.string({ error: MESSAGES.invalidNested }).max(200).optional(),
};

/**
 * POST /people/godfather-form/{id} as the API document declares it: every configurable field
 * optional. The configuration of the tenant narrows it (sponsorSignUpSchema).
 */
export const SponsorSignUpBodySchema = z.strictObject({
  ...Object.fromEntries(
    SPONSOR_FIELDS.map((f) => [
      f,
      z.union([z.string().max(300), z.null()], { error: PERSON_MESSAGES.text }).optional(),
    ]),
  ),
  ...signUpExtras,
}) as z.ZodType<Partial<Record<SponsorFieldName, string | null>> & SponsorSignUpExtras>;
export interface SponsorSignUpExtras {
  acceptedTerms: boolean;
  termsVersion: string;
  website?: string;
}

export type SponsorSignUpValues = Partial<{
  name: string;
  email: string;
  cellphone: string;
  cpf: string;
  birthDate: string;
  nickname: string;
  gender: z.infer<typeof GenderSchema>;
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: z.infer<typeof BrStateSchema>;
  phoneTwo: string;
  profession: string;
  votingZone: string;
  votingSection: string;
}> &
  SponsorSignUpExtras;

/**
 * The sign-up of one form configuration (spec 1 §5): only the configured fields (any other is
 * 'Campo informado não existe'), each with the person's validator; a required one empty is
 * 'Campo obrigatório'; the privacy policy accepted; at least a name, e-mail or cellphone.
 */
export function sponsorSignUpSchema(fields: readonly SponsorField[]): z.ZodType<SponsorSignUpValues> {
  const shape: Record<string, z.ZodType> = { ...signUpExtras };
  for (const field of fields) shape[field.name] = FIELD_SCHEMAS[field.name];
  return z.strictObject(shape).superRefine((raw, ctx) => {
    const values = raw as Record<string, unknown>;
    for (const field of fields) {
      if (field.isRequired && (values[field.name] === undefined || values[field.name] === ''))
        ctx.addIssue({ code: 'custom', path: [field.name], message: SPONSOR_MESSAGES.fieldRequired });
    }
    if (values.acceptedTerms !== true)
      ctx.addIssue({ code: 'custom', path: ['acceptedTerms'], message: SPONSOR_MESSAGES.acceptRequired });
    if (!values.name && !values.email && !values.cellphone)
      ctx.addIssue({
        code: 'custom',
        path: [fields.some((f) => f.name === 'name') ? 'name' : (fields[0]?.name ?? 'name')],
        message: PERSON_MESSAGES.oneOfRequired,
      });
  }) as unknown as z.ZodType<SponsorSignUpValues>;
}

/** POST /people/godfather-form/{id} answers the signer's own link (never whether they existed). */
export const SponsorSignUpAnswerSchema = z.object({ name: z.string().nullable(), link: SponsorLinkSchema });
export type SponsorSignUpAnswer = z.infer<typeof SponsorSignUpAnswerSchema>;

/** GET /people/{id}/sponsor: the person's link (if any) and the consents they gave signing up. */
export const SponsorConsentSchema = z.object({
  acceptedAt: z.string(),
  termsVersion: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  godfather: z.object({ code: z.number(), name: z.string() }).nullable(),
});
export type SponsorConsent = z.infer<typeof SponsorConsentSchema>;
export const PersonSponsorSchema = z.object({
  link: SponsorLinkSchema.nullable(),
  consents: z.array(SponsorConsentSchema),
});
export type PersonSponsor = z.infer<typeof PersonSponsorSchema>;

/**
 * GET /people/sponsor-sign-ups: a public sign-up whose e-mail or CPF matched a contact the caller
 * sees, waiting to be confirmed (merged into the contact) or discarded.
 */
export const SponsorPendingSignUpSchema = z.object({
  id: z.number(),
  receivedAt: z.string(),
  /** the submitted fields by name (SPONSOR_FIELD_LABELS) */
  values: z.record(z.string(), z.string()),
  person: z.object({ code: z.number(), name: z.string().nullable() }),
  /** a godfather the caller does not see keeps its code, not its name */
  godfather: z.object({ code: z.number(), name: z.string() }).nullable(),
  linkCode: z.string(),
  ip: z.string(),
  userAgent: z.string(),
});
export type SponsorPendingSignUp = z.infer<typeof SponsorPendingSignUpSchema>;
/** POST /people/sponsor-sign-ups/{id}/confirm answers the contact it merged into. */
export const SponsorPendingConfirmAnswerSchema = z.object({ personCode: z.number() });
