import type { DonationOnboarding } from '@mandato/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callLines, callOf } from '../../../test/apiMock.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { OnboardingWizard } from './OnboardingWizard.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SAVED: DonationOnboarding = {
  state: 'NOT_INTEGRATED',
  politician: {
    name: 'Ana Souza',
    cpf: '52998224725',
    rg: '1234567',
    idDispatchingAgency: 'SSP/PE',
    voterRegistration: '004356870906',
    birthday: '1980-05-17',
    email: 'ana@example.com',
  },
  photo: null,
  candidateId: null,
};

const currentStep = () =>
  document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent;

describe('OnboardingWizard', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mocks.notifyError.mockReset();
    // jsdom has no object URLs
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('stays on Dados do Político with the rules shown and nothing sent while a field is missing', async () => {
    const user = userEvent.setup();
    renderWithApp(<OnboardingWizard onboarding={{ ...SAVED, politician: null }} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findAllByText('Campo Obrigatório')).toHaveLength(7);
    expect(
      screen.getByText('Ops, Dados inválidos! Confira as informações de cada campo.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Título de eleitor'), '004356870907');
    expect(await screen.findByText('Título de eleitor inválido')).toBeInTheDocument();
    expect(currentStep()).toBe('Dados do Político');
    expect(mocks.fetch).not.toHaveBeenCalled();
  });

  it('does not advance when the server refuses the step, and shows its field messages', async () => {
    const user = userEvent.setup();
    mocks.fetch.mockResolvedValue(
      json(
        {
          message: 'Ops, Dados inválidos! Confira as informações de cada campo.',
          errors: { email: ['E-mail inválido'] },
        },
        400,
      ),
    );
    renderWithApp(<OnboardingWizard onboarding={SAVED} onCancel={vi.fn()} />);
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Data de nascimento')).toHaveValue('17/05/1980');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(currentStep()).toBe('Dados do Político');
  });

  it('advances to Candidatura only once the politician is saved (BR date sent as typed); Candidatura gated the same way', async () => {
    const user = userEvent.setup();
    mocks.fetch.mockImplementation(async (url, init) => {
      const line = `${init?.method} ${String(url)}`;
      if (line.startsWith('PUT /api/donations/onboarding/politician'))
        return json({ data: { message: 'Tudo certo, podemos prosseguir' } });
      if (line.startsWith('GET /api/donations/options'))
        return json({
          data: { parties: [{ id: 7, initials: 'PT', name: 'Partido dos Trabalhadores' }], offices: [] },
        });
      if (line.startsWith('PUT /api/donations/onboarding/candidacy'))
        return json({ data: { message: 'ok' } });
      return json({ message: 'não esperado' }, 500);
    });
    renderWithApp(<OnboardingWizard onboarding={SAVED} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(currentStep()).toBe('Candidatura'));
    expect(callOf(mocks, 0).body).toMatchObject({ cpf: '529.982.247-25', birthday: '17/05/1980' });

    // the candidacy step: nothing sent while required fields are missing
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect((await screen.findAllByText('Campo Obrigatório')).length).toBeGreaterThan(5);
    expect(callLines(mocks).filter((l) => l.includes('candidacy'))).toEqual([]);
    // the address the provider needs shows its asterisk like the other required fields
    const requiredLabels = [...document.querySelectorAll('label.ant-form-item-required')].map(
      (l) => l.textContent,
    );
    expect(requiredLabels).toEqual(
      expect.arrayContaining(['CEP', 'Rua', 'Número', 'Bairro', 'Cidade', 'Estado', 'Celular']),
    );
    expect(requiredLabels).not.toContain('Complemento');
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(currentStep()).toBe('Dados do Político');
  });

  it('the photo step refuses a non-image and an image over 1 MB before sending, and requires a photo', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { PhotoStep } = await import('./PhotoStep.tsx');
    const onDone = vi.fn();
    renderWithApp(<PhotoStep photo={null} onBack={vi.fn()} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('Informe uma foto válida.')).toBeInTheDocument();

    const input = screen.getByLabelText('Escolher foto');
    await user.upload(input, new File(['%PDF-1.4'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Apenas imagens jpg/jpeg/png são permitidas')).toBeInTheDocument();
    // declared as png, but its bytes are not
    await user.upload(input, new File(['not a png'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('Apenas imagens jpg/jpeg/png são permitidas')).toBeInTheDocument();
    const big = new Uint8Array(1_048_577);
    big.set([0xff, 0xd8, 0xff]);
    await user.upload(input, new File([big], 'big.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Não é permitido arquivos maiores que 1MB')).toBeInTheDocument();
    expect(mocks.fetch).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('the photo step sends a valid png and advances once it is stored', async () => {
    const user = userEvent.setup();
    mocks.fetch.mockResolvedValue(json({ data: { url: '/api/donations/onboarding/photo' } }));
    const { PhotoStep } = await import('./PhotoStep.tsx');
    const onDone = vi.fn();
    renderWithApp(<PhotoStep photo={null} onBack={vi.fn()} onDone={onDone} />);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    await user.upload(
      screen.getByLabelText('Escolher foto'),
      new File([png], 'ana.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Pré-visualização da foto' }).tagName).toBe('IMG'),
    );
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = mocks.fetch.mock.calls[0] ?? [];
    expect(`${init?.method} ${String(url)}`).toMatch(/^PUT \/api\/donations\/onboarding\/photo$/);
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });
});
