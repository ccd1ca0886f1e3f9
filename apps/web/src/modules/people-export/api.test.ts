import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule, callOf } from '../../test/apiMock.ts';
import { exportPeople, listPeopleExports } from './api.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.fetch.mockReset();
  mocks.notifyError.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('people export calls (spec 2 §7)', () => {
  it('posts the expression and type and answers the CSV as a file, at once (no debounce)', async () => {
    mocks.fetch.mockResolvedValue(
      new Response('\uFEFFnome;email\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const promise = exportPeople({ type: 'TEAM', expression: [], segmentCode: 2 });
    await vi.advanceTimersByTimeAsync(0);
    // the bytes of the answer, BOM included (3 + 12)
    expect((await promise).size).toBe(15);
    expect(callOf(mocks)).toEqual({
      url: '/api/people/search/export',
      method: 'POST',
      body: { type: 'TEAM', expression: [], segmentCode: 2 },
    });
  });

  it("a refused export shows 'Ocorreu um erro ao tentar exportar a lista' when the answer has no message", async () => {
    mocks.fetch.mockResolvedValue(new Response('', { status: 500 }));
    const promise = exportPeople({ type: 'PERSON', expression: [] });
    const refused = expect(promise).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    await refused;
    expect(mocks.notifyError).toHaveBeenCalledWith({ title: 'Ocorreu um erro ao tentar exportar a lista' });
  });

  it('lists the history of a type, paged', async () => {
    answerWith(mocks, { data: { list: [], total: 0 } });
    const promise = listPeopleExports({ type: 'PERSON', page: 2, itemsPerPage: 10 });
    await vi.advanceTimersByTimeAsync(100);
    await expect(promise).resolves.toEqual({ list: [], total: 0 });
    expect(callOf(mocks).method).toBe('GET');
    expect(String(callOf(mocks).url)).toMatch(/^\/api\/people\/exports\?/);
    const params = new URLSearchParams(String(callOf(mocks).url).split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({ type: 'PERSON', page: '2', itemsPerPage: '10' });
  });
});
