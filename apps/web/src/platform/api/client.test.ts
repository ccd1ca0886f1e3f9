import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient } from './client.ts';
import { ApiError, RequestCancelledError } from './errors.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(overrides: Partial<ApiClientDeps> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { data: { ok: true } }));
  const deps = {
    baseUrl: '/api',
    fetch: fetchMock,
    getToken: vi.fn(() => 'tok'),
    getSchema: vi.fn(() => 'demo'),
    notifyError: vi.fn(),
    onUnauthorized: vi.fn(),
    onInvalidSchema: vi.fn(),
    ...overrides,
  };
  return { client: createApiClient(deps), fetchMock, deps };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('waits 100 ms before issuing the request', async () => {
    const { client, fetchMock } = setup();
    const promise = client.get('/x');
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(promise).resolves.toEqual({ ok: true });
  });

  it('sends bearer, X-Schema, GET params in the query and JSON bodies', async () => {
    const { client, fetchMock } = setup();
    const get = client.get('/people', { q: ' ana ' });
    const put = client.put('/users/me', { name: ' Ana ', at: new Date(2024, 0, 1) });
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([get, put]);
    const [getUrl, getInit] = fetchMock.mock.calls[0] ?? [];
    expect(getUrl).toBe('/api/people?q=ana');
    expect(getInit?.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Schema': 'demo' });
    expect(getInit?.body).toBeUndefined();
    const [, putInit] = fetchMock.mock.calls[1] ?? [];
    expect(putInit?.method).toBe('PUT');
    expect(JSON.parse(String(putInit?.body))).toEqual({ name: 'Ana', at: '2024-01-01 00:00:00' });
    expect(putInit?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('omits the bearer for anonymous calls and lets the caller set X-Schema', async () => {
    const { client, fetchMock } = setup();
    const promise = client.get('/sys-admin/schemas/outro', undefined, { auth: false, schema: 'outro' });
    await vi.advanceTimersByTimeAsync(100);
    await promise;
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['X-Schema']).toBe('outro');
  });

  it('a request cancelled during the debounce is never issued and stays silent', async () => {
    const { client, fetchMock, deps } = setup();
    const controller = new AbortController();
    const promise = client.get('/x', undefined, { signal: controller.signal });
    const assertion = expect(promise).rejects.toBeInstanceOf(RequestCancelledError);
    await vi.advanceTimersByTimeAsync(50);
    controller.abort();
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a request cancelled in flight rejects as cancelled without a notice', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const { client, deps } = setup({ fetch: fetchMock });
    const controller = new AbortController();
    const promise = client.get('/x', undefined, { signal: controller.signal });
    const assertion = expect(promise).rejects.toBeInstanceOf(RequestCancelledError);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    controller.abort();
    await assertion;
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('a missing envelope is an error with the spec text', async () => {
    const { client, deps } = setup({
      fetch: vi.fn<typeof fetch>(async () => jsonResponse(200, { list: [] })),
    });
    const promise = client.get('/x');
    const assertion = expect(promise).rejects.toThrow('Retorno vazio ou mal formatado (api return)');
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(deps.notifyError).toHaveBeenCalledWith({ title: 'Retorno vazio ou mal formatado (api return)' });
  });

  it('shows the default error notice for a failure status', async () => {
    const body = { message: 'Dados inválidos', errors: { email: ['E-mail inválido'] } };
    const { client, deps } = setup({ fetch: vi.fn<typeof fetch>(async () => jsonResponse(400, body)) });
    const promise = client.post('/x', {}, { errorText: 'Ocorreu algum erro ao salvar' });
    const assertion = expect(promise).rejects.toMatchObject({ status: 400 });
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(deps.notifyError).toHaveBeenCalledWith({
      title: 'Dados inválidos',
      description: 'E-mail inválido',
    });
  });

  it('401 on an authenticated call runs the session-expired flow, silently', async () => {
    const { client, deps } = setup({
      fetch: vi.fn<typeof fetch>(async () => jsonResponse(401, { message: 'x' })),
    });
    const promise = client.get('/x');
    const assertion = expect(promise).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('401 on an anonymous call (login) does not run the session flow', async () => {
    const { client, deps } = setup({ fetch: vi.fn<typeof fetch>(async () => jsonResponse(401, {})) });
    const promise = client.post('/auth/login', {}, { auth: false, notifyError: false });
    const assertion = expect(promise).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sessionErrors: false keeps a 401 or wrong-tenant 403 of a signed-in call out of the session flows', async () => {
    const responses = [jsonResponse(401, {}), jsonResponse(403, {})];
    const { client, deps } = setup({
      fetch: vi.fn<typeof fetch>(async () => responses.shift() ?? jsonResponse(500, {})),
    });
    for (const status of [401, 403]) {
      const promise = client.post('/auth/logout', undefined, { notifyError: false, sessionErrors: false });
      const assertion = expect(promise).rejects.toMatchObject({ status });
      await vi.advanceTimersByTimeAsync(100);
      await assertion;
    }
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.onInvalidSchema).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('403 triggers invalid-schema handling when the answer says so; 404 shown only on request', async () => {
    const responses = [
      jsonResponse(403, { message: 'wrong tenant' }),
      jsonResponse(404, { message: 'Não achou' }),
    ];
    const { client, deps } = setup({
      fetch: vi.fn<typeof fetch>(async () => responses.shift() ?? jsonResponse(500, {})),
      isInvalidSchemaAnswer: (body) => body?.message === 'wrong tenant',
    });
    const first = client.get('/a');
    const firstAssertion = expect(first).rejects.toMatchObject({ status: 403 });
    await vi.advanceTimersByTimeAsync(100);
    await firstAssertion;
    expect(deps.onInvalidSchema).toHaveBeenCalledTimes(1);
    expect(deps.notifyError).not.toHaveBeenCalled();

    const second = client.get('/b', undefined, { notifyStatuses: [404] });
    const secondAssertion = expect(second).rejects.toMatchObject({ status: 404 });
    await vi.advanceTimersByTimeAsync(100);
    await secondAssertion;
    expect(deps.notifyError).toHaveBeenCalledWith({ title: 'Não achou' });
  });

  it("responseType 'blob' answers a file download with the session headers; a failure is still read as JSON", async () => {
    const { client, fetchMock, deps } = setup();
    fetchMock.mockResolvedValueOnce(
      new Response('\uFEFFnome;email\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const download = client.post<Blob>('/people/search/export', { type: 'PERSON' }, { responseType: 'blob' });
    await vi.advanceTimersByTimeAsync(100);
    const file = await download;
    // the bytes as sent, BOM included (text() would drop it)
    expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x6e]);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Schema': 'demo', Accept: '*/*' });
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { message: 'Dados inválidos' }));
    const refused = client.post('/people/search/export', {}, { responseType: 'blob' });
    const assertion = expect(refused).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(deps.notifyError).toHaveBeenCalledWith({ title: 'Dados inválidos' });
  });
});
