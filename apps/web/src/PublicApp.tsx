import { ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import { DevBadge } from './platform/layout/banners/DevBadge.tsx';
import { NotFoundPage } from './platform/layout/NotFoundPage.tsx';
import { ScreenErrorPage } from './platform/layout/ScreenErrorPage.tsx';
import { NoticeHost } from './platform/notifications/NoticeHost.tsx';
import { FullPageSpin } from './platform/routing/FullPageSpin.tsx';
import { LazyProviders } from './platform/routing/LazyProviders.tsx';
import { PUBLIC_PATHS } from './platform/routing/paths.ts';
import { pageTitleOf } from './platform/title/pageTitleOf.ts';
import { useResponsiveTheme } from './platform/ui/phoneTargets.ts';
import { THEME } from './theme.ts';

const SponsorSignUpPage = lazy(() =>
  import('./modules/sponsor/SponsorSignUpPage.tsx').then((m) => ({ default: m.SponsorSignUpPage })),
);
const SenderConfirmPage = lazy(() =>
  import('./modules/marketing/SenderConfirmPage.tsx').then((m) => ({ default: m.SenderConfirmPage })),
);
const UnsubscribePage = lazy(() =>
  import('./modules/unsubscribe/UnsubscribePage.tsx').then((m) => ({ default: m.UnsubscribePage })),
);

/** The path this document was loaded at: the server sent public.html for it. */
const LOADED_AT = window.location.pathname;

/**
 * Pages a visitor opens from a link outside the app (public.html, issue 28): the sponsor sign-up,
 * the sender activation and the unsubscribe link. Their paths are the ones the app's router
 * (platform/routing/routes.tsx) shows the same pages at, and the server's `isStandalonePage`
 * (apps/server/src/platform/http/standalone-pages.ts) answers with public.html. No session, no
 * offline worker, none of the signed-in app's code.
 */
export const PUBLIC_ROUTES: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <ScreenErrorPage />,
    children: [
      { path: PUBLIC_PATHS.senderConfirm, element: <SenderConfirmPage /> },
      { path: PUBLIC_PATHS.unsubscribe, element: <UnsubscribePage /> },
      { path: '/:slug/convite/:id?', element: <SponsorSignUpPage /> },
      { path: '*', element: <ToTheApp /> },
    ],
  },
];

/** The tab's title (as the app's PageTitle: 'Descadastrar · Mandato'), the page once its chunk is in. */
function PublicLayout() {
  const { pathname } = useLocation();
  const title = pageTitleOf(pathname);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Suspense fallback={<FullPageSpin />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * A path outside these pages ('Voltar' to /login): the app's own HTML loads it. The path this
 * document came for is never reloaded (the server sent public.html for it): it is not found.
 */
function ToTheApp() {
  const { pathname } = useLocation();
  const leave = pathname !== LOADED_AT;
  useEffect(() => {
    if (leave) window.location.reload();
  }, [leave]);
  return leave ? <FullPageSpin /> : <NotFoundPage />;
}

/** Providers of the public pages: theme and pt-BR locale, notices, TanStack Query and modal hooks. */
export function PublicProviders({ children }: { children: ReactNode }) {
  const theme = useResponsiveTheme(THEME);
  return (
    <ConfigProvider locale={ptBR} theme={theme}>
      <NoticeHost>
        <LazyProviders>{children}</LazyProviders>
        <DevBadge />
      </NoticeHost>
    </ConfigProvider>
  );
}
