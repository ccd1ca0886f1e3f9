import { Outlet } from 'react-router';
import { useRouteRevealed } from './routeReveal.ts';

/** Top of every route: hides the page for 250 ms after an invalid route was redirected. */
export function RootLayout() {
  const revealed = useRouteRevealed();
  return <div style={revealed ? undefined : { visibility: 'hidden' }}>{<Outlet />}</div>;
}
