import { type ComponentType, createElement, lazy } from 'react';

/**
 * Everything but the login page loads on demand, so the first bundle (the login route, budget in
 * apps/web/scripts/check-bundle.mjs) carries no page, shell or library it does not show.
 */

/**
 * A top-level route loaded on demand, inside the providers the login route does without
 * (LazyProviders.tsx); both chunks load in parallel.
 */
function withProviders(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [{ LazyProviders }, Page] = await Promise.all([import('./LazyProviders.tsx'), load()]);
    return { default: () => createElement(LazyProviders, null, createElement(Page)) };
  });
}

export const RecoveryPage = withProviders(() =>
  import('../../modules/auth/RecoveryPage.tsx').then((m) => m.RecoveryPage),
);
/** The sender activation link of the marketing e-mail (spec 3 §2.4), public, no slug. */
export const SenderConfirmPage = withProviders(() =>
  import('../../modules/marketing/SenderConfirmPage.tsx').then((m) => m.SenderConfirmPage),
);
/** The unsubscribe page of a shot's e-mail (issue 26), public, no slug. */
export const UnsubscribePage = withProviders(() =>
  import('../../modules/unsubscribe/UnsubscribePage.tsx').then((m) => m.UnsubscribePage),
);
/** The public sponsor sign-up (/{slug}/convite/{id}): no session, its own small chunk. */
export const SponsorSignUpPage = withProviders(() =>
  import('../../modules/sponsor/SponsorSignUpPage.tsx').then((m) => m.SponsorSignUpPage),
);

/** The tenant area: slug check, signed-in shell (menu, banners), module guard, not-found page. */
export const TenantGate = withProviders(() => import('./TenantGate.tsx').then((m) => m.TenantGate));
export const AppShell = lazy(() => import('../layout/AppShell.tsx').then((m) => ({ default: m.AppShell })));
export const ModuleGuard = lazy(() =>
  import('../guards/ModuleGuard.tsx').then((m) => ({ default: m.ModuleGuard })),
);
export const NotFoundPage = lazy(() =>
  import('../layout/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);

/** Module pages, loaded on demand so each module's libraries stay out of the first bundle. */
export const AgendaPage = lazy(() =>
  import('../../modules/agenda/AgendaPage.tsx').then((m) => ({ default: m.AgendaPage })),
);
export const PeoplePage = lazy(() =>
  import('../../modules/people/PeoplePage.tsx').then((m) => ({ default: m.PeoplePage })),
);
/** /marketing/*: the shot lists, editor, details and outbox (modules/shots). */
export const MarketingPage = lazy(() =>
  import('../../modules/shots/MarketingPage.tsx').then((m) => ({ default: m.MarketingPage })),
);
export const ReportsPage = lazy(() =>
  import('../../modules/reports/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })),
);
export const DonationPage = lazy(() =>
  import('../../modules/donation/DonationPage.tsx').then((m) => ({ default: m.DonationPage })),
);
export const AdminPage = lazy(() =>
  import('../../modules/admin/AdminPage.tsx').then((m) => ({ default: m.AdminPage })),
);
export const AmendmentsPage = lazy(() =>
  import('../../modules/amendments/AmendmentsPage.tsx').then((m) => ({ default: m.AmendmentsPage })),
);
export const DemandsPage = lazy(() =>
  import('../../modules/demands/DemandsPage.tsx').then((m) => ({ default: m.DemandsPage })),
);
export const ProfilePage = lazy(() =>
  import('../../modules/profile/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
);
export const DevTestPage = lazy(() =>
  import('../../modules/dev-test/DevTestPage.tsx').then((m) => ({ default: m.DevTestPage })),
);
