import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAnswer } from '../../test/fixtures.ts';
import { sessionStore } from './sessionStore.ts';
import { signOut } from './signOut.ts';

const mocks = vi.hoisted(() => ({ post: vi.fn(), logout: vi.fn() }));
vi.mock('../api/api.ts', () => ({ typedApi: { post: mocks.post } }));
vi.mock('./logout.ts', () => ({ logout: mocks.logout }));

afterEach(() => {
  sessionStore.clear();
  vi.clearAllMocks();
});

describe('signOut', () => {
  it("ends the session on the server with the session's own token and tenant, then leaves", () => {
    mocks.post.mockResolvedValue({ loggedOut: true });
    const answer = loginAnswer(['ROLE_TEAM']);
    sessionStore.signIn(answer, 'demo');
    signOut();
    expect(mocks.post).toHaveBeenCalledWith('/auth/logout', {
      token: answer.token,
      schema: 'demo',
      notifyError: false,
      sessionErrors: false,
      debounceMs: 0,
    });
    expect(mocks.logout).toHaveBeenCalledTimes(1);
  });

  it('leaves without waiting, also when the server cannot be reached', async () => {
    mocks.post.mockRejectedValue(new Error('offline'));
    sessionStore.signIn(loginAnswer(['ROLE_TEAM']), 'demo');
    signOut();
    expect(mocks.logout).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });

  it('only leaves when there is no session', () => {
    signOut();
    expect(mocks.post).not.toHaveBeenCalled();
    expect(mocks.logout).toHaveBeenCalledTimes(1);
  });
});
