import type { FilterExpression, Person } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { peopleRepository } from './people.repository.ts';
import { presentRows } from './people.service.ts';
import { type CellRange, type MapCellKey, peopleMapRepository } from './people-map.repository.ts';

/** The people map (issue 12), for the people-map module: the grid cells and a pin's people. */

export type { CellRange, CellVotes, MapCellKey } from './people-map.repository.ts';

/** The map's people filter: the expression of a list of the type. */
export interface MapFilter {
  type: 'PERSON' | 'TEAM';
  expression: FilterExpression;
}

/** People per (cell, vote) of a block of a zoom's grid, with the sums of their coordinates. */
export function mapCellVotes(ctx: TenantContext, vis: PeopleVisibility, range: CellRange, filter: MapFilter) {
  return peopleMapRepository.cellVotes(ctx, vis, range, filter);
}

/** People per vote in one cell (a pin). */
export function mapCellSummary(
  ctx: TenantContext,
  vis: PeopleVisibility,
  cell: MapCellKey,
  filter: MapFilter,
) {
  return peopleMapRepository.cellSummary(ctx, vis, cell, filter);
}

/** One page of a cell's people by name, presented as the people list presents them. */
export async function mapCellPeople(
  ctx: TenantContext,
  vis: PeopleVisibility,
  cell: MapCellKey,
  filter: MapFilter,
  paging: { page: number; itemsPerPage: number; orderingAscending: boolean },
): Promise<Person[]> {
  const ids = await peopleMapRepository.cellPage(ctx, vis, cell, filter, paging);
  return presentRows(ctx, await peopleRepository.findByIds(ctx, ids));
}

/** Moves the people of a cell to a point a user chose; how many moved. */
export function moveMapCell(
  ctx: TenantContext,
  vis: PeopleVisibility,
  cell: MapCellKey,
  filter: MapFilter,
  point: { latitude: number; longitude: number },
) {
  return peopleMapRepository.moveCell(ctx, vis, cell, filter, point);
}
