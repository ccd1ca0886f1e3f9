import { Outlet } from 'react-router';
import { PageTitle } from '../title/PageTitle.tsx';
import { useRouteRevealed } from './routeReveal.ts';

/** Top of every route: the tab's title; hides the page for 250 ms after an invalid route was redirected. */
export function RootLayout() {
  const revealed = useRouteRevealed();
  return (
    <div style={revealed ? undefined : { visibility: 'hidden' }}>
      <PageTitle />
      <Outlet />
    </div>
  );
}
