import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule, callLines, callOf } from '../../test/apiMock.ts';
import { listSegments, removeSegment } from './api.ts';

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

  it('removes a list with PUT toogle-active (sic)', async () => {
    const promise = removeSegment(9);
    await vi.advanceTimersByTimeAsync(100);
    await promise;
    expect(callLines(mocks)).toEqual(['PUT /api/segments/9/toogle-active']);
  });
});
