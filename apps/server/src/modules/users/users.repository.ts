import type { Role } from '@mandato/domain';
import { sql, type Transaction } from 'kysely';
import type { UserRecord } from '../../platform/auth/identity.ts';
import type { DB } from '../../platform/db/schema.ts';
import { isUuid } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export type { UserRecord } from '../../platform/auth/identity.ts';

/** A user as other modules refer to it (guests, responsibles). */
export interface UserRef {
  id: string;
  code: string;
  name: string;
  active: boolean;
}

export interface NewUser {
  name: string;
  email: string;
  cellphone?: string | null;
  passwordHash: string | null;
  active: boolean;
  permissions: Role[];
}

const columns = [
  'id',
  'code',
  'name',
  'email',
  'cellphone',
  'password_hash',
  'active',
  'permissions',
  'token_version',
] as const;

type Row = {
  id: string;
  code: string;
  name: string;
  email: string;
  cellphone: string | null;
  password_hash: string | null;
  active: boolean;
  permissions: string[];
  token_version: number;
};

function toRecord(row: Row): UserRecord {
  return {
    id: String(row.id),
    code: row.code,
    name: row.name,
    email: row.email,
    cellphone: row.cellphone,
    passwordHash: row.password_hash,
    active: row.active,
    permissions: row.permissions as Role[],
    tokenVersion: row.token_version,
  };
}

export const usersRepository = {
  async findByEmail(ctx: TenantContext, email: string): Promise<UserRecord | undefined> {
    const row = await ctx.trx
      .selectFrom('users')
      .select(columns)
      .where('tenant_id', '=', ctx.tenantId)
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row && toRecord(row);
  },

  /**
   * Binds `trx` to the tenant and reads the user of `code` while the session `sessionId` of that
   * user is live (neither revoked nor expired), in one statement (migrations 0010, 0013): the first
   * statement of an authenticated call. Nothing is bound for a code or session that is no UUID.
   */
  async bindTenantAndFindBySession(
    trx: Transaction<DB>,
    tenantId: string,
    code: string,
    sessionId: string,
  ): Promise<UserRecord | undefined> {
    if (!isUuid(code) || !isUuid(sessionId)) return undefined;
    const { rows } = await sql<Row>`SELECT ${sql.join(columns.map((c) => sql.ref(c)))}
      FROM bind_tenant_session(${tenantId}, ${code}, ${sessionId})`.execute(trx);
    return rows[0] && toRecord(rows[0]);
  },

  /** The user of `email` with the pending new password still in time (login checks both). */
  async findCredentials(
    ctx: TenantContext,
    email: string,
  ): Promise<(UserRecord & { pendingPasswordHash: string | null }) | undefined> {
    const row = await ctx.trx
      .selectFrom('users')
      .select(columns)
      .select(
        sql<string | null>`CASE WHEN pending_password_expires_at > now() THEN pending_password_hash END`.as(
          'pending_password_hash',
        ),
      )
      .where('tenant_id', '=', ctx.tenantId)
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row && { ...toRecord(row), pendingPasswordHash: row.pending_password_hash };
  },

  async findById(ctx: TenantContext, id: string): Promise<UserRecord | undefined> {
    const row = await ctx.trx
      .selectFrom('users')
      .select(columns)
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  },

  /** The code and permissions of the users among `ids` (the people import compares them). */
  async accessByIds(
    ctx: TenantContext,
    ids: readonly string[],
  ): Promise<{ id: string; code: string; permissions: Role[] }[]> {
    if (ids.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('users')
      .select(['id', 'code', 'permissions'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return rows.map((r) => ({ id: String(r.id), code: r.code, permissions: r.permissions as Role[] }));
  },

  async findByCode(ctx: TenantContext, code: string): Promise<UserRecord | undefined> {
    if (!isUuid(code)) return undefined;
    const row = await ctx.trx
      .selectFrom('users')
      .select(columns)
      .where('tenant_id', '=', ctx.tenantId)
      .where('code', '=', code)
      .executeTakeFirst();
    return row && toRecord(row);
  },

  async insert(ctx: TenantContext, user: NewUser): Promise<UserRecord> {
    const row = await ctx.trx
      .insertInto('users')
      .values({
        tenant_id: ctx.tenantId,
        name: user.name,
        email: user.email.trim().toLowerCase(),
        cellphone: user.cellphone ?? null,
        password_hash: user.passwordHash,
        active: user.active,
        permissions: user.permissions,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  },

  async updateAccess(ctx: TenantContext, id: string, active: boolean, permissions: Role[]): Promise<void> {
    await ctx.trx
      .updateTable('users')
      .set({ active, permissions, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  /**
   * Sets a new password (the user's own change) while the password is still `checkedHash`: a
   * pending one is dropped. False when it changed meanwhile.
   */
  async updatePassword(
    ctx: TenantContext,
    id: string,
    checkedHash: string,
    passwordHash: string,
  ): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        pending_password_hash: null,
        pending_password_expires_at: null,
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('password_hash', '=', checkedHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** A new password waits beside the current one until first used or `expiresAt`. */
  async setPendingPassword(ctx: TenantContext, id: string, passwordHash: string, expiresAt: Date) {
    await ctx.trx
      .updateTable('users')
      .set({ pending_password_hash: passwordHash, pending_password_expires_at: expiresAt })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  /**
   * The pending password `passwordHash` becomes the password and the old one stops, with every
   * session opened with it. Undefined when another login promoted or replaced it meanwhile.
   */
  async promotePendingPassword(
    ctx: TenantContext,
    id: string,
    passwordHash: string,
  ): Promise<UserRecord | undefined> {
    const row = await ctx.trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        pending_password_hash: null,
        pending_password_expires_at: null,
        token_version: sql`token_version + 1`,
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('pending_password_hash', '=', passwordHash)
      .returning(columns)
      .executeTakeFirst();
    return row && toRecord(row);
  },

  async updateProfile(
    ctx: TenantContext,
    id: string,
    profile: { name: string; email: string; cellphone: string },
  ) {
    await ctx.trx
      .updateTable('users')
      .set({ ...profile, email: profile.email.toLowerCase(), updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async updateContact(ctx: TenantContext, id: string, contact: { name: string; email: string }) {
    await ctx.trx
      .updateTable('users')
      .set({ name: contact.name, email: contact.email.trim().toLowerCase(), updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async deactivate(ctx: TenantContext, id: string) {
    await ctx.trx
      .updateTable('users')
      .set({ active: false, token_version: sql`token_version + 1`, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  /** Users among `codes` (invalid codes ignored): id, code, name, active. */
  async findManyByCodes(ctx: TenantContext, codes: readonly string[]): Promise<UserRef[]> {
    const valid = [...new Set(codes.filter(isUuid).map((c) => c.toLowerCase()))];
    if (valid.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('users')
      .select(['id', 'code', 'name', 'active'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('code', 'in', valid)
      .execute();
    return rows.map((r) => ({ id: String(r.id), code: r.code, name: r.name, active: r.active }));
  },

  /** Active users whose name or e-mail contains `search`, by name (guest and responsible pickers). */
  async names(
    ctx: TenantContext,
    search: string,
    page: number,
    itemsPerPage: number,
  ): Promise<{ list: UserRef[]; total: number }> {
    const base = () => {
      let q = ctx.trx.selectFrom('users').where('tenant_id', '=', ctx.tenantId).where('active', '=', true);
      if (search) {
        const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb('email', 'like', like)]));
      }
      return q;
    };
    const rows = await base()
      .select(['id', 'code', 'name', 'active'])
      .orderBy('name')
      .orderBy('id')
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute();
    const count = await base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      list: rows.map((r) => ({ id: String(r.id), code: r.code, name: r.name, active: r.active })),
      total: Number(count.n),
    };
  },

  async emailTaken(ctx: TenantContext, email: string, exceptId?: string): Promise<boolean> {
    let query = ctx.trx
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('email', '=', email.trim().toLowerCase());
    if (exceptId) query = query.where('id', '<>', exceptId);
    return !!(await query.executeTakeFirst());
  },

  /**
   * Inactive users without password nor permissions (team members of an import), in one INSERT;
   * an e-mail already taken is passed over. Answers e-mail → id of the ones created.
   */
  async insertInactiveMany(
    ctx: TenantContext,
    users: readonly { name: string; email: string; cellphone: string | null }[],
  ): Promise<Map<string, string>> {
    if (users.length === 0) return new Map();
    const { rows } = await sql<{ id: string; email: string }>`
      INSERT INTO users (tenant_id, name, email, cellphone, password_hash, active, permissions)
      SELECT ${ctx.tenantId}::bigint, u.name, lower(u.email), u.cellphone, NULL, false, '{}'
      FROM json_to_recordset(${JSON.stringify(users)}::json) AS u(name text, email text, cellphone text)
      ON CONFLICT DO NOTHING
      RETURNING id, email`.execute(ctx.trx);
    return new Map(rows.map((r) => [r.email, String(r.id)]));
  },
};
