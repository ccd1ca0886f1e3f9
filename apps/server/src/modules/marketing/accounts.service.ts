import {
  ACCOUNT_TEXTS,
  type AccountsQuery,
  EXTRA_CREDIT_DEFAULT_DAYS,
  hasEnoughBalance,
  type ListAnswer,
  type MarketingAccount,
  type MarketingAccountType,
  type MarketingBalance,
  type MarketingPlan,
  PlanGrantSchema,
  pageOffset,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso, toTime } from '../../platform/dates.ts';
import type { Database } from '../../platform/db/engine.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { tenantBySlug } from '../tenants/tenants.lookup.ts';
import { accountsRepository, type PeriodRecord, type PlanRecord } from './accounts.repository.ts';

const DAY_MS = 86_400_000;

function presentPeriod(r: PeriodRecord, now: Date): MarketingAccount {
  return {
    code: Number(r.id),
    type: r.type,
    initialDate: toIso(r.initial_date),
    endDate: toIso(r.end_date),
    used: r.used,
    purchased: r.purchased,
    extra: r.extra,
    current: toTime(r.initial_date) <= now.getTime() && toTime(r.end_date) > now.getTime(),
  };
}

function presentPlan(r: PlanRecord): MarketingPlan {
  return {
    code: Number(r.id),
    type: r.type,
    active: r.active,
    acquiredDate: toIso(r.acquired_at),
    credits: r.credits,
    periodicity: r.periodicity_days,
    extra: r.extra,
  };
}

/**
 * Creates the periods the active recurrent plans are missing up to now (the renewal job does the
 * same for every tenant): the balance is right even when the job has not run yet. Idempotent.
 */
export function renewDuePeriods(ctx: TenantContext, now = new Date()): Promise<number> {
  return accountsRepository.renewDue(ctx, now);
}

/** The balance of a type: credits of the periods covering now minus what they used. */
export async function marketingBalance(
  ctx: TenantContext,
  type: MarketingAccountType,
  now = new Date(),
): Promise<number> {
  await renewDuePeriods(ctx, now);
  return accountsRepository.balance(ctx, type, now);
}

/** GET /mkt/accounts/balance/{type} */
export async function getBalance(
  ctx: RequestContext,
  _auth: AuthContext,
  type: MarketingAccountType,
): Promise<MarketingBalance> {
  return { type, balance: await marketingBalance(ctx, type) };
}

/** GET /mkt/accounts: the history of periods, newest first, 20 per page (spec 3 §9). */
export async function listAccounts(
  ctx: RequestContext,
  _auth: AuthContext,
  query: AccountsQuery,
): Promise<ListAnswer<MarketingAccount>> {
  const now = new Date();
  await renewDuePeriods(ctx, now);
  const { rows, total } = await accountsRepository.history(ctx, {
    type: query.type,
    limit: query.itemsPerPage,
    offset: pageOffset(query),
  });
  return { list: rows.map((r) => presentPeriod(r, now)), total };
}

/** GET /mkt/recurrent-plans: the active plans (and the extra credits still valid). */
export async function listActivePlans(
  ctx: RequestContext,
  _auth: AuthContext,
): Promise<ListAnswer<MarketingPlan>> {
  const rows = await accountsRepository.activePlans(ctx, new Date());
  return { list: rows.map(presentPlan), total: rows.length };
}

export interface DebitResult {
  /** the ledger row of the debit */
  debitId: string;
  /** false when the reference had been debited before (nothing debited now) */
  debited: boolean;
  /** the balance after the debit */
  balance: number;
}

/**
 * Debits `count` credits (people) of a type for `reference` (e.g. 'shot:42'), inside the caller's
 * transaction (the one that reserves the shot's recipients), so the debit and the send commit or
 * roll back together. It locks the periods covering now (SELECT … FOR UPDATE, the one that ends
 * first consumed first): two shots sent at once are serialised on those rows and can never spend
 * the same credit. Refused with 409 'Saldo insuficiente' when `balance − count` is zero or less
 * (spec 3 §4/§9, the rule the screen applies: `hasEnoughBalance`), so the last credit of a balance
 * is never spent. A reference already debited is not debited again (the ledger's unique
 * reference; a concurrent retry waits for the first and then finds it): `debited: false`.
 */
export async function debitMarketingCredits(
  ctx: TenantContext,
  type: MarketingAccountType,
  count: number,
  reference: string,
  now = new Date(),
): Promise<DebitResult> {
  if (!Number.isSafeInteger(count) || count <= 0) throw badRequest(ACCOUNT_TEXTS.invalidCredits);
  await renewDuePeriods(ctx, now);
  const periods = await accountsRepository.lockCurrent(ctx, type, now);
  const balance = periods.reduce((sum, p) => sum + (p.purchased - p.used), 0);
  const already = (previous: { id: unknown } | undefined) => ({
    debitId: String(previous?.id ?? ''),
    debited: false,
    balance,
  });
  // read after the lock: a concurrent send of the same reference has committed by now
  const previous = await accountsRepository.findDebit(ctx, reference);
  if (previous) return already(previous);
  if (!hasEnoughBalance(balance, count)) {
    throw conflict(ACCOUNT_TEXTS.insufficientBalance, [ACCOUNT_TEXTS.insufficientDetail(balance, count)]);
  }
  // nothing is written before the checks pass: a refusal leaves the caller's transaction clean
  const debitId = await accountsRepository.insertDebit(ctx, { reference, type, amount: count });
  // the same reference under another type, committed meanwhile
  if (!debitId) return already(await accountsRepository.findDebit(ctx, reference));
  let left = count;
  for (const p of periods) {
    if (left === 0) break;
    const take = Math.min(left, p.purchased - p.used);
    if (take <= 0) continue;
    await accountsRepository.use(ctx, String(p.id), take);
    left -= take;
  }
  return { debitId, debited: true, balance: balance - count };
}

/**
 * Gives back `amount` credits of what `reference` debited (a shot that ended in ERROR before sending
 * to everyone), in the caller's transaction, which makes it happen once (the shot's move to ERROR).
 * Never more than that debit; only to the periods covering now (an ended period's credits have
 * expired), the one that ends last first, none below zero used. Answers the credits given back.
 */
export async function refundMarketingCredits(
  ctx: TenantContext,
  type: MarketingAccountType,
  amount: number,
  reference: string,
  now = new Date(),
): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 0;
  const debit = await accountsRepository.findDebit(ctx, reference);
  if (!debit || debit.type !== type) return 0;
  const periods = await accountsRepository.lockCurrent(ctx, type, now);
  let left = Math.min(amount, debit.amount);
  for (const p of periods.reverse()) {
    if (left === 0) break;
    const back = Math.min(left, p.used);
    if (back <= 0) continue;
    await accountsRepository.use(ctx, String(p.id), -back);
    left -= back;
  }
  return Math.min(amount, debit.amount) - left;
}

/**
 * Grants a recurrent plan (first period starting at `acquiredAt`, then one every `days`) or, with
 * `extra`, a one-off extra credit valid for `days`. Operator path (CLI, demo seed).
 */
export async function grantPlan(
  ctx: TenantContext,
  input: { type: MarketingAccountType; credits: number; days: number; extra: boolean },
  acquiredAt = new Date(),
  now = new Date(),
): Promise<string> {
  const recurrent = !input.extra;
  const planId = await accountsRepository.insertPlan(ctx, {
    type: input.type,
    credits: input.credits,
    periodicityDays: recurrent ? input.days : null,
    extra: input.extra,
    acquiredAt,
  });
  if (recurrent) {
    await accountsRepository.renewDue(ctx, now);
  } else {
    await accountsRepository.insertPeriod(ctx, {
      planId,
      type: input.type,
      initialDate: acquiredAt,
      endDate: new Date(acquiredAt.getTime() + input.days * DAY_MS),
      purchased: input.credits,
      extra: true,
    });
  }
  return planId;
}

/**
 * CLI `marketing plan` / `marketing credit`: validates the options (pt-BR errors of the domain)
 * and grants in the tenant's own transaction. Undefined when the tenant does not exist.
 */
export async function grantPlanBySlug(
  db: Database,
  slug: string,
  options: { type?: string; credits?: string; days?: string; extra: boolean },
): Promise<string | undefined> {
  const parsed = PlanGrantSchema.safeParse({
    type: options.type?.toUpperCase(),
    credits: options.credits,
    days: options.days ?? (options.extra ? EXTRA_CREDIT_DEFAULT_DAYS : undefined),
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
  const tenant = await tenantBySlug(db.kysely, slug);
  if (!tenant) return undefined;
  return withTenant(db, String(tenant.id), (ctx) => grantPlan(ctx, { ...parsed.data, extra: options.extra }));
}
