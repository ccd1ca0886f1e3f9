import { type SqlBool, sql } from 'kysely';
import { escapeLike, searchNorm } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface TagRecord {
  id: string;
  name: string;
}

const toRecord = (r: { id: string; name: string }): TagRecord => ({ id: String(r.id), name: r.name });

export const tagsRepository = {
  async search(ctx: TenantContext, search: string, page: number, itemsPerPage: number) {
    const base = () => {
      let q = ctx.trx.selectFrom('tags').where('tenant_id', '=', ctx.tenantId);
      if (search) q = q.where(sql<SqlBool>`search_norm(name) like ${`%${escapeLike(searchNorm(search))}%`}`);
      return q;
    };
    const rows = await base()
      .select(['id', 'name'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute();
    const count = await base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list: rows.map(toRecord), total: Number(count.n) };
  },

  async byIds(ctx: TenantContext, ids: readonly string[]): Promise<TagRecord[]> {
    if (ids.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', [...ids])
      .orderBy(sql`lower(name)`)
      .execute();
    return rows.map(toRecord);
  },

  /** Inserts the tag, or returns the one with the same name (case-insensitive). */
  async insertOrGet(ctx: TenantContext, name: string): Promise<TagRecord> {
    const inserted = await ctx.trx
      .insertInto('tags')
      .values({ tenant_id: ctx.tenantId, name })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (inserted) return toRecord(inserted);
    const existing = await ctx.trx
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('tenant_id', '=', ctx.tenantId)
      .where(sql<SqlBool>`lower(name) = lower(${name})`)
      .executeTakeFirstOrThrow();
    return toRecord(existing);
  },

  /** The tags of these names (case-insensitive), the missing ones created: lower name → id. */
  async ensureMany(ctx: TenantContext, names: readonly string[]): Promise<Map<string, string>> {
    const byLower = new Map<string, string>();
    for (const n of names) if (!byLower.has(n.toLowerCase())) byLower.set(n.toLowerCase(), n);
    if (byLower.size === 0) return new Map();
    const list = JSON.stringify([...byLower.values()]);
    await sql`
      INSERT INTO tags (tenant_id, name)
      SELECT ${ctx.tenantId}::bigint, n FROM json_array_elements_text(${list}::json) AS n
      ON CONFLICT DO NOTHING`.execute(ctx.trx);
    const { rows } = await sql<{ id: string; name: string }>`
      SELECT id, name FROM tags
      WHERE tenant_id = ${ctx.tenantId}
        AND lower(name) = ANY(ARRAY(SELECT lower(n) FROM json_array_elements_text(${list}::json) AS n))`.execute(
      ctx.trx,
    );
    return new Map(rows.map((r) => [r.name.toLowerCase(), String(r.id)]));
  },
};
