import { DONATION_TEXTS } from '@mandato/domain';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../platform/api/errors.ts';
import { notifications } from '../../../platform/notifications/notifier.ts';
import { defaultRoute } from '../../../platform/routing/paths.ts';

/**
 * A donation call refused with 403 (no provider token for the tenant, no role or no module): the
 * server's text ('Usuario nao possui acesso ao modulo de doacao') and back to the default route.
 */
export function useDonationForbidden(error: unknown) {
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  useEffect(() => {
    if (!isApiError(error, 403)) return;
    const title = error.body?.message ?? DONATION_TEXTS.messages.noAccess;
    notifications().warning({
      key: 'donation-forbidden',
      title,
      // no provider token yet (issue 40): say who connects it and where
      description:
        title === DONATION_TEXTS.messages.noAccess ? DONATION_TEXTS.provider.noAccessHint : undefined,
    });
    navigate(defaultRoute(slug), { replace: true });
  }, [error, navigate, slug]);
}
