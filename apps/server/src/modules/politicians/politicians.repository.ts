import type { PoliticianSave } from '@mandato/domain';
import { type SqlBool, sql } from 'kysely';
import { addressColumns, escapeLike, searchNorm } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

const COLUMNS = [
  'id',
  'name',
  'ballot_name',
  'cpf',
  'rg',
  'id_dispatching_agency',
  'voter_registration',
  'birthday',
  'email',
  'political_office',
  'political_party',
  'candidate_number',
  'candidate_cnpj',
  'electoral_state',
  'electoral_city',
  'phone',
  'mobile_phone',
  'zip_code',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'donation_campaign_description',
  'active',
  'created_at',
  'updated_at',
] as const;

/** Columns written by the form (snake_case, as stored). */
function valuesOf(p: PoliticianSave) {
  return {
    name: p.name,
    ballot_name: p.ballotName ?? null,
    cpf: p.cpf,
    rg: p.rg ?? null,
    id_dispatching_agency: p.idDispatchingAgency ?? null,
    voter_registration: p.voterRegistration ?? null,
    birthday: p.birthday ?? null,
    email: p.email ?? null,
    political_office: p.politicalOffice,
    political_party: p.politicalParty,
    candidate_number: p.candidateNumber ?? null,
    candidate_cnpj: p.candidateCnpj ?? null,
    electoral_state: p.electoralState ?? null,
    electoral_city: p.electoralCity ?? null,
    phone: p.phone ?? null,
    mobile_phone: p.mobilePhone ?? null,
    ...addressColumns(p.address),
    donation_campaign_description: p.donationCampaignDescription ?? null,
    active: p.active,
  };
}

export const politiciansRepository = {
  async list(
    ctx: TenantContext,
    query: { search: string; active?: boolean; page: number; itemsPerPage: number },
  ) {
    const base = () => {
      let q = ctx.trx.selectFrom('politicians').where('tenant_id', '=', ctx.tenantId);
      if (query.active !== undefined) q = q.where('active', '=', query.active);
      if (query.search) {
        const like = `%${escapeLike(searchNorm(query.search))}%`;
        const digits = query.search.replace(/\D/g, '');
        q = q.where((eb) =>
          eb.or([
            sql<SqlBool>`search_norm(name) like ${like}`,
            sql<SqlBool>`search_norm(coalesce(ballot_name, '')) like ${like}`,
            ...(digits.length >= 3 ? [sql<SqlBool>`cpf like ${`%${digits}%`}`] : []),
          ]),
        );
      }
      return q;
    };
    const rows = await base()
      .select([...COLUMNS])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage)
      .execute();
    const count = await base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  },

  async find(ctx: TenantContext, id: string) {
    return ctx.trx
      .selectFrom('politicians')
      .select([...COLUMNS])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The record holding this CPF in the tenant, if any. */
  async idByCpf(ctx: TenantContext, cpf: string): Promise<string | undefined> {
    const row = await ctx.trx
      .selectFrom('politicians')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('cpf', '=', cpf)
      .executeTakeFirst();
    return row ? String(row.id) : undefined;
  },

  async insert(ctx: TenantContext, p: PoliticianSave, createdBy: string | null): Promise<string> {
    const row = await ctx.trx
      .insertInto('politicians')
      .values({ ...valuesOf(p), tenant_id: ctx.tenantId, created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async update(ctx: TenantContext, id: string, p: PoliticianSave): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('politicians')
      .set({ ...valuesOf(p), updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};

export type PoliticianRecord = NonNullable<Awaited<ReturnType<typeof politiciansRepository.find>>>;
