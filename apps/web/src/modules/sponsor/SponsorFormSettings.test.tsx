import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callLines } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { SponsorFormSettings } from './SponsorFormSettings.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));
// the TipTap editor is not what this test is about: a plain textarea stands in
vi.mock('./TermsEditor.tsx', () => ({
  default: ({ value, onChange }: { value: string; onChange: (v: string) => void }) => (
    <textarea aria-label="Política de Privacidade" value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const CONFIG = {
  title: 'Junte-se a nós',
  description: 'Cadastro de apoiadores',
  terms: '<p>Política do mandato</p>',
  fields: [
    { name: 'name', isRequired: true },
    { name: 'cellphone', isRequired: false },
  ],
  termsVersion: 'c'.repeat(64),
  faviconUrl: null,
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function open() {
  renderWithApp(
    <MemoryRouter initialEntries={['/demo/admin/sistema/form-padrinho']}>
      <Routes>
        <Route path="/:slug/admin/sistema/form-padrinho" element={<SponsorFormSettings />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SponsorFormSettings', { timeout: 60_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mocks.fetch.mockResolvedValue(json({ data: CONFIG }));
  });

  it("says the links are each person's, from 'Apadrinhamento', and links to Pessoas", async () => {
    open();
    const help = await screen.findByRole('region', { name: 'Onde estão os links do formulário' });
    expect(help).toHaveTextContent('cada pessoa tem o próprio link de apadrinhamento');
    expect(help).toHaveTextContent('"Apadrinhamento" › "Link de apadrinhamento"');
    expect(help).toHaveTextContent(`${window.location.origin}/demo/convite/maria-123456`);
    expect(within(help).getByRole('link', { name: 'Abrir Pessoas' })).toHaveAttribute(
      'href',
      '/demo/pessoas',
    );
  });

  it('previews the public form with the edits not yet saved, and the preview sends nothing', async () => {
    const user = userEvent.setup();
    open();
    const title = await screen.findByLabelText('Título');
    await user.clear(title);
    await user.type(title, 'Venha');
    await user.click(screen.getByRole('checkbox', { name: 'CPF' }));
    await user.click(screen.getByRole('button', { name: /Pré-visualizar formulário/ }));

    const preview = await screen.findByRole('dialog', { name: 'Pré-visualização do formulário público' });
    expect(within(preview).getByRole('heading', { name: 'Venha' })).toBeInTheDocument();
    expect(within(preview).getByText('Convite de (nome de quem convidou)')).toBeInTheDocument();
    expect(within(preview).getByLabelText('Nome')).toBeInTheDocument();
    expect(within(preview).getByLabelText('Celular')).toBeInTheDocument();
    expect(within(preview).getByLabelText('CPF')).toBeInTheDocument();
    expect(within(preview).getByText('Política do mandato')).toBeInTheDocument();
    // the form works as the public's (masks, validation) but never sends
    await user.type(within(preview).getByLabelText('Nome'), 'Bruno');
    await user.type(within(preview).getByLabelText('Celular'), '81987654321');
    expect(within(preview).getByLabelText('Celular')).toHaveValue('(81) 98765-4321');
    await user.click(
      within(preview).getByRole('checkbox', { name: 'Li e aceito a Política de Privacidade' }),
    );
    expect(within(preview).getByRole('button', { name: 'Cadastrar' })).toBeDisabled();
    expect(within(preview).getByText('Pré-visualização: nada é enviado.')).toBeInTheDocument();
    expect(callLines(mocks)).toEqual(['GET /api/sys-admin/parameter/godfather-form']);
  });

  it('warns in the preview that a form without fields shows the not-found page', async () => {
    const user = userEvent.setup();
    mocks.fetch.mockResolvedValue(json({ data: { ...CONFIG, fields: [] } }));
    open();
    await user.click(await screen.findByRole('button', { name: /Pré-visualizar formulário/ }));
    const preview = await screen.findByRole('dialog', { name: 'Pré-visualização do formulário público' });
    expect(
      within(preview).getByText('Sem nenhum campo marcado, os links mostram "Oops! Página não encontrada!".'),
    ).toBeInTheDocument();
  });
});
