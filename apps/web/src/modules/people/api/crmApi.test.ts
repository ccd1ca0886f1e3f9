import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../platform/api/client.ts';
import { createCrmApi } from './crmApi.ts';
import { peopleQuery } from './searchQuery.ts';

function setup(answer: unknown = { data: { list: [], total: 0 } }, status = 200) {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  const notifyError = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    fetch: fetchMock,
    getToken: () => 'tok',
    getSchema: () => 'demo',
    notifyError,
    onUnauthorized: vi.fn(),
    onInvalidSchema: vi.fn(),
  });
  return { crm: createCrmApi(client), fetchMock, notifyError };
}

const call = (mock: ReturnType<typeof setup>['fetchMock'], i = 0) => {
  const [url, init] = mock.mock.calls[i] ?? [];
  return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('people module calls (spec 2 §7)', () => {
  it('searches people with expression, type, paging and ordering', async () => {
    const { crm, fetchMock } = setup({ data: { list: [{ code: 1 }], total: 1 } });
    const query = peopleQuery('TEAM', [], 2, { criteria: 'influence', ascending: false });
    const promise = crm.people.search(query);
    await vi.advanceTimersByTimeAsync(100);
    await expect(promise).resolves.toEqual({ list: [{ code: 1 }], total: 1 });
    expect(call(fetchMock)).toEqual({
      url: '/api/people/search',
      method: 'POST',
      body: {
        expression: [],
        type: 'TEAM',
        page: 2,
        itemsPerPage: 50,
        orderingCriteria: 'influence',
        orderingAscending: false,
      },
    });
  });

  it('uses the spec paths for vote, influence, team and bulk delete', async () => {
    const { crm, fetchMock } = setup({ data: null });
    const calls = [
      crm.people.updateVote(7, 'LOST'),
      crm.people.markAsInfluence(7, 3),
      crm.people.removeInfluence(7),
      crm.people.setAsTeam(7),
      crm.people.removeMany([1, 2]),
      crm.companies.removeMany([3]),
      crm.segments.remove(9),
      crm.users.changePermissions('u-1', true, ['ROLE_CRM']),
      crm.users.resetPassword('u-1'),
    ];
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(calls);
    expect(
      fetchMock.mock.calls.map((_, i) => `${call(fetchMock, i).method} ${call(fetchMock, i).url}`),
    ).toEqual([
      'PUT /api/people/7/update-vote',
      'PUT /api/people/7/mark-as-influence',
      'PUT /api/people/7/remove-influence',
      'POST /api/people/7/set-as-team',
      'DELETE /api/people/delete-many',
      'POST /api/companies/delete-many',
      'PUT /api/segments/9/toogle-active',
      'PUT /api/users/u-1/change-permissions',
      'PUT /api/users/u-1/reset-password',
    ]);
    expect(call(fetchMock, 0).body).toEqual({ vote: 'LOST' });
    expect(call(fetchMock, 1).body).toEqual({ influence: 3 });
    expect(call(fetchMock, 4).body).toEqual({ codes: [1, 2] });
    expect(call(fetchMock, 7).body).toEqual({ active: true, permissions: ['ROLE_CRM'] });
  });

  it('lists 8 segments a page and names by codes', async () => {
    const { crm, fetchMock } = setup();
    const calls = [crm.segments.list('COMPANY', 2), crm.people.listNames([1, 2]), crm.tags.list([5])];
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(calls);
    expect(call(fetchMock, 0).url).toBe('/api/segments?type=COMPANY&page=2&itemsPerPage=8');
    expect(call(fetchMock, 1).url).toBe('/api/people/list-names?codes=1%2C2');
    expect(call(fetchMock, 2).url).toBe('/api/tags/list?codes=5');
  });

  it('shows the spec title when saving a person fails without a message', async () => {
    const { crm, notifyError } = setup({}, 500);
    const promise = crm.people.create({} as never);
    const assertion = expect(promise).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(notifyError).toHaveBeenCalledWith({ title: 'Falha ao salvar pessoa' });
  });
});
