import { useEffect } from 'react';
import { useSegment } from '../../segments/hooks/useSegments.ts';
import type { ScreenAction, ScreenState } from './screenState.ts';

/** Keeps the selected list's name and total as the server has them (after saves, deletes). */
export function useSelectedSegment(state: ScreenState, dispatch: (action: ScreenAction) => void) {
  const code = state.segment.code;
  const loaded = useSegment(code);
  useEffect(() => {
    if (loaded.data) dispatch({ kind: 'segmentRefreshed', segment: loaded.data });
  }, [loaded.data, dispatch]);
}
