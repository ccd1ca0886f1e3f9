import { sql } from 'kysely';
import { type VisibleRows, visibleTo } from '../../platform/db/filter/people-visibility.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/**
 * A unique index: `elements` its key, each with its column (null for an expression) and the SQL
 * text the catalog prints for it; `predicate` the WHERE of a partial index.
 */
export interface UniqueKey {
  elements: { column: string | null; sql: string }[];
  predicate: string | null;
  nullsNotDistinct: boolean;
}

/** A foreign key; `setNull`: the columns its ON DELETE SET NULL clears (else the row goes or stays refused). */
export interface ForeignKey {
  columns: string[];
  refTable: string;
  refColumns: string[];
  setNull: string[] | null;
}

/** A table as the merge writes it generically, read from the catalog. */
export interface TableShape {
  table: string;
  /** columns an INSERT may name (generated ones left out) */
  columns: string[];
  primaryKey: string[];
  /** every unique index (primary included), partial and on expressions too */
  uniqueKeys: UniqueKey[];
  foreignKeys: ForeignKey[];
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
    const { rows } = await sql<{
      columns: string[];
      keys: (UniqueKey & { primary: boolean })[] | null;
      foreign_keys: ForeignKey[] | null;
    }>`
      SELECT
        array(SELECT a.attname::text FROM pg_attribute a
          WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY a.attnum) AS columns,
        (SELECT json_agg(json_build_object('primary', i.indisprimary,
            'elements', array(SELECT json_build_object('column', a.attname::text,
                'sql', pg_get_indexdef(i.indexrelid, k.n::int, false))
              FROM generate_series(1, i.indnkeyatts) AS k (n)
              LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k.n - 1]
              ORDER BY k.n),
            'predicate', pg_get_expr(i.indpred, i.indrelid),
            'nullsNotDistinct', i.indnullsnotdistinct))
          FROM pg_index i WHERE i.indrelid = c.oid AND i.indisunique) AS keys,
        (SELECT json_agg(json_build_object(
            'columns', array(SELECT a.attname::text FROM unnest(f.conkey) WITH ORDINALITY AS k (attnum, n)
              JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.attnum ORDER BY k.n),
            'refTable', r.relname::text,
            'refColumns', array(SELECT a.attname::text FROM unnest(f.confkey) WITH ORDINALITY AS k (attnum, n)
              JOIN pg_attribute a ON a.attrelid = f.confrelid AND a.attnum = k.attnum ORDER BY k.n),
            'setNull', CASE WHEN f.confdeltype = 'n' THEN array(
              SELECT a.attname::text FROM unnest(coalesce(f.confdelsetcols, f.conkey)) AS k (attnum)
              JOIN pg_attribute a ON a.attrelid = f.conrelid AND a.attnum = k.attnum) END))
          FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid
          WHERE f.conrelid = c.oid AND f.contype = 'f') AS foreign_keys
      FROM pg_class c JOIN pg_namespace ns ON ns.oid = c.relnamespace
      WHERE c.relname = ${name} AND ns.nspname = current_schema() AND c.relkind IN ('r', 'p')`.execute(
      ctx.trx,
    );
    const found = rows[0];
    if (!found) throw new Error(`merge: table ${name} not in the catalog`);
    const keys = found.keys ?? [];
    const primaryKey = keys.find((k) => k.primary)?.elements.map((e) => e.column ?? '') ?? [];
    if (primaryKey.length === 0) throw new Error(`merge: table ${name} has no primary key`);
    return {
      table: name,
      columns: found.columns,
      primaryKey,
      uniqueKeys: keys.map(({ elements, predicate, nullsNotDistinct }) => ({
        elements,
        predicate,
        nullsNotDistinct,
      })),
      foreignKeys: found.foreign_keys ?? [],
    };
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
   * person) already holds: deleted, and answered whole for the undo. Each unique index is read as
   * it will see the rows once they point to the survivor — its columns and expressions, and for a
   * partial index its WHERE — so lower(…) or WHERE … keys are kept like plain ones. Per key the
   * survivor's row is kept, else the first merged person's; a NULL in the key never repeats
   * (unless the index says NULLS NOT DISTINCT). An index of plain columns without the person
   * column cannot repeat by the move and is not read.
   */
  async removeConflicts(
    ctx: TenantContext,
    shape: TableShape,
    column: string,
    survivor: string,
    merged: readonly string[],
  ): Promise<JsonRow[]> {
    const removed: JsonRow[] = [];
    const keys = shape.uniqueKeys.filter(
      (k) => k.predicate !== null || k.elements.some((e) => e.column === null || e.column === column),
    );
    for (const key of keys) {
      // expressions and predicates are the catalog's own text (pg_get_indexdef, pg_get_expr), never input
      const elements = key.elements
        .filter((e) => e.column !== 'tenant_id')
        .map((e) => (e.column === null ? sql.raw(`(${e.sql})`) : sql.id(e.column)));
      const partition = elements.length > 0 ? sql`PARTITION BY ${sql.join(elements)}` : sql``;
      const notNull = key.nullsNotDistinct ? [] : elements.map((e) => sql` AND ${e} IS NOT NULL`);
      const inIndex = key.predicate === null ? sql`` : sql` AND (${sql.raw(key.predicate)})`;
      const { rows } = await sql<{ row: JsonRow }>`
        WITH moved AS (
          SELECT t.ctid AS merge_rid, ${col('t', column)} = ${survivor} AS merge_own,
            ${col('t', column)} AS merge_was, m.*
          FROM ${table(shape.table)} AS t,
            LATERAL jsonb_populate_record(t, jsonb_build_object(${column}::text, ${survivor}::bigint)) AS m
          WHERE t.tenant_id = ${ctx.tenantId} AND ${col('t', column)} = ANY (${ids([survivor, ...merged])})
        ),
        ranked AS (
          SELECT merge_rid, row_number() OVER (${partition}
            ORDER BY merge_own DESC, merge_was, ${sql.join(shape.primaryKey.map((c) => col('moved', c)))}) AS rn
          FROM moved WHERE true${sql.join(notNull, sql``)}${inIndex}
        )
        DELETE FROM ${table(shape.table)} AS t USING ranked
        WHERE t.ctid = ranked.merge_rid AND ranked.rn > 1
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

  /**
   * The positions in `rows` of those whose parent through `fk` is gone: every column of the key set
   * and no such row in the referenced table (nor among `rows`, when the key refers to their table).
   */
  async danglingRows(
    ctx: TenantContext,
    shape: TableShape,
    fk: ForeignKey,
    rows: JsonRow[],
  ): Promise<number[]> {
    if (rows.length === 0) return [];
    const batch = JSON.stringify(rows);
    const set = fk.columns.map((c) => sql`${col('r', c)} IS NOT NULL`);
    const matches = (alias: string) =>
      sql.join(
        fk.columns.map((c, i) => sql`${col(alias, fk.refColumns[i] ?? '')} = ${col('r', c)}`),
        sql` AND `,
      );
    const amongRows =
      fk.refTable === shape.table
        ? sql` AND NOT EXISTS (SELECT 1 FROM jsonb_populate_recordset(NULL::${table(shape.table)}, ${batch}::jsonb) AS o
            WHERE ${matches('o')})`
        : sql``;
    const { rows: found } = await sql<{ n: string | number }>`
      SELECT e.n FROM jsonb_array_elements(${batch}::jsonb) WITH ORDINALITY AS e (j, n),
        LATERAL jsonb_populate_record(NULL::${table(shape.table)}, e.j) AS r
      WHERE ${sql.join(set, sql` AND `)}
        AND NOT EXISTS (SELECT 1 FROM ${table(fk.refTable)} AS p WHERE ${matches('p')})${amongRows}`.execute(
      ctx.trx,
    );
    return found.map((r) => Number(r.n) - 1);
  },

  /**
   * Whole rows back into their table (ids as they were); `skipConflicts`: a row whose key is taken
   * stays out. Only the columns the rows hold: one added since they were kept takes its default.
   */
  async insertRows(ctx: TenantContext, shape: TableShape, rows: JsonRow[], skipConflicts: boolean) {
    if (rows.length === 0) return;
    const columns = shape.columns.filter((c) => rows.some((row) => c in row));
    await sql`
      INSERT INTO ${table(shape.table)} (${list(columns)}) OVERRIDING SYSTEM VALUE
      SELECT ${list(columns)}
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
