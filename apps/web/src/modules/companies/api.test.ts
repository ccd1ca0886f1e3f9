import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ORDERING } from '../../platform/ui/list/ordering.ts';
import { type ApiMocks, answerWith, apiModule, callLines, callOf } from '../../test/apiMock.ts';
import { removeCompanies, searchCompanies } from './api.ts';
import { companiesQuery } from './searchQuery.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.fetch.mockReset();
  answerWith(mocks, { data: null });
});
afterEach(() => vi.useRealTimers());

describe('companies module calls (spec 2 §7)', () => {
  it('removes many with POST delete-many', async () => {
    const promise = removeCompanies([3]);
    await vi.advanceTimersByTimeAsync(100);
    await promise;
    expect(callLines(mocks)).toEqual(['POST /api/companies/delete-many']);
    expect(callOf(mocks).body).toEqual({ codes: [3] });
  });

  it('searches by name or creation date only (no type)', async () => {
    const promise = searchCompanies(companiesQuery([], 1, { criteria: 'vote', ascending: false }));
    await vi.advanceTimersByTimeAsync(100);
    await promise;
    expect(callOf(mocks).body).toEqual({
      expression: [],
      page: 1,
      itemsPerPage: 50,
      orderingCriteria: 'name',
      orderingAscending: false,
    });
    expect(companiesQuery([], 1, DEFAULT_ORDERING).orderingAscending).toBe(true);
  });
});
