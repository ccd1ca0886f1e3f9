import { MESSAGES, SESSION_EXPIRED_SECONDS } from '@mandato/domain/plain';
import { notifications } from '../notifications/notifier.ts';
import { logout } from '../session/logout.ts';
import { createUnauthorizedHandler } from './unauthorized.ts';

export const SESSION_EXPIRED_NOTICE_KEY = 'session-expired';

/**
 * 401 flow (spec 1 §8): info notice 'Sessão Expirada!' for 6 s, session cleared, back to /login.
 * The notice stays on screen over the login page; parallel 401s are handled once (500 ms lock).
 */
export const handleUnauthorized = createUnauthorizedHandler({
  notify: () =>
    notifications().info({
      key: SESSION_EXPIRED_NOTICE_KEY,
      title: MESSAGES.sessionExpiredTitle,
      description: MESSAGES.sessionExpired,
      duration: SESSION_EXPIRED_SECONDS,
    }),
  expire: logout,
});
