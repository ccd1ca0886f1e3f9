import {
  type MapCoordinates,
  type MapCoordinatesQuery,
  type MapFindByLocation,
  type MapLocation,
  type MapUpdateCoordinates,
  type MapVoteSummary,
  mapCellDegrees,
  type Person,
  VOTES,
  type Vote,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { visibilityOfType } from '../people/people.policy.ts';
import {
  type CellRange,
  type CellVotes,
  mapCellPeople,
  mapCellSummary,
  mapCellVotes,
  moveMapCell,
} from '../people/people-map.lookup.ts';

/** The whole cells of the viewport's zoom that it touches. */
export function cellRange(viewport: MapCoordinatesQuery['viewport']): CellRange {
  const size = mapCellDegrees(viewport.zoom);
  const last = Math.floor(180 / size) - 1;
  const row = (lat: number) => Math.min(last, Math.floor((lat + 90) / size));
  const col = (lon: number) => Math.min(2 * last + 1, Math.floor((lon + 180) / size));
  return {
    zoom: viewport.zoom,
    rowFrom: row(viewport.south),
    rowTo: row(viewport.north),
    colFrom: col(viewport.west),
    colTo: col(viewport.east),
  };
}

/** (cell, vote) rows → one location per cell: its people's mean point, votes and count. */
export function locationsOf(zoom: number, rows: readonly CellVotes[]): MapLocation[] {
  const cells = new Map<
    string,
    { row: number; column: number; n: number; lat: number; lon: number; votes: Map<Vote, number> }
  >();
  for (const r of rows) {
    const key = `${r.row}:${r.column}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { row: r.row, column: r.column, n: 0, lat: 0, lon: 0, votes: new Map() };
      cells.set(key, cell);
    }
    cell.n += r.n;
    cell.lat += r.sumLat;
    cell.lon += r.sumLon;
    cell.votes.set(r.vote, (cell.votes.get(r.vote) ?? 0) + r.n);
  }
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return [...cells.values()]
    .filter((c) => c.n > 0)
    .map((c) => ({
      latitude: round(c.lat / c.n),
      longitude: round(c.lon / c.n),
      count: c.n,
      votes: VOTES.filter((v) => (c.votes.get(v) ?? 0) > 0).map((vote) => ({
        vote,
        count: c.votes.get(vote) ?? 0,
      })),
      cell: { zoom, row: c.row, column: c.column },
    }));
}

/** POST /people/list-coordinates: the pins of the viewport for the expression and type. */
export async function listCoordinates(
  ctx: RequestContext,
  auth: AuthContext,
  query: MapCoordinatesQuery,
): Promise<MapCoordinates> {
  const vis = visibilityOfType(auth, query.type);
  const rows = await mapCellVotes(ctx, vis, cellRange(query.viewport), {
    type: query.type,
    expression: query.expression,
  });
  const list = locationsOf(query.viewport.zoom, rows);
  return { list, total: list.reduce((sum, l) => sum + l.count, 0) };
}

/** POST /people/find-by-location: a page of the people of a pin and the votes there. */
export async function findByLocation(
  ctx: RequestContext,
  auth: AuthContext,
  body: MapFindByLocation,
): Promise<{ list: Person[]; total: number; summary: MapVoteSummary }> {
  const vis = visibilityOfType(auth, body.type);
  const filter = { type: body.type, expression: body.expression };
  const votes = await mapCellSummary(ctx, vis, body.cell, filter);
  const count = (vote: Vote) => votes.find((v) => v.vote === vote)?.n ?? 0;
  const total = votes.reduce((sum, v) => sum + v.n, 0);
  const list =
    (body.page - 1) * body.itemsPerPage < total ? await mapCellPeople(ctx, vis, body.cell, filter, body) : [];
  return {
    list,
    total,
    summary: { total, toConquer: count('TO_CONQUER'), conquered: count('CONQUERED'), lost: count('LOST') },
  };
}

/** PUT /people/update-coordinates: the people of a pin go to the chosen point (MANUAL). */
export async function updateCoordinates(
  ctx: RequestContext,
  auth: AuthContext,
  body: MapUpdateCoordinates,
): Promise<{ moved: number }> {
  const vis = visibilityOfType(auth, body.type);
  const moved = await moveMapCell(
    ctx,
    vis,
    body.cell,
    { type: body.type, expression: body.expression },
    { latitude: body.latitude, longitude: body.longitude },
  );
  return { moved };
}
