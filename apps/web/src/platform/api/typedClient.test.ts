import { describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from './client.ts';
import { createTypedApi, fillPath } from './typedClient.ts';

function setup() {
  const calls: RequestOptions[] = [];
  const request = vi.fn(async (options: RequestOptions) => {
    calls.push(options);
    return { code: 1, name: 'Saúde' };
  });
  return { api: createTypedApi(request), calls };
}

describe('the typed API layer', () => {
  it('fills the path parameters (URI-encoded) and keeps the client options', async () => {
    const { api, calls } = setup();
    await api.get('/users/{code}', { path: { code: 'a b/c' }, notifyStatuses: [404], errorText: 'Falha' });
    await api.put('/people/{id}/update-vote', { path: { id: 7 }, body: { vote: 'LOST' } });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/users/a%20b%2Fc',
      params: undefined,
      notifyStatuses: [404],
      errorText: 'Falha',
    });
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      path: '/people/7/update-vote',
      params: { vote: 'LOST' },
    });
  });

  it('puts the query in the path (serialised as the client does) and the body in the params', async () => {
    const { api, calls } = setup();
    await api.get('/segments', { query: { type: 'COMPANY', page: 2, itemsPerPage: 8 } });
    await api.delete('/people/delete-many', { body: { codes: [1, 2] } });
    expect(calls[0]).toMatchObject({
      path: '/segments?type=COMPANY&page=2&itemsPerPage=8',
      params: undefined,
    });
    expect(calls[1]).toMatchObject({
      method: 'DELETE',
      path: '/people/delete-many',
      params: { codes: [1, 2] },
    });
  });

  it('asks for a Blob on downloads and sends a FormData as is on uploads', async () => {
    const { api, calls } = setup();
    const form = new FormData();
    await api.getBlob('/amendment/export', { query: { status: 'PAID' } });
    await api.postBlob('/people/search/export', { body: { type: 'PERSON', expression: [] } });
    await api.upload('/demands/{code}/files', form, { path: { code: 3 }, debounceMs: 0 });
    expect(calls.map((c) => [c.method, c.path, c.responseType])).toEqual([
      ['GET', '/amendment/export?status=PAID', 'blob'],
      ['POST', '/people/search/export', 'blob'],
      ['POST', '/demands/3/files', undefined],
    ]);
    expect(calls[2]?.formData).toBe(form);
  });

  it('refuses a template whose parameter is missing', () => {
    expect(() => fillPath('/people/{id}', {})).toThrow('missing path parameter id');
  });

  it('types path, body and answer from the OpenAPI document (tsc checks these lines)', async () => {
    const { api } = setup();
    const tag = await api.post('/tags', { body: { name: 'Saúde' } });
    const name: string = tag.name;
    expect(name).toBe('Saúde');
    const wrong = () => {
      // @ts-expect-error a path the server does not have
      void api.get('/tagz');
      // @ts-expect-error a method the path does not have
      void api.delete('/tags');
      // @ts-expect-error a body field the server does not take
      void api.post('/tags', { body: { name: 'x', color: 'RED' } });
      // @ts-expect-error the path parameter is required
      void api.get('/people/{id}');
      // @ts-expect-error the body is required
      void api.post('/tags');
      // @ts-expect-error an answer field the document does not describe
      void api.post('/tags', { body: { name: 'x' } }).then((answer) => answer.color);
    };
    expect(wrong).toBeTypeOf('function');
  });
});
