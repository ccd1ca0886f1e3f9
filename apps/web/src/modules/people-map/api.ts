import {
  type FilterExpression,
  GEO_MESSAGES,
  MAP_MESSAGES,
  type MapCell,
  type MapCoordinates,
  type MapVoteSummary,
  type Person,
  type RevalidationProgress,
  type RevalidationStarted,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

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
) =>
  api.post<MapCoordinates>('/people/list-coordinates', query, { signal, errorText: MAP_MESSAGES.listFailed });

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
  api.post<LocationPeople>('/people/find-by-location', query, {
    signal,
    errorText: MAP_MESSAGES.listPeopleFailed,
  });

export const updateCoordinates = (body: {
  expression: FilterExpression;
  type: MapPeopleType;
  cell: MapCell;
  latitude: number;
  longitude: number;
}) =>
  api.put<{ moved: number }>('/people/update-coordinates', body, { errorText: MAP_MESSAGES.updateFailed });

/** 'Revalidar pontos' (the geocoding routes): start, then follow the progress. */
export const startRevalidation = (body: { expression: FilterExpression; type: MapPeopleType }) =>
  api.post<RevalidationStarted>('/people/revalidate-coordinates', body, {
    errorText: GEO_MESSAGES.revalidateFailed,
  });

export const revalidationProgress = (code: number, signal?: AbortSignal) =>
  api.get<RevalidationProgress>(`/people/revalidate-coordinates/${code}`, undefined, {
    signal,
    errorText: GEO_MESSAGES.revalidateFailed,
  });
