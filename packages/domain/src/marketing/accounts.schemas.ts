import { z } from 'zod';
import { pageQuery } from '../common/paging.ts';

/**
 * The marketing plan and its credits (spec 3 §2.1 'Account screen', §3 'Marketing account row' and
 * 'Plan row', §4 'Send availability', §7.1, §8, §9; issue 14). A credit is one person reached by a
 * shot: the balance is an integer count of people.
 *
 * - A recurrent plan (per tenant and type) grants `credits` every `periodicity` days: each grant is
 *   a period (an 'account' row of the history). An extra credit is a one-off period (no periodicity)
 *   flagged `extra`.
 * - The balance of a type is the sum of `purchased − used` of the periods that cover now: the
 *   unused credits of an ended period expire.
 * - Sending is possible only when the balance minus the contacts to send is more than zero (§4/§9:
 *   'zero or less' is insufficient), the same rule on the screen and in the server's debit.
 */
export const MARKETING_ACCOUNT_TYPES = ['EMAIL', 'SMS'] as const;
export type MarketingAccountType = (typeof MARKETING_ACCOUNT_TYPES)[number];

export const MARKETING_ACCOUNT_TYPE_LABELS: Record<MarketingAccountType, string> = {
  EMAIL: 'E-mail',
  SMS: 'SMS',
};

/** spec 9: 'Account history: 20 per page'. */
export const ACCOUNT_HISTORY_PAGE_SIZE = 20;

const people = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'pessoa' : 'pessoas'}`;
/** An SMS credit is one message part as the carrier bills it (issue 27), not a person. */
const credits = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'crédito' : 'créditos'}`;
const amount = (n: number, type: MarketingAccountType) => (type === 'SMS' ? credits(n) : people(n));

export const ACCOUNT_TEXTS = {
  // spec 3 §8
  accountsError: 'Não foi possível obter contas de marketing',
  plansError: 'Não foi possível obter planos',
  balanceError: 'Erro obter saldo da conta',
  // spec 3 §4
  insufficientBalance: 'Saldo insuficiente',
  // ours
  title: 'Plano de Marketing',
  settingsTitle: 'Marketing - Minha conta',
  intro:
    'Cada crédito de e-mail é uma pessoa alcançada por um disparo; cada crédito de SMS é uma parte de mensagem, como a operadora cobra. Os créditos do plano se renovam a cada período; os que não forem usados até o fim do período expiram.',
  balanceTitle: (type: MarketingAccountType) => `Saldo de ${MARKETING_ACCOUNT_TYPE_LABELS[type]}`,
  balanceValue: (n: number, type: MarketingAccountType = 'EMAIL') => amount(n, type),
  balanceUnknown: 'Saldo indisponível',
  balanceAfter: (n: number, type: MarketingAccountType = 'EMAIL') =>
    `Após o envio: ${amount(Math.max(0, n), type)}`,
  contactsToSend: (n: number, type: MarketingAccountType = 'EMAIL') =>
    type === 'SMS' ? `Créditos deste envio: ${credits(n)}` : `Contatos deste envio: ${people(n)}`,
  activePlans: 'Planos ativos',
  history: 'Histórico',
  noPlans: 'Nenhum plano de marketing ativo',
  noHistory: 'Nenhum período de créditos',
  type: 'Tipo',
  credits: 'Créditos',
  renewal: 'Renovação',
  renewEvery: (days: number) => `a cada ${days} ${days === 1 ? 'dia' : 'dias'}`,
  oneOff: 'Crédito avulso',
  acquiredAt: 'Adquirido em',
  start: 'Início',
  end: 'Fim',
  purchased: 'Contratado',
  used: 'Utilizado',
  extra: 'Extra',
  current: 'Vigente',
  /** the debit refused because the balance would be zero or less (409) */
  insufficientDetail: (balance: number, count: number) =>
    `Saldo insuficiente: ${people(balance)} disponíveis para ${people(count)}`,
  invalidType: 'Tipo de conta inválido: use EMAIL ou SMS',
  invalidCredits: 'Créditos devem ser um número inteiro maior que zero',
  invalidDays: 'Dias devem ser um número inteiro maior que zero',
  onlyActivePlans: 'Só os planos ativos são listados: use active=true ou omita o parâmetro',
} as const;

/**
 * spec 3 §4/§9: sending `contacts` people is possible only when `balance − contacts > 0`. Unknown
 * balance or contacts (undefined) = not possible yet.
 */
export function hasEnoughBalance(balance: number | undefined, contacts: number | undefined): boolean {
  if (balance === undefined || contacts === undefined) return false;
  return balance - contacts > 0;
}

const accountType = z.enum(MARKETING_ACCOUNT_TYPES, { error: ACCOUNT_TEXTS.invalidType });

/** GET /mkt/accounts/balance/{type} */
export const AccountTypeParamsSchema = z.strictObject({ type: accountType });
export type AccountTypeParams = z.infer<typeof AccountTypeParamsSchema>;

/** GET /mkt/accounts (spec 3 §7.1: page 1, itemsPerPage 20), optionally of one type. */
export const AccountsQuerySchema = z.strictObject({
  ...pageQuery(ACCOUNT_HISTORY_PAGE_SIZE, 100),
  type: accountType.optional(),
});
export type AccountsQuery = z.infer<typeof AccountsQuerySchema>;

/**
 * GET /mkt/recurrent-plans: the active plans; `active=true` as the spec's client sends it (spec 3
 * §7.1) is the same list, `active=false` a 400 (inactive plans are not listed), any other key a 400.
 */
export const RecurrentPlansQuerySchema = z.strictObject({
  active: z.enum(['true'], { error: ACCOUNT_TEXTS.onlyActivePlans }).optional(),
});

/** A history row (spec 3 §3 'Marketing account row'): one period of credits. */
export const MarketingAccountSchema = z.object({
  code: z.number().int(),
  type: z.enum(MARKETING_ACCOUNT_TYPES),
  initialDate: z.string(),
  endDate: z.string(),
  used: z.number().int(),
  purchased: z.number().int(),
  extra: z.boolean(),
  /** the period covers now (its credits count in the balance) */
  current: z.boolean(),
});
export type MarketingAccount = z.infer<typeof MarketingAccountSchema>;

/** An active plan (spec 3 §3 'Plan row'); `periodicity` null for a one-off extra credit. */
export const MarketingPlanSchema = z.object({
  code: z.number().int(),
  type: z.enum(MARKETING_ACCOUNT_TYPES),
  active: z.boolean(),
  acquiredDate: z.string(),
  credits: z.number().int(),
  periodicity: z.number().int().nullable(),
  extra: z.boolean(),
});
export type MarketingPlan = z.infer<typeof MarketingPlanSchema>;

/** GET /mkt/accounts/balance/{type} (spec 3 §7.1: 'Response balance'). */
export const MarketingBalanceSchema = z.object({
  type: z.enum(MARKETING_ACCOUNT_TYPES),
  balance: z.number().int(),
});
export type MarketingBalance = z.infer<typeof MarketingBalanceSchema>;

/** A plan or an extra credit the operator grants (CLI `marketing plan` / `marketing credit`). */
export const PlanGrantSchema = z.strictObject({
  type: accountType,
  credits: z.coerce
    .number({ error: ACCOUNT_TEXTS.invalidCredits })
    .int(ACCOUNT_TEXTS.invalidCredits)
    .min(1, ACCOUNT_TEXTS.invalidCredits)
    .max(100_000_000, ACCOUNT_TEXTS.invalidCredits),
  /** renewal every N days (recurrent plan) or validity in days (extra credit) */
  days: z.coerce
    .number({ error: ACCOUNT_TEXTS.invalidDays })
    .int(ACCOUNT_TEXTS.invalidDays)
    .min(1, ACCOUNT_TEXTS.invalidDays)
    .max(3650, ACCOUNT_TEXTS.invalidDays),
});
export type PlanGrant = z.infer<typeof PlanGrantSchema>;

/** Validity of an extra credit when the operator gives no --days. */
export const EXTRA_CREDIT_DEFAULT_DAYS = 30;
