import type { MarketingAccountType } from '@mandato/domain';
import { type Selectable, sql } from 'kysely';
import type { MktAccountPeriodsTable, MktPlansTable } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export type PlanRecord = Selectable<MktPlansTable>;
export type PeriodRecord = Selectable<MktAccountPeriodsTable>;

const PLAN_COLUMNS = [
  'id',
  'tenant_id',
  'type',
  'credits',
  'periodicity_days',
  'extra',
  'active',
  'acquired_at',
] as const;
const PERIOD_COLUMNS = [
  'id',
  'tenant_id',
  'plan_id',
  'type',
  'initial_date',
  'end_date',
  'purchased',
  'used',
  'extra',
] as const;

/** SQL of the marketing plans, their periods of credits and the debits (migration 0030). */
export const accountsRepository = {
  async insertPlan(
    ctx: TenantContext,
    values: {
      type: MarketingAccountType;
      credits: number;
      periodicityDays: number | null;
      extra: boolean;
      acquiredAt: Date;
    },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('mkt_plans')
      .values({
        tenant_id: ctx.tenantId,
        type: values.type,
        credits: values.credits,
        periodicity_days: values.periodicityDays,
        extra: values.extra,
        acquired_at: values.acquiredAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async insertPeriod(
    ctx: TenantContext,
    values: {
      planId: string;
      type: MarketingAccountType;
      initialDate: Date;
      endDate: Date;
      purchased: number;
      extra: boolean;
    },
  ): Promise<void> {
    await ctx.trx
      .insertInto('mkt_account_periods')
      .values({
        tenant_id: ctx.tenantId,
        plan_id: values.planId,
        type: values.type,
        initial_date: values.initialDate,
        end_date: values.endDate,
        purchased: values.purchased,
        extra: values.extra,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'plan_id', 'initial_date']).doNothing())
      .execute();
  },

  /**
   * Creates the periods every active recurrent plan is missing up to the one covering `now`: from
   * the end of its last period (or its acquisition) in steps of its periodicity, several when runs
   * were missed. Idempotent: the unique (tenant, plan, initial_date) and ON CONFLICT DO NOTHING
   * make a second run, or two at once, add nothing. Returns how many periods were created.
   */
  async renewDue(ctx: TenantContext, now: Date): Promise<number> {
    const result = await sql`
      INSERT INTO mkt_account_periods (tenant_id, plan_id, type, initial_date, end_date, purchased, extra)
      SELECT p.tenant_id, p.id, p.type,
             last.start + k * p.periodicity_days * interval '1 day',
             last.start + (k + 1) * p.periodicity_days * interval '1 day',
             p.credits, p.extra
      FROM mkt_plans p
      CROSS JOIN LATERAL (
        SELECT coalesce(max(a.end_date), p.acquired_at) AS start
        FROM mkt_account_periods a
        WHERE a.tenant_id = p.tenant_id AND a.plan_id = p.id
      ) last
      CROSS JOIN LATERAL generate_series(
        0,
        floor(extract(epoch FROM (${now}::timestamptz - last.start)) / (p.periodicity_days * 86400))::int
      ) k
      WHERE p.tenant_id = ${ctx.tenantId}
        AND p.active
        AND p.periodicity_days IS NOT NULL
        AND last.start <= ${now}::timestamptz
      ON CONFLICT (tenant_id, plan_id, initial_date) DO NOTHING
    `.execute(ctx.trx);
    return Number(result.numAffectedRows ?? 0);
  },

  async balance(ctx: TenantContext, type: MarketingAccountType, now: Date): Promise<number> {
    const row = await ctx.trx
      .selectFrom('mkt_account_periods')
      .select(sql<string>`coalesce(sum(purchased - used), 0)`.as('balance'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('type', '=', type)
      .where('initial_date', '<=', now)
      .where('end_date', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.balance);
  },

  /**
   * The periods of a type covering `now`, locked (SELECT … FOR UPDATE) in the order they are
   * consumed: the one that ends first first. Two debits lock in the same order (no deadlock); the
   * second waits for the first to commit and then reads the rows as the first left them.
   */
  lockCurrent(ctx: TenantContext, type: MarketingAccountType, now: Date): Promise<PeriodRecord[]> {
    return ctx.trx
      .selectFrom('mkt_account_periods')
      .select(PERIOD_COLUMNS)
      .where('tenant_id', '=', ctx.tenantId)
      .where('type', '=', type)
      .where('initial_date', '<=', now)
      .where('end_date', '>', now)
      .orderBy('end_date')
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  async use(ctx: TenantContext, periodId: string, amount: number): Promise<void> {
    await ctx.trx
      .updateTable('mkt_account_periods')
      .set((eb) => ({ used: eb('used', '+', amount) }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', periodId)
      .execute();
  },

  /** The ledger row of a debit; undefined when the reference was already debited. */
  async insertDebit(
    ctx: TenantContext,
    values: { reference: string; type: MarketingAccountType; amount: number },
  ): Promise<string | undefined> {
    const row = await ctx.trx
      .insertInto('mkt_debits')
      .values({ tenant_id: ctx.tenantId, ...values })
      .onConflict((oc) => oc.columns(['tenant_id', 'reference']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? String(row.id) : undefined;
  },

  findDebit(ctx: TenantContext, reference: string) {
    return ctx.trx
      .selectFrom('mkt_debits')
      .select(['id', 'reference', 'type', 'amount', 'created_at'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('reference', '=', reference)
      .executeTakeFirst();
  },

  /** The history, newest period first. */
  async history(
    ctx: TenantContext,
    query: { type?: MarketingAccountType; limit: number; offset: number },
  ): Promise<{ rows: PeriodRecord[]; total: number }> {
    let base = ctx.trx.selectFrom('mkt_account_periods').where('tenant_id', '=', ctx.tenantId);
    if (query.type) base = base.where('type', '=', query.type);
    const [rows, count] = await Promise.all([
      base
        .select(PERIOD_COLUMNS)
        .orderBy('initial_date', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },

  /**
   * The active plans: the recurrent ones, and the extra credits whose period still runs at `now`.
   */
  activePlans(ctx: TenantContext, now: Date): Promise<PlanRecord[]> {
    return ctx.trx
      .selectFrom('mkt_plans as p')
      .select(PLAN_COLUMNS.map((c) => `p.${c}` as const))
      .where('p.tenant_id', '=', ctx.tenantId)
      .where('p.active', '=', true)
      .where((eb) =>
        eb.or([
          eb('p.periodicity_days', 'is not', null),
          eb.exists(
            eb
              .selectFrom('mkt_account_periods as a')
              .select('a.id')
              .whereRef('a.tenant_id', '=', 'p.tenant_id')
              .whereRef('a.plan_id', '=', 'p.id')
              .where('a.end_date', '>', now),
          ),
        ]),
      )
      .orderBy('p.type')
      .orderBy('p.extra')
      .orderBy('p.acquired_at')
      .orderBy('p.id')
      .limit(200)
      .execute();
  },
};
