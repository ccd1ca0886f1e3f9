import { typedApi } from '../api/api.ts';
import { logout } from './logout.ts';
import { sessionStore } from './sessionStore.ts';

/**
 * 'Sair': asks the server to end this session (POST /api/auth/logout with the current token, so
 * the token stops working), then leaves as `logout` does without waiting for the answer — a
 * failure (offline, session already gone) never keeps the user in.
 */
export function signOut(): void {
  const session = sessionStore.getState().session;
  if (session) {
    typedApi
      .post('/auth/logout', {
        token: session.token,
        schema: session.slug,
        notifyError: false,
        sessionErrors: false,
        debounceMs: 0,
      })
      .catch(() => {});
  }
  logout();
}
