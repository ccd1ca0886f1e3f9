import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long the page stays hidden after an invalid route was redirected (spec 1 §2). */
export const INVALID_ROUTE_REVEAL_MS = 250;

let invalidRouteRedirected = false;

/** Called right before redirecting away from an invalid route. */
export function markInvalidRoute(): void {
  invalidRouteRedirected = true;
}

/** false for 250 ms after a redirect from an invalid route; true otherwise (valid routes show at once). */
export function useRouteRevealed(): boolean {
  const location = useLocation();
  const [revealed, setRevealed] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useLayoutEffect(() => {
    if (!invalidRouteRedirected) return;
    invalidRouteRedirected = false;
    setRevealed(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setRevealed(true);
    }, INVALID_ROUTE_REVEAL_MS);
  }, [location.key]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return revealed;
}
