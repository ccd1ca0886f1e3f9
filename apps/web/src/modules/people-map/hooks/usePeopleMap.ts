import {
  type FilterExpression,
  GEO_MESSAGES,
  MAP_DRAWER_PAGE_SIZE,
  MAP_MESSAGES,
  type MapCell,
  type MapLocation,
  type RevalidationProgress,
} from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError, notifySuccess } from '../../../platform/ui/notify.ts';
import {
  findByLocation,
  listCoordinates,
  type MapPeopleType,
  type MapView,
  revalidationProgress,
  startRevalidation,
  updateCoordinates,
} from '../api.ts';
import { peopleMapKeys } from './peopleMapKeys.ts';

/** The pins of the view: people grouped by the server's grid for the zoom (kept while moving). */
export function useMapPins(type: MapPeopleType, expression: FilterExpression, view: MapView | null) {
  return useQuery({
    queryKey: peopleMapKeys.pins(type, expression, view as MapView),
    queryFn: ({ signal }) => listCoordinates({ type, expression, viewport: view as MapView }, signal),
    enabled: view !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One page of the people of a pin, with its vote summary. */
export function useLocationPeople(
  type: MapPeopleType,
  expression: FilterExpression,
  location: MapLocation | null,
  page: number,
) {
  return useQuery({
    queryKey: peopleMapKeys.location(type, expression, location?.cell as MapCell, page),
    queryFn: ({ signal }) => {
      const { latitude, longitude, cell } = location as MapLocation;
      return findByLocation(
        {
          type,
          expression,
          latitude,
          longitude,
          cell,
          page,
          itemsPerPage: MAP_DRAWER_PAGE_SIZE,
          orderingAscending: true,
        },
        signal,
      );
    },
    enabled: location !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Moves the people of a pin to a point chosen on the map; the pins are redrawn. */
export function useMovePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoordinates,
    onSuccess: async () => {
      notifySuccess(MAP_MESSAGES.updated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleMapKeys.allPins() }),
        queryClient.invalidateQueries({ queryKey: peopleMapKeys.allLocations() }),
      ]);
    },
  });
}

/** Starts 'Revalidar pontos' for the expression on screen. */
export function useStartRevalidation() {
  return useMutation({
    mutationFn: startRevalidation,
    onSuccess: (started) => notifySuccess(GEO_MESSAGES.revalidateStarted(started.total)),
  });
}

/** Follows a revalidation each second until it ends; then the pins are redrawn. */
export function useRevalidation(code: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery<RevalidationProgress>({
    queryKey: peopleMapKeys.revalidation(code),
    queryFn: ({ signal }) => revalidationProgress(code as number, signal),
    enabled: code !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'IN_PROGRESS' ? false : 1000),
    staleTime: 0,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'CONCLUDED') {
      notifySuccess(GEO_MESSAGES.revalidateConcluded);
      void queryClient.invalidateQueries({ queryKey: peopleMapKeys.allPins() });
      void queryClient.invalidateQueries({ queryKey: peopleMapKeys.allLocations() });
    } else if (status === 'ERROR') notifyError(GEO_MESSAGES.revalidateFailed);
  }, [status, queryClient]);
  return query;
}
