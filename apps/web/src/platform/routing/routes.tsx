import type { Area, AreaRule } from '@mandato/domain';
import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { LoginPage } from '../../modules/auth/LoginPage.tsx';
import { ScreenErrorPage } from '../layout/ScreenErrorPage.tsx';
import { FullPageSpin } from './FullPageSpin.tsx';
import * as pages from './lazyPages.ts';
import { PublicOnly } from './PublicOnly.tsx';
import { defaultRoute, PUBLIC_PATHS, TENANT_SEGMENTS } from './paths.ts';
import { RedirectInvalid } from './RedirectInvalid.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RootRedirect } from './RootRedirect.tsx';

/** A lazily loaded element with the page spinner while its chunk arrives. */
function loading(element: ReactNode): ReactNode {
  return <Suspense fallback={<FullPageSpin />}>{element}</Suspense>;
}

function guarded(area: Area | AreaRule, Page: LazyExoticComponent<ComponentType>): ReactNode {
  return (
    <pages.ModuleGuard area={area}>
      <Page />
    </pages.ModuleGuard>
  );
}

/** The screens inside the shell (menu and banners), by path under '/:slug'. */
const shellScreens: RouteObject[] = [
  { index: true, element: <ToTenantDefault /> },
  { path: TENANT_SEGMENTS.agenda, element: guarded('agenda', pages.AgendaPage) },
  { path: `${TENANT_SEGMENTS.people}/*`, element: guarded('people', pages.PeoplePage) },
  {
    path: `${TENANT_SEGMENTS.marketing}/*`,
    element: guarded('marketing', pages.MarketingPage),
  },
  { path: `${TENANT_SEGMENTS.reports}/*`, element: guarded('reports', pages.ReportsPage) },
  { path: `${TENANT_SEGMENTS.donation}/*`, element: guarded('donation', pages.DonationPage) },
  { path: `${TENANT_SEGMENTS.admin}/*`, element: guarded('admin', pages.AdminPage) },
  {
    path: `${TENANT_SEGMENTS.amendments}/*`,
    element: guarded('amendments', pages.AmendmentsPage),
  },
  // ROLE_CRM only: a tenant off the demands allowlist (its module) sees the spec's text (spec 3 §2.3)
  {
    path: `${TENANT_SEGMENTS.demands}/*`,
    element: guarded({ roles: ['ROLE_CRM'] }, pages.DemandsPage),
  },
  { path: TENANT_SEGMENTS.profile, element: guarded('profile', pages.ProfilePage) },
  { path: TENANT_SEGMENTS.devTest, element: <pages.DevTestPage /> },
  { path: TENANT_SEGMENTS.notFound, element: <pages.NotFoundPage /> },
  { path: '*', element: <ToTenantDefault /> },
];

/**
 * Route table (spec 1 §2). Public routes have no slug; everything else is '/:slug/...'. Only the
 * login page is in the first bundle; the rest loads on demand (lazyPages.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ScreenErrorPage />,
    children: [
      { path: '/', element: <RootRedirect /> },
      {
        path: PUBLIC_PATHS.login,
        element: (
          <PublicOnly>
            <LoginPage />
          </PublicOnly>
        ),
      },
      { path: PUBLIC_PATHS.recovery, element: loading(<pages.RecoveryPage />) },
      { path: PUBLIC_PATHS.senderConfirm, element: loading(<pages.SenderConfirmPage />) },
      { path: PUBLIC_PATHS.unsubscribe, element: loading(<pages.UnsubscribePage />) },
      // the public sponsor sign-up (spec 2 §2 /convite and /convite/{godfatherIdString}), no session
      { path: '/:slug/convite/:id?', element: loading(<pages.SponsorSignUpPage />) },
      {
        path: '/:slug',
        element: loading(<pages.TenantGate />),
        children: [
          {
            element: loading(<pages.AppShell />),
            // a screen that throws shows the message inside the shell: the menu stays
            children: [{ errorElement: <ScreenErrorPage />, children: shellScreens }],
          },
        ],
      },
    ],
  },
];

/** '/:slug' and unknown paths under a slug go to the tenant default route. */
function ToTenantDefault() {
  const { slug = '' } = useParams();
  return <RedirectInvalid to={defaultRoute(slug)} />;
}
