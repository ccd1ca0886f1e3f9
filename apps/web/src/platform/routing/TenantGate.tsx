import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { isCancelled } from '../api/errors.ts';
import { useSessionState } from '../session/useSession.ts';
import { fetchTenantSchema } from '../tenant/tenantApi.ts';
import { useTenantSync } from '../tenant/useTenantSync.ts';
import { FullPageSpin } from './FullPageSpin.tsx';
import type { LoginRedirectState } from './loginRedirect.ts';
import { defaultRoute, PUBLIC_PATHS } from './paths.ts';
import { RedirectInvalid } from './RedirectInvalid.tsx';

type Resolution = { kind: 'checking' } | { kind: 'redirect'; to: string; state?: unknown };

/**
 * Validates the tenant slug of '/:slug/...' (spec 1 §2): the session's own tenant renders at once;
 * another slug is looked up anonymously — unknown → '/', signed in elsewhere → own default route,
 * signed out → /login (domain prefilled).
 */
export function TenantGate() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { session, domain } = useSessionState();
  const isOwnTenant = session !== null && session.slug === slug;
  const sessionSlug = session?.slug ?? null;
  const fromRef = useRef('');
  fromRef.current = location.pathname + location.search;
  const [resolution, setResolution] = useState<Resolution>({ kind: 'checking' });
  const { schemaFailed, retrySchema } = useTenantSync(
    isOwnTenant ? slug : null,
    isOwnTenant ? (session?.token ?? null) : null,
  );

  useEffect(() => {
    if (isOwnTenant) return;
    setResolution({ kind: 'checking' });
    const controller = new AbortController();
    const from = fromRef.current;
    fetchTenantSchema(slug, { auth: false, signal: controller.signal }).then(
      () => {
        if (sessionSlug) setResolution({ kind: 'redirect', to: defaultRoute(sessionSlug) });
        else {
          const state: LoginRedirectState = { domain: slug, from };
          setResolution({ kind: 'redirect', to: PUBLIC_PATHS.login, state });
        }
      },
      (error: unknown) => {
        if (!isCancelled(error)) setResolution({ kind: 'redirect', to: '/' });
      },
    );
    return () => controller.abort();
  }, [isOwnTenant, slug, sessionSlug]);

  if (!isOwnTenant) {
    if (resolution.kind === 'redirect')
      return <RedirectInvalid to={resolution.to} state={resolution.state} />;
    return <FullPageSpin />;
  }
  if (domain.schema?.slug !== slug) {
    if (schemaFailed) {
      return (
        <Result
          status="error"
          title="Não foi possível obter detalhes da conta"
          extra={
            <Button type="primary" onClick={() => retrySchema()}>
              Tentar novamente
            </Button>
          }
        />
      );
    }
    return <FullPageSpin />;
  }
  return <Outlet />;
}
