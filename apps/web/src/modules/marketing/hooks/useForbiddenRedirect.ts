import { MESSAGES } from '@mandato/domain';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notifications } from '../../../platform/notifications/notifier.ts';
import { defaultRoute } from '../../../platform/routing/paths.ts';
import { isMarketingForbidden } from '../mktClient.ts';

/** A marketing call refused with 403 (no ROLE_MARKETING or no module): to the default route (spec 3 §6). */
export function useForbiddenRedirect(error: unknown) {
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  useEffect(() => {
    if (isMarketingForbidden(error)) {
      notifications().warning({ key: 'module-forbidden', title: MESSAGES.moduleForbidden });
      navigate(defaultRoute(slug), { replace: true });
    }
  }, [error, navigate, slug]);
}
