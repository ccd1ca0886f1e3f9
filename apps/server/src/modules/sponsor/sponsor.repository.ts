import type { SponsorField } from '@mandato/domain';
import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

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

  async linkByCode(ctx: TenantContext, code: string): Promise<SponsorLinkRow | undefined> {
    const row = await ctx.trx
      .selectFrom('sponsor_links')
      .select(['person_id', 'code', 'greeting', 'created_by'])
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? toLink(row) : undefined;
  },

  /** Inserts a link unless the code is taken; answers whether it went in. */
  async insertLink(
    ctx: TenantContext,
    link: { personId: string; code: string; greeting: string; createdBy: string | null },
  ): Promise<boolean> {
    const { rows } = await sql<{ code: string }>`
      INSERT INTO sponsor_links (tenant_id, person_id, code, greeting, created_by)
      VALUES (${ctx.tenantId}, ${link.personId}, ${link.code}, ${link.greeting}, ${link.createdBy})
      ON CONFLICT DO NOTHING RETURNING code`.execute(ctx.trx);
    return rows.length > 0;
  },

  async insertConsent(
    ctx: TenantContext,
    consent: {
      personId: string;
      godfatherId: string;
      linkCode: string;
      termsHash: string;
      ip: string;
      userAgent: string;
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
    createdBy: row.created_by === null ? null : String(row.created_by),
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
