import type { DonationCampaign } from '@mandato/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callOf } from '../../../test/apiMock.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { CampaignDialog } from './CampaignDialog.tsx';
import { NEW_CAMPAIGN_FORM, validateCampaign } from './campaignForm.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CAMPAIGN: DonationCampaign = {
  token: 'tok-1',
  title: 'Ana 2026',
  active: false,
  minCents: 1000,
  maxCents: 20000,
  suggestedCents: 2550,
  url: 'http://127.0.0.1:3001/doar/demo-ana-2026',
  createdAt: '2026-11-20T12:00:00.000Z',
};

describe('campaign form rules (spec 3 §5)', () => {
  const errorsOf = (patch: Partial<typeof NEW_CAMPAIGN_FORM>) =>
    validateCampaign({ ...NEW_CAMPAIGN_FORM, title: 'Campanha', ...patch }).errors;

  it('new campaigns start active, R$ 5,00 to R$ 1.064,00, R$ 50,00 suggested: sent as integer cents', () => {
    expect(NEW_CAMPAIGN_FORM).toEqual({
      active: true,
      title: '',
      min: '5,00',
      max: '1.064,00',
      suggested: '50,00',
    });
    expect(validateCampaign({ ...NEW_CAMPAIGN_FORM, title: 'Campanha' }).payload).toEqual({
      title: 'Campanha',
      active: true,
      minCents: 500,
      maxCents: 106400,
      suggestedCents: 5000,
    });
    expect(
      validateCampaign({ ...NEW_CAMPAIGN_FORM, title: 'C', min: '19,99', max: '1.000' }).payload,
    ).toMatchObject({
      minCents: 1999,
      maxCents: 100000,
    });
  });

  it('each rule with its message', () => {
    expect(errorsOf({ title: ' ' })).toEqual({ title: ['Campo Obrigatório'] });
    expect(errorsOf({ min: '4,99', suggested: '' })).toEqual({ min: ['Valor mínimo de doação é R$ 5,00'] });
    expect(errorsOf({ max: '1.064,01' })).toEqual({ max: ['Valor máximo de doação diária é R$ 1.064,00'] });
    expect(errorsOf({ min: '100,00', max: '100,00', suggested: '' }).min).toEqual([
      'Valor mínimo não pode ser igual ou maior ao valor máximo',
    ]);
    expect(errorsOf({ suggested: '2.000,00' })).toEqual({
      suggested: ['Valor sugerido deve estar entre o valor mínimo e valor máximo'],
    });
    expect(errorsOf({ suggested: '' })).toEqual({});
  });

  it('a text that is not an amount is a field error, never NaN sent', () => {
    expect(errorsOf({ min: '5,,0' }).min).toEqual(['Valor inválido para o campo']);
    expect(errorsOf({ max: '' }).max).toEqual(['Campo Obrigatório']);
    expect(
      validateCampaign({ ...NEW_CAMPAIGN_FORM, title: 'x', suggested: '1,234' }).payload,
    ).toBeUndefined();
  });
});

describe('CampaignDialog', { timeout: 30_000 }, () => {
  beforeEach(() => mocks.fetch.mockReset());

  it('shows the rule broken and sends nothing; a valid edit is sent as cents to PUT campaigns/{token}', async () => {
    const user = userEvent.setup();
    mocks.fetch.mockResolvedValue(json({ data: { ...CAMPAIGN, minCents: 1500 } }));
    const onSaved = vi.fn();
    renderWithApp(<CampaignDialog campaign={CAMPAIGN} onClose={vi.fn()} onSaved={onSaved} />);
    expect(screen.getByRole('dialog', { name: 'Campanha de Doação' })).toBeInTheDocument();
    const min = screen.getByLabelText('Valor mínimo');
    expect(min).toHaveValue('10,00');
    expect(screen.getByLabelText('Valor sugerido')).toHaveValue('25,50');
    expect(screen.getByRole('switch')).not.toBeChecked();

    await user.clear(min);
    await user.type(min, '300,00');
    expect(
      await screen.findByText('Valor mínimo não pode ser igual ou maior ao valor máximo'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(mocks.fetch).not.toHaveBeenCalled();

    await user.clear(min);
    await user.type(min, '15,00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callOf(mocks)).toMatchObject({
      method: 'PUT',
      url: '/api/donations/campaigns/tok-1',
      body: { title: 'Ana 2026', active: false, minCents: 1500, maxCents: 20000, suggestedCents: 2550 },
    });
  });

  it("shows the server's field message on the field and stays open", async () => {
    const user = userEvent.setup();
    mocks.fetch.mockResolvedValue(
      json(
        {
          message: 'Ocorreu algum erro ao salvar campanha',
          errors: { maxCents: ['Valor máximo de doação diária é R$ 1.064,00'] },
        },
        400,
      ),
    );
    const onSaved = vi.fn();
    renderWithApp(<CampaignDialog onClose={vi.fn()} onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Título'), 'Nova');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Valor máximo de doação diária é R$ 1.064,00')).toBeInTheDocument();
    expect(callOf(mocks)).toMatchObject({ method: 'POST', url: '/api/donations/campaigns' });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("'Cancelar' closes the dialog without sending", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithApp(<CampaignDialog campaign={CAMPAIGN} onClose={onClose} onSaved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(mocks.fetch).not.toHaveBeenCalled();
  });
});
