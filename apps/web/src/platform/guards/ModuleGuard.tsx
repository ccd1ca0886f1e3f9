import { type Area, type AreaRule, canAccess, MESSAGES } from '@mandato/domain';
import { Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { notifications } from '../notifications/notifier.ts';
import { defaultRoute } from '../routing/paths.ts';
import { useAccessContext } from '../session/useAccessContext.ts';

export const MODULE_FORBIDDEN_NOTICE_KEY = 'module-forbidden';

export interface ModuleGuardProps {
  area: Area | AreaRule;
  /** Where to send a user without access (default: the tenant default route). */
  redirectTo?: string;
  children: ReactNode;
}

/**
 * Module guard (spec 1 §2): a user who may not use the area sees the warning
 * 'Você não tem permissão para acessar esse módulo, portanto será redirecionado' and is redirected.
 */
export function ModuleGuard({ area, redirectTo, children }: ModuleGuardProps) {
  const ctx = useAccessContext();
  const { slug = '' } = useParams();
  const { pathname } = useLocation();
  const allowed = canAccess(ctx, area);
  const target = redirectTo ?? defaultRoute(slug);
  const loops = pathname === target || pathname.startsWith(`${target}/`);

  useEffect(() => {
    if (!allowed) {
      notifications().warning({ key: MODULE_FORBIDDEN_NOTICE_KEY, title: MESSAGES.moduleForbidden });
    }
  }, [allowed]);

  if (allowed) return children;
  if (loops) return <Result status="403" title={MESSAGES.moduleForbidden} />;
  return <Navigate to={target} replace />;
}
