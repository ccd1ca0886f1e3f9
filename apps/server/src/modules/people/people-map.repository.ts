import { type FilterExpression, VOTES, type Vote } from '@mandato/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { type PeopleFilter, visibleTo } from './people.repository.ts';

/**
 * The map grid (domain mapCellDegrees): at zoom z squares of 90 / 2^z degrees, rows from latitude
 * -90 and columns from longitude -180. Migration 0018 keeps the people of the cells of zooms 8 and
 * 12 (people_map_cells); a view at a zoom up to 12 sums the kept cells of the finer level below it.
 */
const KEPT_LEVELS = [8, 12] as const;
const cellSize = (zoom: number) => 90 / 2 ** zoom;
/** A float literal (exact: the cell sizes are binary fractions). */
const float = (value: number) => sql<number>`${sql.lit(value)}::double precision`;

/** The rows and columns of a zoom's grid that a viewport covers (whole cells). */
export interface CellRange {
  zoom: number;
  rowFrom: number;
  rowTo: number;
  colFrom: number;
  colTo: number;
}

/** The people of one (cell, vote) of a view, with the sums of their coordinates. */
export interface CellVotes {
  row: number;
  column: number;
  vote: Vote;
  n: number;
  sumLat: number;
  sumLon: number;
}

/** The kept map cells the caller may see (`mc`: team members, contacts, own contacts only). */
function visibleCells(vis: PeopleVisibility): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  if (vis.team) parts.push(sql`mc.is_team = true`);
  if (vis.contacts) {
    parts.push(
      vis.ownerId ? sql`(mc.is_team = false AND mc.created_by = ${vis.ownerId})` : sql`mc.is_team = false`,
    );
  }
  return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

/** The grid cell of a person's point at a zoom, in SQL (the same arithmetic as map_cell, 0018). */
const cellOf = (zoom: number) => {
  const size = float(cellSize(zoom));
  return {
    row: sql<number>`floor((p.latitude + 90) / ${size})::integer`,
    column: sql<number>`floor((p.longitude + 180) / ${size})::integer`,
  };
};

/**
 * The points of a block of cells as ranges of latitude and longitude (index conditions of
 * people_map_points), a little wider than the block so rounding never loses a point; the exact
 * cell is then checked (`exact`) or grouped on.
 */
function pointsIn(range: CellRange): RawBuilder<SqlBool> {
  const size = cellSize(range.zoom);
  const margin = size / 1024;
  const lat = (row: number) => float(row * size - 90);
  const lon = (col: number) => float(col * size - 180);
  return sql<SqlBool>`p.latitude >= ${lat(range.rowFrom)} - ${float(margin)}
    AND p.latitude < ${lat(range.rowTo + 1)} + ${float(margin)}
    AND p.longitude >= ${lon(range.colFrom)} - ${float(margin)}
    AND p.longitude < ${lon(range.colTo + 1)} + ${float(margin)}`;
}

/** The visible, located people matching `filter` in a block of cells of its zoom. */
function located(ctx: TenantContext, vis: PeopleVisibility, range: CellRange, filter: PeopleFilter) {
  const condition = filterCondition(filter.type, filter.expression);
  const q = ctx.trx
    .selectFrom('people as p')
    .where('p.tenant_id', '=', ctx.tenantId)
    .where(visibleTo(vis))
    .where(pointsIn(range));
  return condition ? q.where(condition) : q;
}

/** Only the people of exactly one cell (a pin). */
function inCell(ctx: TenantContext, vis: PeopleVisibility, cell: MapCellKey, filter: PeopleFilter) {
  const { row, column } = cellOf(cell.zoom);
  const range = {
    zoom: cell.zoom,
    rowFrom: cell.row,
    rowTo: cell.row,
    colFrom: cell.column,
    colTo: cell.column,
  };
  return located(ctx, vis, range, filter)
    .where(sql<SqlBool>`${row} = ${cell.row}`)
    .where(sql<SqlBool>`${column} = ${cell.column}`);
}

export interface MapCellKey {
  zoom: number;
  row: number;
  column: number;
}

/**
 * What the kept cells can answer for an expression: nothing (no filter), some votes and/or one
 * tag (one group of AND-ed units on `vote` and on a single tag), or null (read the people).
 */
export function keptCellsFilter(expression: FilterExpression): { votes?: Vote[]; tag?: string } | null {
  if (expression.length === 0) return {};
  const [group] = expression;
  if (expression.length !== 1 || typeof group !== 'object') return null;
  let votes: Vote[] | undefined;
  let tag: string | undefined;
  for (const [i, unit] of group.units.entries()) {
    if (i % 2 === 1) {
      if (unit !== 'AND') return null;
      continue;
    }
    if (typeof unit !== 'object') return null;
    if (unit.field === 'vote' && (unit.operator === '=' || unit.operator === 'IN')) {
      const values = unit.values.filter((v): v is Vote => VOTES.includes(v as Vote));
      if (values.length === 0 || values.length !== unit.values.length) return null;
      votes = votes ? votes.filter((v) => values.includes(v)) : values;
    } else if (unit.field === 'tags' && ['=', 'IN', 'IN_ALL'].includes(unit.operator)) {
      const [value] = unit.values;
      if (unit.values.length !== 1 || typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
        return null;
      if (tag !== undefined && tag !== String(value)) return null;
      tag = String(value);
    } else return null;
  }
  if (group.units.length % 2 === 0) return null;
  return { ...(votes ? { votes } : {}), ...(tag ? { tag } : {}) };
}

const toCellVotes = (
  rows: { r: number; c: number; vote: string; n: string | number; slat: number; slon: number }[],
) =>
  rows.map((x) => ({
    row: Number(x.r),
    column: Number(x.c),
    vote: x.vote as Vote,
    n: Number(x.n),
    sumLat: Number(x.slat),
    sumLon: Number(x.slon),
  }));

export const peopleMapRepository = {
  /**
   * People per (cell, vote) of the view. At zoom 12 or less, without a filter or with one the kept
   * cells answer (votes, one tag: keptCellsFilter), from them (a few thousand rows for a country of
   * a million people); otherwise from the people of the block (people_map_points, then the filter).
   */
  async cellVotes(
    ctx: TenantContext,
    vis: PeopleVisibility,
    range: CellRange,
    filter: PeopleFilter,
  ): Promise<CellVotes[]> {
    const level = KEPT_LEVELS.find((l) => l >= range.zoom);
    const kept = keptCellsFilter(filter.expression);
    if (kept && level !== undefined) {
      if (kept.votes?.length === 0) return [];
      const shift = level - range.zoom;
      const factor = 2 ** shift;
      const table = kept.tag ? 'people_map_tag_cells' : 'people_map_cells';
      let q = ctx.trx
        .selectFrom(`${table} as mc` as 'people_map_cells as mc')
        .select([
          sql<number>`(mc.cell_row >> ${sql.lit(shift)})`.as('r'),
          sql<number>`(mc.cell_col >> ${sql.lit(shift)})`.as('c'),
          'mc.vote',
          sql<string>`sum(mc.n)`.as('n'),
          sql<number>`sum(mc.sum_lat)`.as('slat'),
          sql<number>`sum(mc.sum_lon)`.as('slon'),
        ])
        .where('mc.tenant_id', '=', ctx.tenantId)
        .where('mc.level', '=', level)
        .where(visibleCells(vis))
        .where('mc.cell_row', '>=', range.rowFrom * factor)
        .where('mc.cell_row', '<', (range.rowTo + 1) * factor)
        .where('mc.cell_col', '>=', range.colFrom * factor)
        .where('mc.cell_col', '<', (range.colTo + 1) * factor);
      if (kept.tag) q = q.where(sql<SqlBool>`mc.tag_id = ${kept.tag}::bigint`);
      if (kept.votes) q = q.where('mc.vote', 'in', kept.votes);
      const rows = await q.groupBy([sql`1`, sql`2`, 'mc.vote']).having(sql<SqlBool>`sum(mc.n) > 0`).execute();
      return toCellVotes(rows);
    }
    const { row, column } = cellOf(range.zoom);
    const rows = await located(ctx, vis, range, filter)
      .select([
        row.as('r'),
        column.as('c'),
        'p.vote',
        sql<string>`count(*)`.as('n'),
        sql<number>`sum(p.latitude)`.as('slat'),
        sql<number>`sum(p.longitude)`.as('slon'),
      ])
      .groupBy([sql`1`, sql`2`, 'p.vote'])
      .execute();
    return toCellVotes(rows).filter(
      (x) =>
        x.row >= range.rowFrom &&
        x.row <= range.rowTo &&
        x.column >= range.colFrom &&
        x.column <= range.colTo,
    );
  },

  /** People per vote in one cell. */
  async cellSummary(ctx: TenantContext, vis: PeopleVisibility, cell: MapCellKey, filter: PeopleFilter) {
    const rows = await inCell(ctx, vis, cell, filter)
      .select(['p.vote', sql<string>`count(*)`.as('n')])
      .groupBy('p.vote')
      .execute();
    return rows.map((x) => ({ vote: x.vote as Vote, n: Number(x.n) }));
  },

  /** One page of the ids of a cell's people by name (then id). */
  async cellPage(
    ctx: TenantContext,
    vis: PeopleVisibility,
    cell: MapCellKey,
    filter: PeopleFilter,
    paging: { page: number; itemsPerPage: number; orderingAscending: boolean },
  ): Promise<string[]> {
    const direction = paging.orderingAscending ? 'asc' : 'desc';
    const rows = await inCell(ctx, vis, cell, filter)
      .select('p.id')
      .orderBy('p.name', direction)
      .orderBy('p.id', direction)
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage)
      .execute();
    return rows.map((x) => String(x.id));
  },

  /** Moves the people of a cell to a point set by a user (MANUAL: the geocoder keeps it). */
  async moveCell(
    ctx: TenantContext,
    vis: PeopleVisibility,
    cell: MapCellKey,
    filter: PeopleFilter,
    point: { latitude: number; longitude: number },
  ): Promise<number> {
    const result = await ctx.trx
      .updateTable('people')
      .set({
        latitude: point.latitude,
        longitude: point.longitude,
        geo_status: 'DONE',
        geo_precision: 'MANUAL',
        geo_source: 'MANUAL',
        geocoded_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', inCell(ctx, vis, cell, filter).select('p.id'))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
