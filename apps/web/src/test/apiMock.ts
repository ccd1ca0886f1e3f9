import { type Mock, vi } from 'vitest';
import { createApiClient } from '../platform/api/client.ts';
import type { NoticeText } from '../platform/api/errorNotice.ts';
import { createTypedApi } from '../platform/api/typedClient.ts';

/**
 * The fetch and notice spies a module's api test drives, created in `vi.hoisted`:
 * `const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);`
 */
export interface ApiMocks {
  fetch: Mock<typeof fetch>;
  notifyError: Mock<(notice: NoticeText) => void>;
}

/**
 * Stands in for `platform/api/api.ts` in a module's api test:
 * `vi.mock('…/platform/api/api.ts', () => apiModule(mocks))`. The real client logic runs
 * (debounce, headers, envelope, error notices) over the mocked fetch.
 */
export function apiModule(mocks: ApiMocks) {
  const api = createApiClient({
    baseUrl: '/api',
    fetch: mocks.fetch,
    getToken: () => 'tok',
    getSchema: () => 'demo',
    notifyError: mocks.notifyError,
    onUnauthorized: vi.fn(),
    onInvalidSchema: vi.fn(),
  });
  return { API_BASE_URL: '/api', api, typedApi: createTypedApi(api.request) };
}

/** Answers every call with `answer` (default an empty list) and `status`. */
export function answerWith(
  mocks: ApiMocks,
  answer: unknown = { data: { list: [], total: 0 } },
  status = 200,
) {
  mocks.fetch.mockImplementation(
    async () =>
      new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

/** Method, URL and parsed JSON body of the i-th call. */
export function callOf(mocks: ApiMocks, i = 0) {
  const [url, init] = mocks.fetch.mock.calls[i] ?? [];
  return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
}

/** "METHOD url" of every call so far. */
export const callLines = (mocks: ApiMocks) =>
  mocks.fetch.mock.calls.map((_, i) => `${callOf(mocks, i).method} ${callOf(mocks, i).url}`);
