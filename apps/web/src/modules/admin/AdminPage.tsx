import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { ModuleGuard } from '../../platform/guards/ModuleGuard.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { tenantPath } from '../../platform/routing/paths.ts';
import { AuditView } from '../audit/AuditView.tsx';
import { AUDIT_PATH } from '../audit/auditPath.ts';
import { DonationProviderView } from '../donation/provider/DonationProviderView.tsx';
import { DomainsView } from '../marketing/DomainsView.tsx';
import { MarketingAccountView } from '../marketing/MarketingAccountView.tsx';
import { SendersView } from '../marketing/SendersView.tsx';
import { SubscribeView } from '../plans/SubscribeView.tsx';
import { PoliticiansView } from '../politicians/PoliticiansView.tsx';
import { DuplicatesView } from '../privacy/DuplicatesView.tsx';
import { RequestsView } from '../privacy/RequestsView.tsx';
import { SponsorFormSettings } from '../sponsor/SponsorFormSettings.tsx';
import { AccountView } from './AccountView.tsx';
import { AdminNav } from './AdminNav.tsx';
import {
  ACCOUNT_PATH,
  ADMIN_TITLE,
  DONATION_PROVIDER_PATH,
  DUPLICATES_PATH,
  matchAdminItem,
  POLITICIANS_PATH,
  PRIVACY_REQUESTS_PATH,
  SUBSCRIBE_PATH,
} from './adminSections.ts';

/** Settings area (/admin): side menu + the sub-view chosen by path; fallback the account view. */
export function AdminPage() {
  const { slug = '', '*': subPath = '' } = useParams();
  const mobile = useIsMobile();
  const base = tenantPath(slug, 'admin');
  const accountPath = `${base}/${ACCOUNT_PATH}`;
  const marketing = (element: ReactNode) => (
    <ModuleGuard area="adminMarketing" redirectTo={accountPath}>
      {element}
    </ModuleGuard>
  );

  return (
    <PageShell title={ADMIN_TITLE}>
      <div
        style={{
          display: 'flex',
          gap: 24,
          flexDirection: mobile ? 'column' : 'row',
          alignItems: 'flex-start',
        }}
      >
        <AdminNav base={base} selected={matchAdminItem(subPath)} mobile={mobile} />
        <div style={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Routes>
            <Route path="sistema/assinatura" element={<AccountView base={base} />} />
            <Route path="sistema/form-padrinho" element={<SponsorFormSettings />} />
            <Route path={POLITICIANS_PATH} element={<PoliticiansView />} />
            <Route path={DONATION_PROVIDER_PATH} element={<DonationProviderView />} />
            <Route path={PRIVACY_REQUESTS_PATH} element={<RequestsView />} />
            <Route path={DUPLICATES_PATH} element={<DuplicatesView />} />
            <Route path={AUDIT_PATH} element={<AuditView />} />
            <Route path="mkt/minha-conta" element={marketing(<MarketingAccountView />)} />
            <Route path="mkt/remetentes" element={marketing(<SendersView />)} />
            <Route path="mkt/dominios" element={marketing(<DomainsView />)} />
            <Route path={SUBSCRIBE_PATH} element={<SubscribeView />} />
            <Route path="*" element={<Navigate to={accountPath} replace />} />
          </Routes>
        </div>
      </div>
    </PageShell>
  );
}
