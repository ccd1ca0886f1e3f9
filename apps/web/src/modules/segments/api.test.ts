import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule, callOf } from '../../test/apiMock.ts';
import { listSegments } from './api.ts';

// paths and methods are typed from the server's OpenAPI document (platform/api/typedClient.ts)
const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.fetch.mockReset();
  answerWith(mocks);
});
afterEach(() => vi.useRealTimers());

describe('segments module calls (spec 2 §7)', () => {
  it('lists 8 segments a page', async () => {
    const promise = listSegments('COMPANY', 2);
    await vi.advanceTimersByTimeAsync(100);
    await promise;
    expect(callOf(mocks).url).toBe('/api/segments?type=COMPANY&page=2&itemsPerPage=8');
  });
});
