import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { ModuleGuard } from '../../platform/guards/ModuleGuard.tsx';
import { PageShell } from '../../platform/layout/PageShell.tsx';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { tenantPath } from '../../platform/routing/paths.ts';
import { DomainsView } from '../marketing/DomainsView.tsx';
import { SubscribeView } from '../plans/SubscribeView.tsx';
import { PoliticiansView } from '../politicians/PoliticiansView.tsx';
import { SponsorFormSettings } from '../sponsor/SponsorFormSettings.tsx';
import { AccountView } from './AccountView.tsx';
import { AdminNav } from './AdminNav.tsx';
import { AdminPlaceholder } from './AdminPlaceholder.tsx';
import {
  ACCOUNT_PATH,
  ADMIN_TITLE,
  matchAdminItem,
  POLITICIANS_PATH,
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
            <Route
              path="mkt/minha-conta"
              element={marketing(
                <AdminPlaceholder
                  title="Plano de Marketing"
                  hint="Saldo e plano de marketing aparecerão aqui."
                />,
              )}
            />
            <Route
              path="mkt/remetentes"
              element={marketing(
                <AdminPlaceholder title="Remetentes" hint="Os remetentes de e-mail aparecerão aqui." />,
              )}
            />
            <Route path="mkt/dominios" element={marketing(<DomainsView />)} />
            <Route path={SUBSCRIBE_PATH} element={<SubscribeView />} />
            <Route path="*" element={<Navigate to={accountPath} replace />} />
          </Routes>
        </div>
      </div>
    </PageShell>
  );
}
