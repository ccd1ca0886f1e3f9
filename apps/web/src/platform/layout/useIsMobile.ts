import { MOBILE_BELOW } from '@mandato/domain/plain';
import { useMediaQuery } from './useMediaQuery.ts';

const QUERY = `(max-width: ${MOBILE_BELOW - 0.02}px)`;

/** Below 768 px the layouts switch to mobile (spec 1 §9). */
export function useIsMobile(): boolean {
  return useMediaQuery(QUERY);
}
