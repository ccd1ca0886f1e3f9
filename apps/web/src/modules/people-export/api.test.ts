import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule } from '../../test/apiMock.ts';
import { exportPeople } from './api.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
// paths and query keys are typed from the server's OpenAPI document (platform/api/typedClient.ts)
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
  });

  it("a refused export shows 'Ocorreu um erro ao tentar exportar a lista' when the answer has no message", async () => {
    mocks.fetch.mockResolvedValue(new Response('', { status: 500 }));
    const promise = exportPeople({ type: 'PERSON', expression: [] });
    const refused = expect(promise).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    await refused;
    expect(mocks.notifyError).toHaveBeenCalledWith({ title: 'Ocorreu um erro ao tentar exportar a lista' });
  });
});
