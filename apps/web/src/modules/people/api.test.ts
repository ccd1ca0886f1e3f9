import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, answerWith, apiModule } from '../../test/apiMock.ts';
import { createPerson } from './api.ts';

// paths, methods and bodies are typed from the server's OpenAPI document (platform/api/typedClient.ts)
const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  vi.useFakeTimers();
  mocks.fetch.mockReset();
  mocks.notifyError.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('people module calls (spec 2 §7)', () => {
  it('shows the spec title when saving a person fails without a message', async () => {
    answerWith(mocks, {}, 500);
    const promise = createPerson({} as never);
    const assertion = expect(promise).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(mocks.notifyError).toHaveBeenCalledWith({ title: 'Falha ao salvar pessoa' });
  });
});
