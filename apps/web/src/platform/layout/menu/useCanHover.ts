import { useSyncExternalStore } from 'react';

const QUERY = '(hover: hover)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

/**
 * Whether the main pointer can hover (a mouse, not a finger). A hover tooltip on a touch screen
 * opens on the tap and stays over the content until the next tap elsewhere.
 */
export function useCanHover(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
