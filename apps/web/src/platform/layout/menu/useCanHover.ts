import { useMediaQuery } from '../useMediaQuery.ts';

/**
 * Whether the main pointer can hover (a mouse, not a finger). A hover tooltip on a touch screen
 * opens on the tap and stays over the content until the next tap elsewhere.
 */
export function useCanHover(): boolean {
  return useMediaQuery('(hover: hover)');
}
