import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { markInvalidRoute } from './routeReveal.ts';

/** Redirects away from an invalid route; the next page shows after 250 ms. */
export function RedirectInvalid({ to, state }: { to: string; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    markInvalidRoute();
    navigate(to, { replace: true, state });
  }, [navigate, to, state]);
  return null;
}
