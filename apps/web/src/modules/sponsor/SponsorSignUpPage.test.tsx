import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callOf } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { SponsorSignUpPage } from './SponsorSignUpPage.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const VERSION = 'c'.repeat(64);
const FORM = {
  godfather: { code: 'ana-123456', name: 'Ana' },
  formConfig: {
    title: 'Junte-se a nós',
    description: 'Cadastro de apoiadores',
    favicon: null,
    fields: [
      { name: 'name', label: 'Nome', isRequired: true },
      { name: 'cellphone', label: 'Celular', isRequired: true },
      { name: 'city', label: 'Cidade', isRequired: false },
    ],
  },
  terms: '<p>Política do mandato</p>',
  termsVersion: VERSION,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function open(path: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:slug/convite/:id?" element={<SponsorSignUpPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SponsorSignUpPage', { timeout: 30_000 }, () => {
  beforeEach(() => mocks.fetch.mockReset());

  it('shows the 404 page for a malformed id without asking the server', async () => {
    open('/demo/convite/Ana-12');
    expect(await screen.findByText('Oops! Página não encontrada!')).toBeInTheDocument();
    expect(mocks.fetch).not.toHaveBeenCalled();
  });

  it('at the bare /{slug}/convite says a personal link is needed, without asking the server', async () => {
    open('/demo/convite');
    expect(await screen.findByText('Este cadastro precisa de um link pessoal')).toBeInTheDocument();
    expect(screen.getByText(/Peça o link de apadrinhamento a quem convidou você/)).toBeInTheDocument();
    expect(screen.queryByText('Oops! Página não encontrada!')).not.toBeInTheDocument();
    expect(mocks.fetch).not.toHaveBeenCalled();
  });

  it('shows the 404 page when the server does not know the link', async () => {
    mocks.fetch.mockResolvedValue(json({ message: 'Oops! Página não encontrada!' }, 404));
    open('/demo/convite/ana-123456');
    expect(await screen.findByText('Oops! Página não encontrada!')).toBeInTheDocument();
    expect(mocks.notifyError).not.toHaveBeenCalled();
  });

  it('keeps Cadastrar disabled until the required fields and the terms are filled, then shows the own link', async () => {
    const user = userEvent.setup();
    mocks.fetch.mockResolvedValueOnce(json({ data: FORM }));
    open('/demo/convite/ana-123456');
    expect(await screen.findByRole('heading', { name: 'Junte-se a nós' })).toBeInTheDocument();
    expect(screen.getByText('Principais')).toBeInTheDocument();
    expect(screen.getByText('Endereço')).toBeInTheDocument();
    expect(screen.getByText('Política do mandato')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Cadastrar' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Nome'), 'Bruno Lima');
    await user.type(screen.getByLabelText('Celular'), '81987654321');
    expect(screen.getByLabelText('Celular')).toHaveValue('(81) 98765-4321');
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito a Política de Privacidade' }));
    expect(submit).toBeEnabled();
    mocks.fetch.mockResolvedValueOnce(
      json({
        data: { name: 'Bruno Lima', link: { code: 'bruno-654321', path: '/demo/convite/bruno-654321' } },
      }),
    );
    await user.click(submit);
    expect(await screen.findByText('Parabéns Bruno! Cadastro realizado com sucesso!')).toBeInTheDocument();
    expect(screen.getByLabelText('Link de apadrinhamento')).toHaveValue(
      `${window.location.origin}/demo/convite/bruno-654321`,
    );
    const sent = callOf(mocks, 1);
    expect(sent.method).toBe('POST');
    expect(sent.url).toContain('/api/people/godfather-form/ana-123456');
    expect(sent.body).toEqual({
      name: 'Bruno Lima',
      cellphone: '(81) 98765-4321',
      acceptedTerms: true,
      termsVersion: VERSION,
    });
  });
});
