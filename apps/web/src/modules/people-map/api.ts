import {
  type FilterExpression,
  GEO_MESSAGES,
  MAP_MESSAGES,
  type MapCell,
  type MapVoteSummary,
  type Person,
} from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

export type MapPeopleType = 'PERSON' | 'TEAM';
/** The visible area of the map and its zoom (what list-coordinates groups by). */
export interface MapView {
  south: number;
  west: number;
  north: number;
  east: number;
  zoom: number;
}

/** Calls of spec 2 §7 "People" behind the map. */
export const listCoordinates = (
  query: { expression: FilterExpression; type: MapPeopleType; viewport: MapView },
  signal?: AbortSignal,
) => typedApi.post('/people/list-coordinates', { body: query, signal, errorText: MAP_MESSAGES.listFailed });

export interface LocationPeople {
  list: Person[];
  total: number;
  summary: MapVoteSummary;
}

export const findByLocation = (
  query: {
    expression: FilterExpression;
    type: MapPeopleType;
    latitude: number;
    longitude: number;
    cell: MapCell;
    page: number;
    itemsPerPage: number;
    orderingAscending: boolean;
  },
  signal?: AbortSignal,
) =>
  typedApi.post('/people/find-by-location', {
    body: query,
    signal,
    errorText: MAP_MESSAGES.listPeopleFailed,
  });

export const updateCoordinates = (body: {
  expression: FilterExpression;
  type: MapPeopleType;
  cell: MapCell;
  latitude: number;
  longitude: number;
}) => typedApi.put('/people/update-coordinates', { body, errorText: MAP_MESSAGES.updateFailed });

/** 'Revalidar pontos' (the geocoding routes): start, then follow the progress. */
export const startRevalidation = (body: { expression: FilterExpression; type: MapPeopleType }) =>
  typedApi.post('/people/revalidate-coordinates', {
    body,
    errorText: GEO_MESSAGES.revalidateFailed,
  });

export const revalidationProgress = (code: number, signal?: AbortSignal) =>
  typedApi.get('/people/revalidate-coordinates/{code}', {
    path: { code },
    signal,
    errorText: GEO_MESSAGES.revalidateFailed,
  });
