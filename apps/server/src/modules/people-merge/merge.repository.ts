import { sql } from 'kysely';
import { type VisibleRows, visibleTo } from '../../platform/db/filter/people-visibility.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** A table as the merge writes it generically, read from the catalog. */
export interface TableShape {
  table: string;
  /** columns an INSERT may name (generated ones left out) */
  columns: string[];
  primaryKey: string[];
  /** every unique key (primary included) without expressions or predicates */
  uniqueKeys: string[][];
}

/** A row as to_jsonb gives it. */
export type JsonRow = Record<string, unknown>;

export interface LockedPerson {
  id: string;
  isTeam: boolean;
  row: JsonRow;
}

const ids = (values: readonly string[]) => sql`${sql.val(values)}::bigint[]`;
const table = (name: string) => sql.id(name);
const col = (alias: string, name: string) => sql.ref(`${alias}.${name}`);
const list = (names: readonly string[]) => sql.join(names.map((n) => sql.id(n)));

export const mergeRepository = {
  async shape(ctx: TenantContext, name: string): Promise<TableShape> {
    const { rows } = await sql<{ columns: string[]; keys: { primary: boolean; columns: string[] }[] | null }>`
      SELECT
        array(SELECT a.attname::text FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY a.attnum) AS columns,
        (SELECT json_agg(json_build_object('primary', i.indisprimary, 'columns',
            array(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY AS k (attnum, n)
              JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.n)))
          FROM pg_index i
          WHERE i.indrelid = c.oid AND i.indisunique AND i.indexprs IS NULL AND i.indpred IS NULL) AS keys
      FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE c.relname = ${name} AND ns.nspname = current_schema() AND c.relkind IN ('r', 'p')`.execute(
      ctx.trx,
    );
    const found = rows[0];
    if (!found) throw new Error(`merge: table ${name} not in the catalog`);
    const keys = found.keys ?? [];
    const primaryKey = keys.find((k) => k.primary)?.columns ?? [];
    if (primaryKey.length === 0) throw new Error(`merge: table ${name} has no primary key`);
    return { table: name, columns: found.columns, primaryKey, uniqueKeys: keys.map((k) => k.columns) };
  },

  /** The people of the merge the caller may see, locked for the transaction, as whole rows. */
  async lockPeople(ctx: TenantContext, personIds: readonly string[], visibility: VisibleRows) {
    const { rows } = await sql<{ id: string | number; is_team: boolean; row: JsonRow }>`
      SELECT p.id, p.is_team, to_jsonb(p) AS row FROM people p
      WHERE p.tenant_id = ${ctx.tenantId} AND p.id = ANY (${ids(personIds)}) AND ${visibleTo(visibility)}
      ORDER BY p.id FOR UPDATE`.execute(ctx.trx);
    return rows.map((r): LockedPerson => ({ id: String(r.id), isTeam: r.is_team, row: r.row }));
  },

  /** Sets `columns` of one row to their values in `values` (a whole row as JSON). */
  async overwrite(ctx: TenantContext, name: string, id: string, values: JsonRow, columns: readonly string[]) {
    if (columns.length === 0) return;
    await sql`
      UPDATE ${table(name)} AS t SET ${sql.join(columns.map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`))}
      FROM jsonb_populate_record(NULL::${table(name)}, ${JSON.stringify(values)}::jsonb) AS r
      WHERE t.tenant_id = ${ctx.tenantId} AND t.id = ${id}`.execute(ctx.trx);
  },

  /**
   * Rows of the merged people that would repeat a unique key the survivor (or another merged
   * person) already holds: deleted, and answered whole for the undo. Per key, the survivor's row is
   * kept, else the first merged person's; a NULL in the key's other columns never conflicts.
   */
  async removeConflicts(
    ctx: TenantContext,
    shape: TableShape,
    column: string,
    survivor: string,
    merged: readonly string[],
  ): Promise<JsonRow[]> {
    const removed: JsonRow[] = [];
    for (const key of shape.uniqueKeys.filter((k) => k.includes(column))) {
      const others = key.filter((c) => c !== column && c !== 'tenant_id');
      const partition =
        others.length > 0 ? sql`PARTITION BY ${sql.join(others.map((c) => col('t', c)))}` : sql``;
      const notNull = others.map((c) => sql` AND ${col('t', c)} IS NOT NULL`);
      const { rows } = await sql<{ row: JsonRow }>`
        WITH ranked AS (
          SELECT t.ctid AS rid, row_number() OVER (${partition}
            ORDER BY (${col('t', column)} = ${survivor}) DESC, ${col('t', column)},
              ${sql.join(shape.primaryKey.map((c) => col('t', c)))}) AS rn
          FROM ${table(shape.table)} AS t
          WHERE t.tenant_id = ${ctx.tenantId} AND ${col('t', column)} = ANY (${ids([survivor, ...merged])})
            ${sql.join(notNull, sql``)}
        )
        DELETE FROM ${table(shape.table)} AS t USING ranked
        WHERE t.ctid = ranked.rid AND ranked.rn > 1
        RETURNING to_jsonb(t) AS row`.execute(ctx.trx);
      removed.push(...rows.map((r) => r.row));
    }
    return removed;
  },

  /**
   * Points the merged people's rows at the survivor; answers each row's primary key with the person
   * it had. `skipIds`: rows of these ids are left (people's own rows, deleted or kept apart).
   */
  async moveRows(
    ctx: TenantContext,
    shape: TableShape,
    column: string,
    survivor: string,
    merged: readonly string[],
    skipIds: readonly string[] = [],
  ): Promise<JsonRow[]> {
    const keyColumns = [...new Set([...shape.primaryKey, column])];
    const skip = skipIds.length > 0 ? sql` AND NOT (t.id = ANY (${ids(skipIds)}))` : sql``;
    const where = sql`t.tenant_id = ${ctx.tenantId} AND ${col('t', column)} = ANY (${ids(merged)})${skip}`;
    const { rows } = await sql<{ key: JsonRow }>`
      SELECT jsonb_build_object(${sql.join(keyColumns.map((c) => sql`${sql.lit(c)}, ${col('t', c)}`))}) AS key
      FROM ${table(shape.table)} AS t WHERE ${where}`.execute(ctx.trx);
    if (rows.length > 0)
      await sql`UPDATE ${table(shape.table)} AS t SET ${sql.id(column)} = ${survivor} WHERE ${where}`.execute(
        ctx.trx,
      );
    return rows.map((r) => r.key);
  },

  /** The undo of moveRows: rows still on the survivor go back to the person they came from. */
  async moveBack(ctx: TenantContext, shape: TableShape, column: string, survivor: string, keys: JsonRow[]) {
    if (keys.length === 0) return;
    const match = shape.primaryKey
      .filter((c) => c !== column)
      .map((c) => sql` AND ${col('t', c)} = ${col('r', c)}`);
    await sql`
      UPDATE ${table(shape.table)} AS t SET ${sql.id(column)} = ${col('r', column)}
      FROM jsonb_populate_recordset(NULL::${table(shape.table)}, ${JSON.stringify(keys)}::jsonb) AS r
      WHERE t.tenant_id = ${ctx.tenantId} AND ${col('t', column)} = ${survivor}${sql.join(match, sql``)}`.execute(
      ctx.trx,
    );
  },

  /** Whole rows back into their table (ids as they were); `skipConflicts`: a row whose key is taken stays out. */
  async insertRows(ctx: TenantContext, shape: TableShape, rows: JsonRow[], skipConflicts: boolean) {
    if (rows.length === 0) return;
    await sql`
      INSERT INTO ${table(shape.table)} (${list(shape.columns)}) OVERRIDING SYSTEM VALUE
      SELECT ${list(shape.columns)}
      FROM jsonb_populate_recordset(NULL::${table(shape.table)}, ${JSON.stringify(rows)}::jsonb)
      ${skipConflicts ? sql`ON CONFLICT DO NOTHING` : sql``}`.execute(ctx.trx);
  },

  /** Which of these people exist (the tenant's, any visibility). */
  async existing(ctx: TenantContext, personIds: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ id: string | number }>`
      SELECT id FROM people WHERE tenant_id = ${ctx.tenantId} AND id = ANY (${ids(personIds)})
      FOR UPDATE`.execute(ctx.trx);
    return rows.map((r) => String(r.id));
  },

  async deletePeople(ctx: TenantContext, personIds: readonly string[]): Promise<void> {
    await ctx.trx
      .deleteFrom('people')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', [...personIds])
      .execute();
  },

  async insertMerge(
    ctx: TenantContext,
    merge: {
      survivorId: string;
      mergedIds: readonly string[];
      survivorBefore: JsonRow;
      mergedRows: JsonRow[];
      changedColumns: string[];
      moved: Record<string, JsonRow[]>;
      removed: Record<string, JsonRow[]>;
      createdBy: string;
    },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('person_merges')
      .values({
        tenant_id: ctx.tenantId,
        survivor_id: merge.survivorId,
        merged_ids: [...merge.mergedIds],
        survivor_before: JSON.stringify(merge.survivorBefore),
        merged_rows: JSON.stringify(merge.mergedRows),
        changed_columns: merge.changedColumns,
        moved: JSON.stringify(merge.moved),
        removed: JSON.stringify(merge.removed),
        created_by: merge.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** A merge of the tenant, locked; `expired`: older than `days`. */
  async findMerge(ctx: TenantContext, id: string, days: number) {
    const row = await ctx.trx
      .selectFrom('person_merges')
      .select([
        'id',
        'survivor_id',
        'merged_ids',
        'survivor_before',
        'merged_rows',
        'changed_columns',
        'moved',
        'removed',
        'undone_at',
        sql<boolean>`created_at < now() - make_interval(days => ${days})`.as('expired'),
      ])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: String(row.id),
      survivorId: String(row.survivor_id),
      mergedIds: row.merged_ids.map(String),
      survivorBefore: row.survivor_before as JsonRow,
      mergedRows: row.merged_rows as JsonRow[],
      changedColumns: row.changed_columns,
      moved: row.moved as Record<string, JsonRow[]>,
      removed: row.removed as Record<string, JsonRow[]>,
      undone: row.undone_at !== null,
      expired: row.expired,
    };
  },

  /** An undone merge keeps no person's data: only who merged whom and when. */
  async markUndone(ctx: TenantContext, id: string, userId: string): Promise<void> {
    await ctx.trx
      .updateTable('person_merges')
      .set({
        undone_at: sql<Date>`now()`,
        undone_by: userId,
        survivor_before: '{}',
        merged_rows: '[]',
        moved: '{}',
        removed: '{}',
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  /** The merges a person survived, with the records merged into them (the access file). */
  async mergesOf(ctx: TenantContext, personId: string) {
    return ctx.trx
      .selectFrom('person_merges')
      .select(['id as code', 'created_at', 'merged_ids', 'merged_rows', 'undone_at'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('survivor_id', '=', personId)
      .orderBy('id')
      .execute();
  },

  /** Every merge that kept this person's data, as survivor or as one of the merged. */
  async forgetPerson(ctx: TenantContext, personId: string): Promise<void> {
    await sql`DELETE FROM person_merges WHERE tenant_id = ${ctx.tenantId}
      AND (survivor_id = ${personId} OR ${personId}::bigint = ANY (merged_ids))`.execute(ctx.trx);
  },

  /** Merges older than `days` go with the merged people's rows they kept. */
  async purgeExpired(ctx: TenantContext, days: number): Promise<void> {
    await ctx.trx
      .deleteFrom('person_merges')
      .where('tenant_id', '=', ctx.tenantId)
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
      .execute();
  },
};
