import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PersonValues } from './people.repository.ts';

/**
 * Set-based SQL of the import (people-bulk.ts): a batch of people is read, inserted and updated in
 * a few statements whatever its size, the rows travelling as one JSON parameter
 * (json_to_recordset), which both engines take as is.
 */

/** The columns an import writes, as stored: the person form's, except the company. */
export type BulkPersonValues = Omit<PersonValues, 'company_id'>;

export interface BulkPersonRow extends BulkPersonValues {
  id: string;
  created_by: string | null;
  is_team: boolean;
  /** a team member's login */
  user_id: string | null;
}

export const BULK_FIELDS = [
  'name',
  'email',
  'cellphone',
  'phone_two',
  'cpf',
  'birth_date',
  'nickname',
  'gender',
  'zip_code',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'profession',
  'voting_zone',
  'voting_section',
  'notes',
  'vote',
  'influence',
  'tag_ids',
  'godfather_id',
] as const satisfies readonly (keyof BulkPersonValues)[];

/** The record type of the JSON rows (json_to_recordset). */
const RECORD = sql.raw(`id bigint, name text, email text, cellphone text, phone_two text, cpf text,
  birth_date date, nickname text, gender text, zip_code text, street text, number text,
  complement text, neighborhood text, city text, state text, profession text, voting_zone text,
  voting_section text, notes text, vote text, influence integer, tag_ids bigint[], godfather_id bigint,
  is_team boolean, user_id bigint, created_by bigint`);

const COLUMNS = sql.raw(BULK_FIELDS.join(', '));
const textList = (values: readonly string[]) =>
  sql`ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json))`;

const toRow = (r: Record<string, unknown>): BulkPersonRow => ({
  ...(r as unknown as BulkPersonRow),
  id: String(r.id),
  created_by: r.created_by === null ? null : String(r.created_by),
  user_id: r.user_id === null ? null : String(r.user_id),
  godfather_id: r.godfather_id === null ? null : String(r.godfather_id),
  birth_date: r.birth_date === null ? null : String(r.birth_date).slice(0, 10),
  tag_ids: ((r.tag_ids as unknown[] | null) ?? []).map(String),
  influence: Number(r.influence),
});

export const peopleBulkRepository = {
  /** People of the list (team or contacts) with one of the codes (ids), e-mails or CPFs. */
  async findByKeys(
    ctx: TenantContext,
    isTeam: boolean,
    keys: { codes: readonly string[]; emails: readonly string[]; cpfs: readonly string[] },
  ): Promise<BulkPersonRow[]> {
    const { codes, emails, cpfs } = keys;
    if (codes.length === 0 && emails.length === 0 && cpfs.length === 0) return [];
    const { rows } = await sql<Record<string, unknown>>`
      SELECT id, created_by, is_team, user_id, ${COLUMNS} FROM people
      WHERE tenant_id = ${ctx.tenantId} AND is_team = ${isTeam}
        AND (id = ANY(${textList(codes)}::bigint[]) OR email = ANY(${textList(emails)})
          OR cpf = ANY(${textList(cpfs)}))
      ORDER BY id`.execute(ctx.trx);
    return rows.map(toRow);
  },

  /** Contacts with one of the e-mails or cellphones (godfathers are found among contacts). */
  async findContacts(
    ctx: TenantContext,
    emails: readonly string[],
    cellphones: readonly string[],
  ): Promise<{ id: string; email: string | null; cellphone: string | null }[]> {
    if (emails.length === 0 && cellphones.length === 0) return [];
    const { rows } = await sql<{ id: string; email: string | null; cellphone: string | null }>`
      SELECT id, email, cellphone FROM people
      WHERE tenant_id = ${ctx.tenantId} AND is_team = false
        AND (email = ANY(${textList(emails)}) OR cellphone = ANY(${textList(cellphones)}))
      ORDER BY id`.execute(ctx.trx);
    return rows.map((r) => ({ ...r, id: String(r.id) }));
  },

  /** People of the tenant by id (godfathers named by code), with what decides who may link to them. */
  async findByIds(
    ctx: TenantContext,
    ids: readonly string[],
  ): Promise<{ id: string; name: string | null; created_by: string | null; is_team: boolean }[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{
      id: string;
      name: string | null;
      created_by: string | null;
      is_team: boolean;
    }>`
      SELECT id, name, created_by, is_team FROM people
      WHERE tenant_id = ${ctx.tenantId} AND id = ANY(${textList(ids)}::bigint[])
      ORDER BY id`.execute(ctx.trx);
    return rows.map((r) => ({
      ...r,
      id: String(r.id),
      created_by: r.created_by === null ? null : String(r.created_by),
    }));
  },

  /** How many of the e-mails and CPFs the list already holds (the plan check before an import). */
  async knownKeys(
    ctx: TenantContext,
    isTeam: boolean,
    emails: readonly string[],
    cpfs: readonly string[],
  ): Promise<{ emails: Set<string>; cpfs: Set<string> }> {
    const found = { emails: new Set<string>(), cpfs: new Set<string>() };
    if (emails.length === 0 && cpfs.length === 0) return found;
    const { rows } = await sql<{ email: string | null; cpf: string | null }>`
      SELECT email, cpf FROM people
      WHERE tenant_id = ${ctx.tenantId} AND is_team = ${isTeam}
        AND (email = ANY(${textList(emails)}) OR cpf = ANY(${textList(cpfs)}))`.execute(ctx.trx);
    for (const r of rows) {
      if (r.email) found.emails.add(r.email);
      if (r.cpf) found.cpfs.add(r.cpf);
    }
    return found;
  },

  /** `n` ids of the people identity, taken now (so a batch knows its new rows' ids before writing). */
  async allocateIds(ctx: TenantContext, n: number): Promise<string[]> {
    if (n === 0) return [];
    const { rows } = await sql<{ id: string }>`
      SELECT nextval(pg_get_serial_sequence('people', 'id'))::text AS id FROM generate_series(1, ${n})`.execute(
      ctx.trx,
    );
    return rows.map((r) => r.id);
  },

  /** One INSERT of all the rows, with their allocated ids. */
  async insertMany(
    ctx: TenantContext,
    rows: (BulkPersonValues & {
      id: string;
      is_team: boolean;
      user_id: string | null;
      created_by: string | null;
    })[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      INSERT INTO people (tenant_id, id, is_team, user_id, created_by, ${COLUMNS})
      OVERRIDING SYSTEM VALUE
      SELECT ${ctx.tenantId}::bigint, v.id, v.is_team, v.user_id, v.created_by, ${sql.raw(
        BULK_FIELDS.map((f) => (f === 'tag_ids' ? "coalesce(v.tag_ids, '{}')" : `v.${f}`)).join(', '),
      )}
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(${RECORD})
      ORDER BY v.id`.execute(ctx.trx);
  },

  /** One UPDATE of all the rows (each row carries every written column). */
  async updateMany(ctx: TenantContext, rows: (BulkPersonValues & { id: string })[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      UPDATE people AS p SET ${sql.raw(
        BULK_FIELDS.map((f) => (f === 'tag_ids' ? `${f} = coalesce(v.${f}, '{}')` : `${f} = v.${f}`)).join(
          ', ',
        ),
      )}, updated_at = now()
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(${RECORD})
      WHERE p.tenant_id = ${ctx.tenantId} AND p.id = v.id`.execute(ctx.trx);
  },
};
