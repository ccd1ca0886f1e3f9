import { describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { createMarketingClient } from './mktClient.ts';

function fakeBase(answers: { mktStatus?: number[] } = {}) {
  let logins = 0;
  const statuses = [...(answers.mktStatus ?? [])];
  const calls: RequestOptions[] = [];
  const request = vi.fn(async (options: RequestOptions) => {
    calls.push(options);
    if (options.path === '/mkt/auth/login') {
      logins++;
      return { data: { token: `mkt-${logins}`, expiresAt: new Date(clock + 15 * 60_000).toISOString() } };
    }
    const status = statuses.shift() ?? 200;
    if (status !== 200) throw new ApiError('http', status, null);
    return { ok: options.token };
  });
  let clock = 1_000_000;
  return {
    base: { request: request as never },
    calls,
    logins: () => logins,
    advance: (ms: number) => {
      clock += ms;
    },
    now: () => clock,
  };
}

describe('marketing client', () => {
  const session = { token: 'sessao', slug: 'demo' };

  it('logs in once with the session, sends the marketing token and renews it before it expires', async () => {
    const f = fakeBase();
    const client = createMarketingClient(f.base, () => session, f.now);
    expect(await client.get('/mkt/domains')).toEqual({ ok: 'mkt-1' });
    expect(await client.get('/mkt/domains')).toEqual({ ok: 'mkt-1' });
    expect(f.logins()).toBe(1);
    expect(f.calls[0]).toMatchObject({ path: '/mkt/auth/login', params: { slug: 'demo' } });
    expect(f.calls[1]).toMatchObject({ token: 'mkt-1', sessionErrors: false });
    f.advance(14.5 * 60_000);
    expect(await client.get('/mkt/domains')).toEqual({ ok: 'mkt-2' });
  });

  it('logs in again once on a 401, and lets a 403 through', async () => {
    const f = fakeBase({ mktStatus: [401, 200, 403] });
    const client = createMarketingClient(f.base, () => session, f.now);
    expect(await client.get('/mkt/domains')).toEqual({ ok: 'mkt-2' });
    await expect(client.get('/mkt/domains')).rejects.toMatchObject({ status: 403 });
    expect(f.logins()).toBe(2);
  });

  it('makes a new token for a new session', async () => {
    const f = fakeBase();
    let current = session;
    const client = createMarketingClient(f.base, () => current, f.now);
    await client.get('/mkt/domains');
    current = { token: 'outra-sessao', slug: 'demo' };
    expect(await client.get('/mkt/domains')).toEqual({ ok: 'mkt-2' });
  });
});
