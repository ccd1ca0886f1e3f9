import { lazy } from 'react';

/** Module pages, loaded on demand so each module's libraries stay out of the first bundle. */
export const AgendaPage = lazy(() =>
  import('../../modules/agenda/AgendaPage.tsx').then((m) => ({ default: m.AgendaPage })),
);
export const PeoplePage = lazy(() =>
  import('../../modules/people/PeoplePage.tsx').then((m) => ({ default: m.PeoplePage })),
);
export const MarketingPage = lazy(() =>
  import('../../modules/marketing/MarketingPage.tsx').then((m) => ({ default: m.MarketingPage })),
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
