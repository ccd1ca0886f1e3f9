import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { PAGING_MESSAGES, pageNumberSchema } from '../common/paging.ts';
import { singleLineTextSchema } from '../common/text.ts';
import { AddressSchema } from '../crm/person.schemas.ts';
import { onlyDigits } from '../crm/validators.ts';
import {
  ballotNumberProblem,
  PoliticalOfficeSchema,
  PoliticalPartySchema,
  PoliticianSaveSchema,
} from '../politicians/politicians.schemas.ts';
import { DONATION_LIMITS, DONATION_PAGE_SIZES } from './donations.constants.ts';
import { DONATION_TEXTS } from './donations.texts.ts';

export const DONATION_STATES = ['NOT_INTEGRATED', 'AWAITING_APPROVAL', 'CONFIRMED'] as const;
export const DonationStateSchema = z.enum(DONATION_STATES);
export type DonationState = z.infer<typeof DonationStateSchema>;

/** The politician record's own field rules (sys-admin/politicians), so the wizard saves the same record. */
const politician = PoliticianSaveSchema.shape;
const address = AddressSchema.shape;

/** A field the politician record keeps optional and a wizard step requires: missing or empty → 'Campo Obrigatório'. */
const required = <T extends z.ZodType>(schema: T) =>
  schema.transform((value, ctx) => {
    if (value === undefined || value === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      return z.NEVER;
    }
    return value as NonNullable<z.output<T>>;
  });

/**
 * PUT /donations/onboarding/politician — wizard step 1 'Dados do Político' (spec 3 §5): all seven
 * fields required; CPF and título de eleitor by their check digits (masks accepted, digits kept);
 * birthday 'DD/MM/AAAA' (or 'AAAA-MM-DD') → 'AAAA-MM-DD'.
 */
export const DonationPoliticianStepSchema = z.strictObject({
  name: politician.name,
  cpf: politician.cpf,
  rg: required(politician.rg),
  idDispatchingAgency: required(politician.idDispatchingAgency),
  voterRegistration: required(politician.voterRegistration),
  birthday: required(politician.birthday),
  email: required(politician.email),
});
export type DonationPoliticianStepInput = z.input<typeof DonationPoliticianStepSchema>;
export type DonationPoliticianStep = z.output<typeof DonationPoliticianStepSchema>;

/**
 * PUT /donations/onboarding/candidacy — wizard step 2 'Candidatura' (spec 3 §5): office and party
 * within their enumerations; description, phones and the address (all but complement) required;
 * CNPJ and ballot number optional, checked like the politician record.
 */
export const DonationCandidacyStepSchema = z
  .strictObject({
    candidateCnpj: politician.candidateCnpj,
    candidateNumber: politician.candidateNumber,
    politicalOffice: PoliticalOfficeSchema,
    politicalParty: PoliticalPartySchema,
    donationCampaignDescription: required(politician.donationCampaignDescription),
    phone: required(politician.phone),
    mobilePhone: required(politician.mobilePhone),
    zipCode: required(address.zipCode),
    street: required(address.street),
    number: required(address.number),
    complement: address.complement,
    neighborhood: required(address.neighborhood),
    city: required(address.city),
    state: required(address.state),
  })
  .superRefine((step, ctx) => {
    const message = ballotNumberProblem(step.politicalOffice, step.politicalParty, step.candidateNumber);
    if (message) ctx.addIssue({ code: 'custom', path: ['candidateNumber'], message });
  });
export type DonationCandidacyStepInput = z.input<typeof DonationCandidacyStepSchema>;
export type DonationCandidacyStep = z.output<typeof DonationCandidacyStepSchema>;

const cents = z
  .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.integer) })
  .int(MESSAGES.integer)
  .min(0, MESSAGES.integer)
  .max(Number.MAX_SAFE_INTEGER, MESSAGES.integer);

/**
 * POST /donations/campaigns and PUT /donations/campaigns/{token} — the 'Campanha de Doação' dialog
 * (spec 3 §5), values in integer cents: minimum ≥ R$ 5,00, maximum ≤ R$ 1.064,00, minimum below
 * maximum, suggested (optional: see `suggestedCentsOf`) between them. Active unless told otherwise.
 */
export const DonationCampaignSaveSchema = z
  .strictObject({
    title: singleLineTextSchema({ error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .max(100, 'Máximo de 100 caracteres'),
    active: z
      .boolean({ error: MESSAGES.invalidNested })
      .optional()
      .transform((v) => v ?? true),
    minCents: cents.min(DONATION_LIMITS.minCents, DONATION_TEXTS.campaign.minAtLeast),
    maxCents: cents.max(DONATION_LIMITS.maxDailyCents, DONATION_TEXTS.campaign.maxAtMost),
    suggestedCents: cents
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
  })
  .superRefine((c, ctx) => {
    if (c.minCents >= c.maxCents)
      ctx.addIssue({ code: 'custom', path: ['minCents'], message: DONATION_TEXTS.campaign.minBelowMax });
    if (c.suggestedCents !== undefined && (c.suggestedCents < c.minCents || c.suggestedCents > c.maxCents))
      ctx.addIssue({
        code: 'custom',
        path: ['suggestedCents'],
        message: DONATION_TEXTS.campaign.suggestedBetween,
      });
  });
export type DonationCampaignSaveInput = z.input<typeof DonationCampaignSaveSchema>;
export type DonationCampaignSave = z.output<typeof DonationCampaignSaveSchema>;

/** The suggested value sent to the provider: the one given, else R$ 50,00 brought within min..max. */
export function suggestedCentsOf(c: {
  minCents: number;
  maxCents: number;
  suggestedCents?: number | undefined;
}): number {
  if (c.suggestedCents !== undefined) return c.suggestedCents;
  return Math.min(Math.max(DONATION_LIMITS.defaultSuggestedCents, c.minCents), c.maxCents);
}

/** The answer of a wizard step that passed: 'Tudo certo, podemos prosseguir'. */
export const DonationStepAnswerSchema = z.object({ message: z.string() }).meta({ id: 'DonationStepAnswer' });
export type DonationStepAnswer = z.infer<typeof DonationStepAnswerSchema>;

/** `{token}` of the campaign routes: the provider's token, URL-safe; anything else is not a campaign. */
export const DonationCampaignTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, DONATION_TEXTS.messages.campaignNotFound),
});

export const DONATION_ORDER_FIELDS = ['date', 'donorName', 'valueCents', 'status'] as const;

/** GET /donations/campaigns/{token}/donations: page ≥ 1, 10|20|50 a page, newest first by default. */
export const DonationListQuerySchema = z.strictObject({
  page: pageNumberSchema(),
  itemsPerPage: z.coerce
    .number({ error: PAGING_MESSAGES.itemsPerPage })
    .pipe(z.literal(DONATION_PAGE_SIZES, { error: PAGING_MESSAGES.itemsPerPage }))
    .default(DONATION_PAGE_SIZES[0]),
  orderBy: z.enum(DONATION_ORDER_FIELDS, { error: MESSAGES.notAllowed }).default('date'),
  ascending: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
      error: MESSAGES.notAllowed,
    })
    .default(false),
});
export type DonationListQuery = z.output<typeof DonationListQuerySchema>;

// ---- answers ----

/** The politician as the wizard shows it back: steps 1 and 2, each field present once saved. */
export const DonationPoliticianAnswerSchema = z.object({
  name: z.string().optional(),
  cpf: z.string().optional(),
  rg: z.string().optional(),
  idDispatchingAgency: z.string().optional(),
  voterRegistration: z.string().optional(),
  birthday: z.string().optional(),
  email: z.string().optional(),
  candidateCnpj: z.string().optional(),
  candidateNumber: z.number().optional(),
  politicalOffice: PoliticalOfficeSchema.optional(),
  politicalParty: z.string().optional(),
  donationCampaignDescription: z.string().optional(),
  phone: z.string().optional(),
  mobilePhone: z.string().optional(),
  zipCode: z.string().optional(),
  street: z.string().optional(),
  number: z.string().optional(),
  complement: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
});
export type DonationPoliticianAnswer = z.infer<typeof DonationPoliticianAnswerSchema>;

export const DonationPhotoSchema = z.object({ url: z.string() });
export type DonationPhoto = z.infer<typeof DonationPhotoSchema>;

/** GET /donations/onboarding (and the answer of confirm). */
export const DonationOnboardingSchema = z
  .object({
    state: DonationStateSchema,
    politician: DonationPoliticianAnswerSchema.nullable(),
    photo: DonationPhotoSchema.nullable(),
    candidateId: z.number().nullable(),
  })
  .meta({ id: 'DonationOnboarding' });
export type DonationOnboarding = z.infer<typeof DonationOnboardingSchema>;

/** GET /donations/options: the provider's parties and offices, or the domain's enumerations. */
export const DonationOptionsSchema = z
  .object({
    parties: z.array(z.object({ id: z.number(), initials: z.string(), name: z.string() })),
    offices: z.array(z.object({ id: z.number(), name: z.string() })),
  })
  .meta({ id: 'DonationOptions' });
export type DonationOptions = z.infer<typeof DonationOptionsSchema>;

/** A campaign; `url` is the public donation page. */
export const DonationCampaignSchema = z.object({
  token: z.string(),
  title: z.string(),
  active: z.boolean(),
  minCents: z.number(),
  maxCents: z.number(),
  suggestedCents: z.number(),
  url: z.string(),
  createdAt: z.string(),
});
export type DonationCampaign = z.infer<typeof DonationCampaignSchema>;

export const DonationCampaignsSchema = z
  .object({
    items: z.array(DonationCampaignSchema),
    /** the provider is the embedded sandbox: its links open only on the server's machine (issue 40) */
    sandbox: z.boolean(),
  })
  .meta({ id: 'DonationCampaigns' });
export type DonationCampaigns = z.infer<typeof DonationCampaignsSchema>;

export const INVOICE_STATUSES = ['PAID', 'PENDING'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/** A donation as the campaign's table shows it: CPF and phone masked, value in cents. */
export const DonationInvoiceSchema = z.object({
  date: z.string(),
  donorName: z.string(),
  cpfMasked: z.string(),
  email: z.string(),
  phoneMasked: z.string(),
  valueCents: z.number(),
  status: InvoiceStatusSchema,
});
export type DonationInvoice = z.infer<typeof DonationInvoiceSchema>;

/** A page of donations; the totals count paid donations only, over the whole campaign. */
export const DonationListSchema = z
  .object({
    items: z.array(DonationInvoiceSchema),
    total: z.number(),
    paidTotalCents: z.number(),
    paidCount: z.number(),
  })
  .meta({ id: 'DonationList' });
export type DonationList = z.infer<typeof DonationListSchema>;

/** '12345678909' → '***.456.789-**' (the table never shows a donor's whole CPF). */
export function maskDonorCpf(cpf: string): string {
  const d = onlyDigits(cpf);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***.***.***-**';
}

/** '11987654321' → '(**) *****-4321'; a landline '1133334321' → '(**) ****-4321'. */
export function maskDonorPhone(phone: string): string {
  const d = onlyDigits(phone);
  if (d.length !== 10 && d.length !== 11) return '(**) *****-****';
  return `(**) ${'*'.repeat(d.length - 6)}-${d.slice(-4)}`;
}

/** A provider token as the provider gives it: URL-safe, 8 to 200 characters (CLI and admin screen). */
export const DONATION_PROVIDER_TOKEN = /^[A-Za-z0-9._~-]{8,200}$/;

/**
 * PUT /sys-admin/donation-provider/token (issue 40 item 10): the tenant's token at the donation
 * provider, set from Configurações by ROLE_CONFIG while the server runs; sealed at rest.
 */
export const DonationProviderTokenSchema = z.strictObject({
  token: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .regex(DONATION_PROVIDER_TOKEN, DONATION_TEXTS.provider.invalidToken),
});
export type DonationProviderToken = z.infer<typeof DonationProviderTokenSchema>;

/** GET /sys-admin/donation-provider: whether the tenant has a token, and whether the provider is the sandbox. */
export const DonationProviderStatusSchema = z
  .object({ connected: z.boolean(), sandbox: z.boolean() })
  .meta({ id: 'DonationProviderStatus' });
export type DonationProviderStatus = z.infer<typeof DonationProviderStatusSchema>;
