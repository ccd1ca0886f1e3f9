import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/useSession.ts';
import { afterLoginPath } from './loginRedirect.ts';
import { defaultRoute } from './paths.ts';

/** A signed-in user who opens /login goes to the default route (spec 1 §2). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session) {
    return <Navigate to={afterLoginPath(session.slug, location.state, defaultRoute(session.slug))} replace />;
  }
  return children;
}
