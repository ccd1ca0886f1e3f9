import type {
  ConsentSource,
  LawfulBasis,
  OptOutChannel,
  OptOutSource,
  PrivacyRequestsQuery,
} from '@mandato/domain';
import { pageOffset } from '@mandato/domain';
import { sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { SuppressionHash } from './suppression-hash.ts';

type RequestRow = DB['privacy_requests'];

export interface PrivacyRequestRow {
  id: string;
  code: string;
  person_id: string | null;
  person_name: string;
  kind: RequestRow['kind'];
  channel: RequestRow['channel'];
  notes: string | null;
  status: 'OPEN' | 'DONE';
  created_at: Date;
  due_at: Date;
  handled_at: Date | null;
  handled_by_name: string | null;
}

const requestColumns = [
  'r.id',
  'r.code',
  'r.person_id',
  'r.person_name',
  'r.kind',
  'r.channel',
  'r.notes',
  'r.status',
  'r.created_at',
  'r.due_at',
  'r.handled_at',
  'u.name as handled_by_name',
] as const;

export const privacyRepository = {
  // --- suppression list
  async addSuppressions(ctx: TenantContext, hashes: readonly SuppressionHash[]): Promise<void> {
    if (hashes.length === 0) return;
    await ctx.trx
      .insertInto('privacy_suppressions')
      .values(hashes.map((h) => ({ tenant_id: ctx.tenantId, kind: h.kind, hash: h.hash })))
      .onConflict((oc) => oc.columns(['tenant_id', 'kind', 'hash']).doNothing())
      .execute();
  },

  /** Which of `hashes` are on the tenant's list. */
  async suppressedAmong(ctx: TenantContext, hashes: readonly SuppressionHash[]): Promise<SuppressionHash[]> {
    if (hashes.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('privacy_suppressions')
      .select(['kind', 'hash'])
      .where('hash', 'in', [...new Set(hashes.map((h) => h.hash))])
      .execute();
    const found = new Set(rows.map((r) => `${r.kind}:${r.hash}`));
    return hashes.filter((h) => found.has(`${h.kind}:${h.hash}`));
  },

  // --- consents and opt-outs
  async addConsent(
    ctx: TenantContext,
    consent: {
      personId: string;
      purpose: string;
      lawfulBasis: LawfulBasis;
      source: ConsentSource;
      termsHash?: string | null;
      createdBy?: string | null;
    },
  ): Promise<void> {
    await ctx.trx
      .insertInto('person_consents')
      .values({
        tenant_id: ctx.tenantId,
        person_id: consent.personId,
        purpose: consent.purpose,
        lawful_basis: consent.lawfulBasis,
        source: consent.source,
        terms_hash: consent.termsHash ?? null,
        created_by: consent.createdBy ?? null,
      })
      .execute();
  },

  async addOptOut(
    ctx: TenantContext,
    optOut: { personIds: readonly string[]; channel: OptOutChannel; source: OptOutSource },
  ): Promise<void> {
    if (optOut.personIds.length === 0) return;
    await ctx.trx
      .insertInto('person_opt_outs')
      .values(
        optOut.personIds.map((personId) => ({
          tenant_id: ctx.tenantId,
          person_id: personId,
          channel: optOut.channel,
          source: optOut.source,
        })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'person_id', 'channel']).doNothing())
      .execute();
  },

  consentsOf(ctx: TenantContext, personId: string) {
    return ctx.trx
      .selectFrom('person_consents as c')
      .leftJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.created_by'),
      )
      .select(['c.purpose', 'c.lawful_basis', 'c.source', 'c.terms_hash', 'c.created_at', 'u.name as by'])
      .where('c.person_id', '=', personId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
  },

  optOutsOf(ctx: TenantContext, personId: string) {
    return ctx.trx
      .selectFrom('person_opt_outs')
      .select(['channel', 'source', 'at'])
      .where('person_id', '=', personId)
      .orderBy('at', 'desc')
      .execute();
  },

  // --- data-subject requests
  async createRequest(
    ctx: TenantContext,
    request: {
      personId: string;
      personName: string;
      kind: RequestRow['kind'];
      channel: RequestRow['channel'];
      notes: string | null;
      createdBy: string;
      dueDays: number;
    },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('privacy_requests')
      .values({
        tenant_id: ctx.tenantId,
        person_id: request.personId,
        person_name: request.personName,
        kind: request.kind,
        channel: request.channel,
        notes: request.notes,
        created_by: request.createdBy,
        due_at: sql<Date>`now() + make_interval(days => ${request.dueDays})`,
      })
      .returning('code')
      .executeTakeFirstOrThrow();
    return row.code;
  },

  findRequest(ctx: TenantContext, code: string): Promise<PrivacyRequestRow | undefined> {
    return ctx.trx
      .selectFrom('privacy_requests as r')
      .leftJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.handled_by'),
      )
      .select(requestColumns)
      .where('r.code', '=', code)
      .executeTakeFirst() as Promise<PrivacyRequestRow | undefined>;
  },

  /** Locks the request for its fulfilment: two answers at once do not both run. */
  async lockRequest(ctx: TenantContext, code: string): Promise<{ id: string } | undefined> {
    return ctx.trx
      .selectFrom('privacy_requests')
      .select('id')
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Overdue first (open ones whose due date passed), then by due date. */
  async listRequests(ctx: TenantContext, query: PrivacyRequestsQuery) {
    let base = ctx.trx.selectFrom('privacy_requests as r');
    if (query.status) base = base.where('r.status', '=', query.status);
    const { total } = await base
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    const items = await base
      .leftJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.handled_by'),
      )
      .select(requestColumns)
      .orderBy(sql`(r.status = 'OPEN' AND r.due_at < now())`, 'desc')
      .orderBy(sql`(r.status = 'OPEN')`, 'desc')
      .orderBy('r.due_at', 'asc')
      .orderBy('r.id', 'asc')
      .limit(query.itemsPerPage)
      .offset(pageOffset(query))
      .execute();
    return { total: Number(total), items: items as PrivacyRequestRow[] };
  },

  async markDone(ctx: TenantContext, id: string, userId: string): Promise<void> {
    await ctx.trx
      .updateTable('privacy_requests')
      .set({ status: 'DONE', handled_by: userId, handled_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },

  // --- the privacy module's own part of a person's data
  requestsOf(ctx: TenantContext, personId: string) {
    return ctx.trx
      .selectFrom('privacy_requests')
      .select(['code', 'kind', 'channel', 'status', 'created_at', 'due_at', 'handled_at'])
      .where('person_id', '=', personId)
      .orderBy('created_at')
      .execute();
  },

  /** The person's requests keep only the initials of the name shown (the person is being erased). */
  async freezeRequestNames(ctx: TenantContext, personId: string, initials: string): Promise<void> {
    await ctx.trx
      .updateTable('privacy_requests')
      .set({ person_name: initials })
      .where('person_id', '=', personId)
      .execute();
  },
};
