import type { Area } from '@mandato/domain';
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { LoginPage } from '../../modules/auth/LoginPage.tsx';
import { RecoveryPage } from '../../modules/auth/RecoveryPage.tsx';
import { SenderValidationPage } from '../../modules/sender-validation/SenderValidationPage.tsx';
import { ModuleGuard } from '../guards/ModuleGuard.tsx';
import { AppShell } from '../layout/AppShell.tsx';
import { NotFoundPage } from '../layout/NotFoundPage.tsx';
import * as pages from './lazyPages.ts';
import { PublicOnly } from './PublicOnly.tsx';
import { defaultRoute, PUBLIC_PATHS, TENANT_SEGMENTS } from './paths.ts';
import { RedirectInvalid } from './RedirectInvalid.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RootRedirect } from './RootRedirect.tsx';
import { TenantGate } from './TenantGate.tsx';

function guarded(area: Area, Page: LazyExoticComponent<ComponentType>): ReactNode {
  return (
    <ModuleGuard area={area}>
      <Page />
    </ModuleGuard>
  );
}

/** Route table (spec 1 §2). Public routes have no slug; everything else is '/:slug/...'. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
      { path: PUBLIC_PATHS.recovery, element: <RecoveryPage /> },
      { path: PUBLIC_PATHS.senderValidation, element: <SenderValidationPage /> },
      {
        path: '/:slug',
        element: <TenantGate />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <ToTenantDefault /> },
              { path: TENANT_SEGMENTS.agenda, element: guarded('agenda', pages.AgendaPage) },
              { path: `${TENANT_SEGMENTS.people}/*`, element: guarded('people', pages.PeoplePage) },
              { path: `${TENANT_SEGMENTS.marketing}/*`, element: guarded('marketing', pages.MarketingPage) },
              { path: `${TENANT_SEGMENTS.reports}/*`, element: guarded('reports', pages.ReportsPage) },
              { path: `${TENANT_SEGMENTS.donation}/*`, element: guarded('donation', pages.DonationPage) },
              { path: `${TENANT_SEGMENTS.admin}/*`, element: guarded('admin', pages.AdminPage) },
              {
                path: `${TENANT_SEGMENTS.amendments}/*`,
                element: guarded('amendments', pages.AmendmentsPage),
              },
              { path: `${TENANT_SEGMENTS.demands}/*`, element: guarded('demands', pages.DemandsPage) },
              { path: TENANT_SEGMENTS.profile, element: guarded('profile', pages.ProfilePage) },
              { path: TENANT_SEGMENTS.devTest, element: <pages.DevTestPage /> },
              { path: TENANT_SEGMENTS.notFound, element: <NotFoundPage /> },
              { path: '*', element: <ToTenantDefault /> },
            ],
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
