import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule, callOf } from '../../test/apiMock.ts';
import { listPeopleNames, listTags, searchPeopleNames } from './api.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
// paths are typed from the server's OpenAPI document; the codes go as one comma list
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.fetch.mockReset();
  answerWith(mocks);
});
afterEach(() => vi.useRealTimers());

describe('autocomplete lookups (spec 2 §7)', () => {
  it('asks names by codes', async () => {
    const calls = [listPeopleNames([1, 2]), listTags([5])];
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(calls);
    expect(callOf(mocks, 0).url).toBe('/api/people/list-names?codes=1%2C2');
    expect(callOf(mocks, 1).url).toBe('/api/tags/list?codes=5');
  });

  it('searches at once (the select already waited), 20 items of page 1', async () => {
    const promise = searchPeopleNames('ana', undefined, { type: 'TEAM' });
    await vi.advanceTimersByTimeAsync(0);
    await promise;
    expect(callOf(mocks).url).toBe('/api/people/names?searchString=ana&page=1&itemsPerPage=20&type=TEAM');
  });
});
