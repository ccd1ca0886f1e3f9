import { type PageQuery, pageOffset, type SponsorField } from '@mandato/domain';
import { sql } from 'kysely';
import { visibleTo } from '../../platform/db/filter/people-visibility.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from '../people/people.policy.ts';

export interface SponsorFormRow {
  title: string;
  description: string;
  terms: string;
  termsHash: string;
  fields: SponsorField[];
  faviconKey: string | null;
  faviconType: string | null;
  faviconUrl: string | null;
}

export interface SponsorLinkRow {
  personId: string;
  code: string;
  /** the first name its page greets with, fixed when the link was made */
  greeting: string;
  createdBy: string | null;
}

/** The link a public page opens: a person's, or the one answered to a sign-up still waiting (no one's). */
export interface PublicLinkRow {
  code: string;
  greeting: string;
  createdBy: string | null;
  /** the person of the link; null for the link of a waiting sign-up */
  godfatherId: string | null;
}

/** A public sign-up of an existing contact's e-mail or CPF, waiting for a team user. */
export interface PendingSignUpRow {
  id: string;
  personId: string;
  personName: string | null;
  godfatherId: string | null;
  linkCode: string;
  createdBy: string | null;
  code: string;
  greeting: string;
  fields: Record<string, string>;
  termsHash: string;
  ip: string;
  userAgent: string;
  receivedAt: Date;
}

export interface ConsentRow {
  acceptedAt: Date;
  termsHash: string;
  ip: string;
  userAgent: string;
  godfatherId: string | null;
}

const fieldsOf = (value: unknown): SponsorField[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as SponsorField[];

/** The sponsor form, the terms versions, the links and the consents: the module's only SQL. */
export const sponsorRepository = {
  async form(ctx: TenantContext): Promise<SponsorFormRow | undefined> {
    const row = await ctx.trx
      .selectFrom('sponsor_forms')
      .select([
        'title',
        'description',
        'terms',
        'terms_hash',
        'fields',
        'favicon_key',
        'favicon_type',
        'favicon_url',
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      title: row.title,
      description: row.description,
      terms: row.terms,
      termsHash: row.terms_hash,
      fields: fieldsOf(row.fields),
      faviconKey: row.favicon_key,
      faviconType: row.favicon_type,
      faviconUrl: row.favicon_url,
    };
  },

  /** Saves title, description, terms and fields (the favicon stays); keeps the terms version. */
  async saveForm(
    ctx: TenantContext,
    values: { title: string; description: string; terms: string; termsHash: string; fields: SponsorField[] },
    userId: string,
  ): Promise<void> {
    await ctx.trx
      .insertInto('sponsor_terms')
      .values({ tenant_id: ctx.tenantId, hash: values.termsHash, terms: values.terms })
      .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
      .execute();
    const row = {
      title: values.title,
      description: values.description,
      terms: values.terms,
      terms_hash: values.termsHash,
      fields: JSON.stringify(values.fields),
      updated_by: userId,
      updated_at: sql<Date>`now()`,
    };
    await ctx.trx
      .insertInto('sponsor_forms')
      .values({ tenant_id: ctx.tenantId, ...row })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(row))
      .execute();
  },

  /** Sets (or clears) the favicon; answers the storage key it replaces. */
  async setFavicon(
    ctx: TenantContext,
    favicon: { key: string; type: string; url: string } | null,
    emptyTermsHash: string,
    userId: string,
  ): Promise<string | null> {
    const before = await ctx.trx
      .selectFrom('sponsor_forms')
      .select('favicon_key')
      .forUpdate()
      .executeTakeFirst();
    const values = {
      favicon_key: favicon?.key ?? null,
      favicon_type: favicon?.type ?? null,
      favicon_url: favicon?.url ?? null,
      updated_by: userId,
      updated_at: sql<Date>`now()`,
    };
    if (before) await ctx.trx.updateTable('sponsor_forms').set(values).execute();
    else if (favicon) {
      // a favicon before the first save: an empty form (no fields: the public page stays 404)
      await ctx.trx
        .insertInto('sponsor_terms')
        .values({ tenant_id: ctx.tenantId, hash: emptyTermsHash, terms: '' })
        .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
        .execute();
      await ctx.trx
        .insertInto('sponsor_forms')
        .values({
          tenant_id: ctx.tenantId,
          title: '',
          description: '',
          terms: '',
          terms_hash: emptyTermsHash,
          fields: '[]',
          ...values,
        })
        .execute();
    }
    return before?.favicon_key ?? null;
  },

  /** The person's first link (with `greeting`: their first link that greets so). */
  async linkOfPerson(
    ctx: TenantContext,
    personId: string,
    greeting?: string,
  ): Promise<SponsorLinkRow | undefined> {
    let query = ctx.trx
      .selectFrom('sponsor_links')
      .select(['person_id', 'code', 'greeting', 'created_by'])
      .where('person_id', '=', personId);
    if (greeting !== undefined) query = query.where('greeting', '=', greeting);
    const row = await query.orderBy('created_at').orderBy('code').limit(1).executeTakeFirst();
    return row ? toLink(row) : undefined;
  },

  /** A person's link or a waiting sign-up's, in one statement (the page takes as long either way). */
  async publicLink(ctx: TenantContext, code: string): Promise<PublicLinkRow | undefined> {
    const { rows } = await sql<{
      code: string;
      greeting: string;
      created_by: string | number | null;
      godfather_id: string | number | null;
    }>`
      SELECT code, greeting, created_by, person_id AS godfather_id FROM sponsor_links WHERE code = ${code}
      UNION ALL
      SELECT code, greeting, created_by, NULL FROM sponsor_pending_signups WHERE code = ${code}
      LIMIT 1`.execute(ctx.trx);
    const row = rows[0];
    if (!row) return undefined;
    return {
      code: row.code,
      greeting: row.greeting,
      createdBy: refOf(row.created_by),
      godfatherId: refOf(row.godfather_id),
    };
  },

  /** Inserts a link unless the code is taken (by a link or a waiting sign-up); answers whether it went in. */
  async insertLink(
    ctx: TenantContext,
    link: { personId: string; code: string; greeting: string; createdBy: string | null },
  ): Promise<boolean> {
    const { rows } = await sql<{ code: string }>`
      INSERT INTO sponsor_links (tenant_id, person_id, code, greeting, created_by)
      SELECT ${ctx.tenantId}, ${link.personId}, ${link.code}, ${link.greeting}, ${link.createdBy}
      WHERE NOT EXISTS (SELECT 1 FROM sponsor_pending_signups WHERE code = ${link.code})
      ON CONFLICT DO NOTHING RETURNING code`.execute(ctx.trx);
    return rows.length > 0;
  },

  /** How many sign-ups through a link wait for a team user. */
  async pendingCountOfLink(ctx: TenantContext, linkCode: string): Promise<number> {
    const row = await ctx.trx
      .selectFrom('sponsor_pending_signups')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('link_code', '=', linkCode)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Stores a waiting sign-up unless its code is taken (by a link or another); answers whether it went in. */
  async insertPending(
    ctx: TenantContext,
    pending: Omit<PendingSignUpRow, 'id' | 'personName' | 'receivedAt'>,
  ): Promise<boolean> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO sponsor_pending_signups (tenant_id, person_id, godfather_id, link_code, created_by, code,
        greeting, fields, terms_hash, ip, user_agent)
      SELECT ${ctx.tenantId}, ${pending.personId}, ${pending.godfatherId}, ${pending.linkCode},
        ${pending.createdBy}, ${pending.code}, ${pending.greeting}, ${JSON.stringify(pending.fields)}::jsonb,
        ${pending.termsHash}, ${pending.ip}, ${pending.userAgent}
      WHERE NOT EXISTS (SELECT 1 FROM sponsor_links WHERE code = ${pending.code})
      ON CONFLICT DO NOTHING RETURNING id`.execute(ctx.trx);
    return rows.length > 0;
  },

  /** The waiting sign-ups of contacts the caller sees (people visibility), oldest first. */
  async pendingPage(
    ctx: TenantContext,
    vis: PeopleVisibility,
    page: PageQuery,
  ): Promise<{ rows: PendingSignUpRow[]; total: number }> {
    const counted = await pendingOfVisible(ctx, vis)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    const rows = await pendingOfVisible(ctx, vis)
      .selectAll('s')
      .select('p.name as person_name')
      .orderBy('s.received_at')
      .orderBy('s.id')
      .limit(page.itemsPerPage)
      .offset(pageOffset(page))
      .execute();
    return { rows: rows.map(toPending), total: Number(counted?.n ?? 0) };
  },

  /** One waiting sign-up of a contact the caller sees, locked until the transaction ends. */
  async pendingVisible(
    ctx: TenantContext,
    vis: PeopleVisibility,
    id: string,
  ): Promise<PendingSignUpRow | undefined> {
    const row = await pendingOfVisible(ctx, vis)
      .selectAll('s')
      .select('p.name as person_name')
      .where('s.id', '=', id)
      .forUpdate('s')
      .executeTakeFirst();
    return row ? toPending(row) : undefined;
  },

  async deletePending(ctx: TenantContext, id: string): Promise<void> {
    await ctx.trx.deleteFrom('sponsor_pending_signups').where('id', '=', id).execute();
  },

  async insertConsent(
    ctx: TenantContext,
    consent: {
      personId: string;
      godfatherId: string | null;
      linkCode: string;
      termsHash: string;
      ip: string;
      userAgent: string;
      /** when the visitor accepted (a confirmed waiting sign-up: when it arrived); default now */
      acceptedAt?: Date;
    },
  ): Promise<void> {
    await ctx.trx
      .insertInto('sponsor_consents')
      .values({
        tenant_id: ctx.tenantId,
        person_id: consent.personId,
        godfather_id: consent.godfatherId,
        link_code: consent.linkCode,
        terms_hash: consent.termsHash,
        ip: consent.ip,
        user_agent: consent.userAgent,
        ...(consent.acceptedAt ? { accepted_at: consent.acceptedAt } : {}),
      })
      .execute();
  },

  /** The person's consents, newest first (at most 20). */
  async consentsOf(ctx: TenantContext, personId: string): Promise<ConsentRow[]> {
    const rows = await ctx.trx
      .selectFrom('sponsor_consents')
      .select(['accepted_at', 'terms_hash', 'ip', 'user_agent', 'godfather_id'])
      .where('person_id', '=', personId)
      .orderBy('accepted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    return rows.map((r) => ({
      acceptedAt: new Date(r.accepted_at),
      termsHash: r.terms_hash,
      ip: r.ip,
      userAgent: r.user_agent,
      godfatherId: r.godfather_id === null ? null : String(r.godfather_id),
    }));
  },
};

/** Waiting sign-ups joined to their contact, only contacts the caller sees. */
function pendingOfVisible(ctx: TenantContext, vis: PeopleVisibility) {
  return ctx.trx
    .selectFrom('sponsor_pending_signups as s')
    .innerJoin('people as p', (j) =>
      j.onRef('p.tenant_id', '=', 's.tenant_id').onRef('p.id', '=', 's.person_id'),
    )
    .where('s.tenant_id', '=', ctx.tenantId)
    .where('p.is_team', '=', false)
    .where(visibleTo(vis));
}

const refOf = (value: string | number | null) => (value === null ? null : String(value));

function toPending(row: {
  id: string;
  person_id: string | number;
  person_name: string | null;
  godfather_id: string | number | null;
  link_code: string;
  created_by: string | number | null;
  code: string;
  greeting: string;
  fields: unknown;
  terms_hash: string;
  ip: string;
  user_agent: string;
  received_at: Date;
}): PendingSignUpRow {
  const fields = typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields;
  return {
    id: String(row.id),
    personId: String(row.person_id),
    personName: row.person_name,
    godfatherId: refOf(row.godfather_id),
    linkCode: row.link_code,
    createdBy: refOf(row.created_by),
    code: row.code,
    greeting: row.greeting,
    fields: fields as Record<string, string>,
    termsHash: row.terms_hash,
    ip: row.ip,
    userAgent: row.user_agent,
    receivedAt: new Date(row.received_at),
  };
}

function toLink(row: {
  person_id: string | number;
  code: string;
  greeting: string;
  created_by: string | number | null;
}): SponsorLinkRow {
  return {
    personId: String(row.person_id),
    code: row.code,
    greeting: row.greeting,
    createdBy: refOf(row.created_by),
  };
}

/** Operator path (demo seed): the first contact (else the first person) of the tenant. */
export async function firstPerson(
  ctx: TenantContext,
): Promise<{ id: string; name: string | null } | undefined> {
  const row = await ctx.trx
    .selectFrom('people')
    .select(['id', 'name'])
    .orderBy('is_team')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: String(row.id), name: row.name } : undefined;
}
