import { Navigate } from 'react-router';
import { useSession } from '../session/useSession.ts';
import { defaultRoute, PUBLIC_PATHS } from './paths.ts';

/** '/' → the tenant default route when signed in, else /login. */
export function RootRedirect() {
  const session = useSession();
  return <Navigate to={session ? defaultRoute(session.slug) : PUBLIC_PATHS.login} replace />;
}
