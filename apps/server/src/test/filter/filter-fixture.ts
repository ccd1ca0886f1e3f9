import type { FilterExpression, SegmentType } from '@mandato/domain';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/engine.ts';
import { type CompileContext, compileFilter } from '../../platform/db/filter/compile-filter.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildTenant, buildUser } from '../test-app.ts';
import type { FilterRow } from './evaluate-filter.ts';

/** Test support: one tenant with users, tags, companies and people, and the compiled query. */
export interface NewPerson {
  name?: string | null;
  gender?: string | null;
  influence?: number;
  vote?: string;
  birthDate?: string | null;
  email?: string | null;
  emailStatus?: string;
  smsStatus?: string;
  cellphone?: string | null;
  street?: string | null;
  city?: string | null;
  neighborhood?: string | null;
  state?: string | null;
  /** indexes into fixture.tags */
  tags?: number[];
  /** index into the people inserted before (same call) */
  godfather?: number | null;
  createdAt?: string;
  /** index into fixture.users */
  createdBy?: number | null;
  cpf?: string | null;
  profession?: string | null;
  /** index into fixture.companies */
  company?: number | null;
  votingZone?: string | null;
  votingSection?: string | null;
  isTeam?: boolean;
}

export interface FilterFixture {
  tenantId: string;
  users: { id: string; code: string; personId: string }[];
  tags: string[];
  companies: string[];
  insertPeople(rows: NewPerson[]): Promise<string[]>;
  /** every person of the tenant as the evaluator sees it */
  rows(): Promise<(FilterRow & { isTeam: boolean })[]>;
  /** ids matched by the compiled expression (is_team by type), sorted */
  query(
    expression: FilterExpression,
    type?: SegmentType,
    now?: Date,
    options?: Pick<CompileContext, 'nameWords'>,
  ): Promise<string[]>;
}

export async function buildFilterFixture(db: Database): Promise<FilterFixture> {
  const tenant = await buildTenant({ db });
  const users: FilterFixture['users'] = [];
  for (const name of ['Ana Equipe', 'Bruno Equipe']) {
    const user = await buildUser({ db }, tenant, { name });
    const found = await withTenant(db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('users as u')
        .innerJoin('people as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.code', 'p.id as personId'])
        .where('u.code', '=', user.code)
        .executeTakeFirstOrThrow(),
    );
    users.push({ id: String(found.id), code: String(found.code), personId: String(found.personId) });
  }
  const { tags, companies } = await withTenant(db, tenant.id, async ({ trx }) => {
    const tags = await trx
      .insertInto('tags')
      .values(
        ['Saúde', 'Educação', 'Liderança', 'Jovens', 'Igreja'].map((name) => ({
          tenant_id: tenant.id,
          name,
        })),
      )
      .returning('id')
      .execute();
    const companies = await trx
      .insertInto('companies')
      .values(
        ['Escola Estadual Água Branca', 'Colégio São José', 'EMEF Vila Nova'].map((name, i) => ({
          tenant_id: tenant.id,
          name,
          cnpj: ['11222333000181', '45997418000153', '60701190000104'][i] as string,
          city: ['São Paulo', 'Campinas', 'Santos'][i] as string,
          state: 'SP',
        })),
      )
      .returning('id')
      .execute();
    return { tags: tags.map((t) => String(t.id)), companies: companies.map((c) => String(c.id)) };
  });

  return {
    tenantId: tenant.id,
    users,
    tags,
    companies,
    async insertPeople(rows) {
      return withTenant(db, tenant.id, async ({ trx }) => {
        const ids: string[] = [];
        for (const r of rows) {
          const inserted = await trx
            .insertInto('people')
            .values({
              tenant_id: tenant.id,
              name: r.name ?? null,
              gender: r.gender ?? null,
              influence: r.influence ?? 0,
              vote: r.vote ?? 'TO_CONQUER',
              birth_date: r.birthDate ?? null,
              email: r.email ?? null,
              email_status: r.emailStatus ?? 'UNCHECKED',
              sms_status: r.smsStatus ?? 'UNCHECKED',
              cellphone: r.cellphone ?? null,
              street: r.street ?? null,
              city: r.city ?? null,
              neighborhood: r.neighborhood ?? null,
              state: r.state ?? null,
              tag_ids: sql`${`{${(r.tags ?? []).map((i) => tags[i]).join(',')}}`}::bigint[]` as never,
              godfather_id:
                r.godfather === undefined || r.godfather === null ? null : (ids[r.godfather] ?? null),
              created_at: r.createdAt ?? new Date().toISOString(),
              created_by:
                r.createdBy === undefined || r.createdBy === null ? null : (users[r.createdBy]?.id ?? null),
              cpf: r.cpf ?? null,
              profession: r.profession ?? null,
              company_id:
                r.company === undefined || r.company === null ? null : (companies[r.company] ?? null),
              voting_zone: r.votingZone ?? null,
              voting_section: r.votingSection ?? null,
              is_team: r.isTeam ?? false,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(String(inserted.id));
        }
        return ids;
      });
    },
    async rows() {
      const found = await withTenant(db, tenant.id, ({ trx }) =>
        trx
          .selectFrom('people as p')
          .leftJoin('users as u', 'u.id', 'p.created_by')
          .leftJoin('people as tm', 'tm.user_id', 'p.created_by')
          .selectAll('p')
          .select(['u.code as creator_code', 'tm.id as creator_person_id'])
          .orderBy('p.id')
          .execute(),
      );
      return found.map((p) => ({
        id: String(p.id),
        isTeam: p.is_team,
        name: p.name,
        gender: p.gender,
        influence: p.influence,
        vote: p.vote,
        birthDate: p.birth_date,
        email: p.email,
        emailStatus: p.email_status,
        smsStatus: p.sms_status,
        cellphone: p.cellphone,
        street: p.street,
        city: p.city,
        neighborhood: p.neighborhood,
        state: p.state,
        tags: (p.tag_ids as unknown[]).map(String),
        godfatherId: p.godfather_id === null ? null : String(p.godfather_id),
        createdAt: new Date(p.created_at),
        creator: p.creator_code
          ? {
              userCode: String(p.creator_code),
              personCode: p.creator_person_id === null ? null : String(p.creator_person_id),
            }
          : null,
        cpf: p.cpf,
        profession: p.profession,
        companyId: p.company_id === null ? null : String(p.company_id),
        votingZone: p.voting_zone,
        votingSection: p.voting_section,
      }));
    },
    async query(expression, type = 'PERSON', now, options = {}) {
      const found = await withTenant(db, tenant.id, ({ trx }) =>
        trx
          .selectFrom('people as p')
          .select('p.id')
          .where('p.is_team', '=', type === 'TEAM')
          .where(compileFilter(expression, { type, ...(now ? { now } : {}), ...options }))
          .execute(),
      );
      return found.map((r) => String(r.id)).sort(byId);
    },
  };
}

export const byId = (a: string, b: string) => Number(a) - Number(b);
