import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { PendingSignUpsView } from './PendingSignUpsView.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const item = (id: number, name: string, email: string) => ({
  id,
  receivedAt: '2026-03-10T15:04:05.000Z',
  values: { name, email, profession: 'Professora' },
  person: { code: 40 + id, name: 'Vitória Alves' },
  godfather: { code: 7, name: 'Beatriz Godoy' },
  linkCode: 'beatriz-123456',
  ip: '203.0.113.9',
  userAgent: 'Navegador Teste',
});
const page = (list: unknown[]) => json({ data: { list, total: list.length } });

describe('PendingSignUpsView', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    sessionStore.signIn(loginAnswer(['ROLE_CRM']), 'demo');
    sessionStore.setSchema(demoSchema);
  });
  afterEach(() => sessionStore.clear());

  it('lists what was sent beside the contact on record; Confirmar and Descartar call the server', async () => {
    const user = userEvent.setup();
    const onConfirmed = vi.fn();
    mocks.fetch.mockResolvedValueOnce(
      page([item(1, 'Vitória Falsa', 'vitoria@ex.com'), item(2, 'Outra Pessoa', 'outra@ex.com')]),
    );
    renderWithApp(
      <MemoryRouter initialEntries={['/demo/pessoas/cadastros-pendentes']}>
        <Routes>
          <Route
            path="/:slug/pessoas/cadastros-pendentes"
            element={<PendingSignUpsView onConfirmed={onConfirmed} />}
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Cadastros pendentes' })).toBeInTheDocument();
    const first = (await screen.findByText('Vitória Falsa')).closest('tr') as HTMLElement;
    expect(within(first).getByText('vitoria@ex.com')).toBeInTheDocument();
    expect(within(first).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(first).getByText('Beatriz Godoy')).toBeInTheDocument();
    expect(within(first).getByText('(código 41)')).toBeInTheDocument();

    mocks.fetch
      .mockResolvedValueOnce(json({ data: { personCode: 41 } }))
      .mockResolvedValueOnce(page([item(2, 'Outra Pessoa', 'outra@ex.com')]));
    await user.click(screen.getByRole('button', { name: 'Confirmar Vitória Falsa' }));
    expect(await screen.findByText('Cadastro confirmado')).toBeInTheDocument();
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    // the list read again without the confirmed one (the other row was there all along)
    await waitFor(() => expect(screen.queryByText('Vitória Falsa')).toBeNull());
    expect(screen.getByRole('button', { name: 'Confirmar Outra Pessoa' })).toBeInTheDocument();

    mocks.fetch.mockResolvedValueOnce(json({ data: { id: 2 } })).mockResolvedValueOnce(page([]));
    await user.click(screen.getByRole('button', { name: 'Descartar Outra Pessoa' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Cadastro descartado')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum cadastro pendente')).toBeInTheDocument();
    expect(callLines(mocks)).toEqual([
      'GET /api/people/sponsor-sign-ups?page=1&itemsPerPage=20',
      'POST /api/people/sponsor-sign-ups/1/confirm',
      'GET /api/people/sponsor-sign-ups?page=1&itemsPerPage=20',
      'POST /api/people/sponsor-sign-ups/2/discard',
      'GET /api/people/sponsor-sign-ups?page=1&itemsPerPage=20',
    ]);
  });
});
