import {
  DUPLICATE_EXTRA_KEY,
  DUPLICATE_GROUP_MAX,
  DUPLICATE_KEY_SCORES,
  DUPLICATE_KEYS,
  type DuplicateKey,
} from '@mandato/domain';
import { type RawBuilder, sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export type BuildStep = DuplicateKey | 'COMBINE';

export interface RefreshState {
  generation: string;
  /** groups in the generation shown */
  groups: number;
  peopleVersion: string | null;
  refreshedAt: Date | null;
  building: string | null;
  step: BuildStep | null;
  requestedAt: Date | null;
}

/**
 * The value of each key, per contact (null: the contact has none). Accent- and case-insensitive
 * name (search_norm of 0003, spaces collapsed) with the birth date; the mobile number's last 11
 * digits (the stored reversed digits of 0035), so '+55 11 9…' and '11 9…' meet.
 */
const KEY_VALUE: Readonly<Record<DuplicateKey, RawBuilder<string | null>>> = {
  CPF: sql`nullif(regexp_replace(p.cpf, '[^0-9]', '', 'g'), '')`,
  EMAIL: sql`nullif(btrim(p.email), '')`,
  MOBILE: sql`CASE WHEN length(p.cellphone_reversed) >= 10 THEN left(p.cellphone_reversed, 11) END`,
  NAME_BIRTH: sql`CASE WHEN p.birth_date IS NOT NULL THEN
    nullif(regexp_replace(btrim(search_norm(p.name)), '\\s+', ' ', 'g'), '') || '|' || p.birth_date::text END`,
};

const asState = (row: {
  generation: string | number;
  groups: number;
  people_version: string | number | null;
  refreshed_at: Date | null;
  building: string | number | null;
  step: BuildStep | null;
  requested_at: Date | null;
}): RefreshState => ({
  generation: String(row.generation),
  groups: Number(row.groups),
  peopleVersion: row.people_version === null ? null : String(row.people_version),
  refreshedAt: row.refreshed_at,
  building: row.building === null ? null : String(row.building),
  step: row.step,
  requestedAt: row.requested_at,
});

export const duplicatesRepository = {
  /** The tenant's refresh row (created when missing); `lock` holds it for the caller's transaction. */
  async state(ctx: TenantContext, lock = false): Promise<RefreshState> {
    const read = () => {
      const query = ctx.trx
        .selectFrom('people_duplicate_refreshes')
        .select([
          'generation',
          'groups',
          'people_version',
          'refreshed_at',
          'building',
          'step',
          'requested_at',
        ])
        .where('tenant_id', '=', ctx.tenantId);
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    };
    const found = await read();
    if (found) return asState(found);
    await ctx.trx
      .insertInto('people_duplicate_refreshes')
      .values({ tenant_id: ctx.tenantId })
      .onConflict((oc) => oc.column('tenant_id').doNothing())
      .execute();
    const row = await read();
    if (!row) throw new Error('people_duplicate_refreshes: row missing after insert');
    return asState(row);
  },

  /** people_versions.version of the tenant ('0' before anyone was written). */
  async peopleVersion(ctx: TenantContext): Promise<string> {
    const row = await ctx.trx
      .selectFrom('people_versions')
      .select('version')
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirst();
    return row ? String(row.version) : '0';
  },

  /** Starts a build of the next generation from the people as of `version`. */
  async startBuild(ctx: TenantContext, version: string): Promise<void> {
    await ctx.trx
      .updateTable('people_duplicate_refreshes')
      .set({
        building: sql<string>`generation + 1`,
        building_version: version,
        step: DUPLICATE_KEYS[0],
        requested_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .execute();
    await ctx.trx.deleteFrom('people_duplicate_keys').where('tenant_id', '=', ctx.tenantId).execute();
  },

  /** One step of the build: the groups of one key (the contacts sharing one value). */
  async buildKey(ctx: TenantContext, generation: string, key: DuplicateKey): Promise<void> {
    const value = KEY_VALUE[key];
    await sql`
      INSERT INTO people_duplicate_keys (tenant_id, generation, key, person_ids, owner_id)
      SELECT p.tenant_id, ${generation}, ${key}, array_agg(p.id ORDER BY p.id),
        CASE WHEN count(p.created_by) = count(*) AND min(p.created_by) = max(p.created_by)
          THEN min(p.created_by) END
      FROM people p
      WHERE p.tenant_id = ${ctx.tenantId} AND p.is_team = false AND ${value} IS NOT NULL
      GROUP BY p.tenant_id, ${value}
      HAVING count(*) BETWEEN 2 AND ${DUPLICATE_GROUP_MAX}`.execute(ctx.trx);
  },

  /**
   * The last step: the groups of the same people under several keys become one row (the strongest
   * key first, its score raised per further key), the new generation is the one shown and the old
   * rows go.
   */
  async combine(ctx: TenantContext, generation: string): Promise<void> {
    const keys = sql`ARRAY[${sql.join(DUPLICATE_KEYS.map((k) => sql.lit(k)))}]::text[]`;
    const scores = sql`ARRAY[${sql.join(DUPLICATE_KEYS.map((k) => sql.lit(DUPLICATE_KEY_SCORES[k])))}]::int[]`;
    await sql`
      INSERT INTO people_duplicates (tenant_id, generation, key, keys, score, person_ids, owner_id)
      SELECT k.tenant_id, k.generation,
        (array_agg(k.key ORDER BY array_position(${keys}, k.key)))[1],
        array_agg(k.key ORDER BY array_position(${keys}, k.key)),
        least(100, max((${scores})[array_position(${keys}, k.key)])
          + ${sql.lit(DUPLICATE_EXTRA_KEY)} * (count(*) - 1)),
        k.person_ids, min(k.owner_id)
      FROM people_duplicate_keys k
      WHERE k.tenant_id = ${ctx.tenantId} AND k.generation = ${generation}
      GROUP BY k.tenant_id, k.generation, k.person_ids`.execute(ctx.trx);
    await ctx.trx
      .deleteFrom('people_duplicates')
      .where('tenant_id', '=', ctx.tenantId)
      .where('generation', '<>', generation)
      .execute();
    await ctx.trx.deleteFrom('people_duplicate_keys').where('tenant_id', '=', ctx.tenantId).execute();
    await ctx.trx
      .updateTable('people_duplicate_refreshes')
      .set({
        generation,
        groups: sql<number>`(SELECT count(*) FROM people_duplicates d
          WHERE d.tenant_id = ${ctx.tenantId} AND d.generation = ${generation})`,
        people_version: sql<string>`building_version`,
        refreshed_at: sql<Date>`now()`,
        building: null,
        building_version: null,
        step: null,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .execute();
  },

  async setStep(ctx: TenantContext, step: BuildStep): Promise<void> {
    await ctx.trx
      .updateTable('people_duplicate_refreshes')
      .set({ step })
      .where('tenant_id', '=', ctx.tenantId)
      .execute();
  },

  /**
   * A page of the shown generation, best score first; `ownerId` keeps the groups of that creator
   * (counted), else the total is the generation's kept count (`groups`).
   */
  async page(
    ctx: TenantContext,
    state: Pick<RefreshState, 'generation' | 'groups'>,
    ownerId: string | null,
    limit: number,
    offset: number,
  ): Promise<{
    rows: { key: DuplicateKey; keys: DuplicateKey[]; score: number; person_ids: string[] }[];
    total: number;
  }> {
    let base = ctx.trx
      .selectFrom('people_duplicates')
      .where('tenant_id', '=', ctx.tenantId)
      .where('generation', '=', state.generation);
    if (ownerId) base = base.where('owner_id', '=', ownerId);
    const counted = ownerId
      ? base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
      : Promise.resolve({ n: String(state.groups) });
    const [rows, count] = await Promise.all([
      base
        .select(['key', 'keys', 'score', 'person_ids'])
        .orderBy('score', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
      counted,
    ]);
    return {
      rows: rows.map((r) => ({
        key: r.key,
        keys: r.keys as DuplicateKey[],
        score: Number(r.score),
        person_ids: r.person_ids.map(String),
      })),
      total: Number(count.n),
    };
  },

  /** The contacts of the page's groups, as the list shows them (visibility as the groups were read). */
  async people(ctx: TenantContext, ids: readonly string[], ownerId: string | null) {
    if (ids.length === 0) return [];
    let query = ctx.trx
      .selectFrom('people')
      .select(['id', 'name', 'cpf', 'email', 'cellphone', 'birth_date', 'created_at'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('is_team', '=', false)
      .where('id', 'in', [...ids]);
    if (ownerId) query = query.where('created_by', '=', ownerId);
    return query.execute();
  },

  /** Groups holding any of these people leave the list at once (a merge removed them). */
  async forgetGroupsOf(ctx: TenantContext, personIds: readonly string[]): Promise<void> {
    await sql`
      WITH gone AS (
        DELETE FROM people_duplicates
        WHERE tenant_id = ${ctx.tenantId} AND person_ids && ${sql.val(personIds)}::bigint[]
        RETURNING generation
      )
      UPDATE people_duplicate_refreshes r
      SET groups = r.groups - (SELECT count(*) FROM gone WHERE gone.generation = r.generation)
      WHERE r.tenant_id = ${ctx.tenantId}`.execute(ctx.trx);
  },
};
