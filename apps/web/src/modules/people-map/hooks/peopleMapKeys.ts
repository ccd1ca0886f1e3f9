import type { FilterExpression, MapCell } from '@mandato/domain';
import type { MapPeopleType, MapView } from '../api.ts';

/** Query keys of the people map; invalidating `all` redraws the pins and the open drawer. */
export const peopleMapKeys = {
  all: ['people-map'] as const,
  allPins: () => [...peopleMapKeys.all, 'pins'] as const,
  allLocations: () => [...peopleMapKeys.all, 'location'] as const,
  pins: (type: MapPeopleType, expression: FilterExpression, view: MapView) =>
    [...peopleMapKeys.allPins(), type, expression, view] as const,
  location: (type: MapPeopleType, expression: FilterExpression, cell: MapCell, page: number) =>
    [...peopleMapKeys.allLocations(), type, expression, cell, page] as const,
  revalidation: (code: number | null) => [...peopleMapKeys.all, 'revalidation', code] as const,
};
