import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ORDERING } from '../../platform/ui/list/ordering.ts';
import { type ApiMocks, answerWith, apiModule, callLines, callOf } from '../../test/apiMock.ts';
import {
  createPerson,
  markAsInfluence,
  removeInfluence,
  removePeople,
  searchPeople,
  setAsTeam,
  updateVote,
} from './api.ts';
import { peopleQuery } from './searchQuery.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.fetch.mockReset();
  mocks.notifyError.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('people module calls (spec 2 §7)', () => {
  it('searches people with expression, type, paging and ordering', async () => {
    answerWith(mocks, { data: { list: [{ code: 1 }], total: 1 } });
    const query = peopleQuery('TEAM', [], 2, { criteria: 'influence', ascending: false });
    const promise = searchPeople(query);
    await vi.advanceTimersByTimeAsync(100);
    await expect(promise).resolves.toEqual({ list: [{ code: 1 }], total: 1 });
    expect(callOf(mocks)).toEqual({
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
    expect(peopleQuery('PERSON', [], 1, DEFAULT_ORDERING)).toMatchObject({ orderingCriteria: 'name' });
  });

  it('uses the spec paths for vote, influence, team and bulk delete', async () => {
    answerWith(mocks, { data: null });
    const calls = [
      updateVote(7, 'LOST'),
      markAsInfluence(7, 3),
      removeInfluence(7),
      setAsTeam(7),
      removePeople([1, 2]),
    ];
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(calls);
    expect(callLines(mocks)).toEqual([
      'PUT /api/people/7/update-vote',
      'PUT /api/people/7/mark-as-influence',
      'PUT /api/people/7/remove-influence',
      'POST /api/people/7/set-as-team',
      'DELETE /api/people/delete-many',
    ]);
    expect(callOf(mocks, 0).body).toEqual({ vote: 'LOST' });
    expect(callOf(mocks, 1).body).toEqual({ influence: 3 });
    expect(callOf(mocks, 4).body).toEqual({ codes: [1, 2] });
  });

  it('shows the spec title when saving a person fails without a message', async () => {
    answerWith(mocks, {}, 500);
    const promise = createPerson({} as never);
    const assertion = expect(promise).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(mocks.notifyError).toHaveBeenCalledWith({ title: 'Falha ao salvar pessoa' });
  });
});
