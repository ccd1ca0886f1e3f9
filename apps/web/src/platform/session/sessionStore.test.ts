import type { LoginAnswer } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { generateSessionKey } from './crypto.ts';
import { createStaticKeyStore } from './keyStore.ts';
import { createSecureStorage, SESSION_STORAGE_KEY } from './secureStorage.ts';
import { SessionStore } from './sessionStore.ts';
import type { SessionState } from './types.ts';

const answer: LoginAnswer = {
  user: {
    code: 'u1',
    name: 'Admin',
    email: 'admin@demo.mandato.app',
    cellphone: null,
    active: true,
    permissions: ['ROLE_CRM'],
  },
  token: 'bearer-token-value',
  expiresAt: '2999-01-01T00:00:00.000Z',
  integrationKeys: { leads: { projectCode: null, token: null }, docs: { apiToken: null } },
};

describe('SessionStore persistence', () => {
  it('persists encrypted and hydrates in a new store with the same key', async () => {
    localStorage.clear();
    const keyStore = createStaticKeyStore(await generateSessionKey());
    const store = new SessionStore(createSecureStorage<SessionState>(keyStore, localStorage));
    store.signIn(answer, 'demo');
    store.setSchema({ slug: 'demo', code: '1', name: 'Demo', logoUrl: null });
    await store.flush();
    const raw = localStorage.getItem(SESSION_STORAGE_KEY) ?? '';
    expect(raw).not.toContain('bearer-token-value');
    expect(raw).not.toContain('admin@demo');

    const reloaded = new SessionStore(createSecureStorage<SessionState>(keyStore, localStorage));
    await reloaded.hydrate();
    expect(reloaded.getState().session?.token).toBe('bearer-token-value');
    expect(reloaded.getState().session?.slug).toBe('demo');
    expect(reloaded.getState().domain.schema?.name).toBe('Demo');
  });

  it('drops an expired session on hydrate and clears on logout', async () => {
    localStorage.clear();
    const keyStore = createStaticKeyStore(await generateSessionKey());
    const store = new SessionStore(createSecureStorage<SessionState>(keyStore, localStorage));
    store.signIn({ ...answer, expiresAt: '2000-01-01T00:00:00.000Z' }, 'demo');
    await store.flush();
    const reloaded = new SessionStore(createSecureStorage<SessionState>(keyStore, localStorage));
    await reloaded.hydrate();
    expect(reloaded.getState().session).toBeNull();

    store.signIn(answer, 'demo');
    store.clear();
    await store.flush();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps the session in memory only when no key is available', async () => {
    localStorage.clear();
    const store = new SessionStore(
      createSecureStorage<SessionState>(createStaticKeyStore(null), localStorage),
    );
    store.signIn(answer, 'demo');
    await store.flush();
    expect(store.getState().session?.token).toBe('bearer-token-value');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
