import {
  DONATION_TEXTS,
  type DonationCampaign,
  type DonationInvoice,
  type DonationOnboarding,
} from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { DonationPage } from './DonationPage.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));
const mobile = vi.hoisted(() => ({ value: false }));
vi.mock('../../platform/layout/useIsMobile.ts', () => ({ useIsMobile: () => mobile.value }));

/** The first screen of a test waits for its lazy antd parts on a busy machine. */
const SLOW = { timeout: 15_000 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CAMPAIGN: DonationCampaign = {
  token: 'tok-1',
  title: 'Ana 2026',
  active: true,
  minCents: 500,
  maxCents: 106400,
  suggestedCents: 5000,
  url: 'http://127.0.0.1:3001/doar/demo-ana-2026',
  createdAt: '2026-11-20T12:00:00.000Z',
};
const INVOICE: DonationInvoice = {
  date: '2026-11-25T15:30:00.000Z',
  donorName: 'Bruno Lima',
  cpfMasked: '***.456.789-**',
  email: 'bruno@example.com',
  phoneMasked: '(**) *****-4321',
  valueCents: 106400,
  status: 'PAID',
};

const onboarding = (state: DonationOnboarding['state']): DonationOnboarding => ({
  state,
  politician: null,
  photo: null,
  candidateId: state === 'NOT_INTEGRATED' ? null : 41,
});

/** Answers the donation calls by path; anything else is a failure the test would see. */
function answer(routes: Record<string, () => Response>) {
  mocks.fetch.mockImplementation(async (url, init) => {
    const line = `${init?.method} ${String(url).split('?')[0]}`;
    const found = routes[line];
    return found ? found() : json({ message: `não esperado: ${line}` }, 500);
  });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(path: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:slug/doacao/*" element={<DonationPage />} />
        <Route path="*" element={<p>fora</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('DonationPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mobile.value = false;
  });

  it('not integrated: the default is the integration view with the terms and the button', async () => {
    answer({ 'GET /api/donations/onboarding': () => json({ data: onboarding('NOT_INTEGRATED') }) });
    open('/demo/doacao');
    expect(await screen.findByText('Sistema não Integrado', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/demo/doacao/config/integracao-essentjus');
    expect(screen.getByText('Mensalidade de R$ 59,90')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(8);
    expect(screen.getByRole('button', { name: 'Criar minha conta de Doação' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Doações' });
    expect(within(nav).getByText('Nenhuma campanha de doação encontrada')).toBeInTheDocument();
    expect(within(nav).getByText('Integração EssentJus')).toBeInTheDocument();
  });

  it('awaiting approval: no Nova Campanha on the campaign view (only once confirmed)', async () => {
    answer({
      'GET /api/donations/onboarding': () => json({ data: onboarding('AWAITING_APPROVAL') }),
      'GET /api/donations/campaigns': () => json({ data: { items: [] } }),
    });
    open('/demo/doacao/campanha');
    expect(
      await screen.findByText(
        'Nenhuma campanha de doação encontrada',
        { selector: '.ant-empty-description' },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nova Campanha/ })).not.toBeInTheDocument();
  });

  it('confirmed: the default is the campaign view with the link, totals of paid donations and Nova Campanha', async () => {
    answer({
      'GET /api/donations/onboarding': () => json({ data: onboarding('CONFIRMED') }),
      'GET /api/donations/campaigns': () => json({ data: { items: [CAMPAIGN] } }),
      'GET /api/donations/campaigns/tok-1/donations': () =>
        json({ data: { items: [], total: 3, paidTotalCents: 110399, paidCount: 2 } }),
    });
    open('/demo/doacao');
    expect(await screen.findByText('R$ 1.103,99', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/demo/doacao/campanha');
    expect(screen.getByRole('heading', { name: 'Ana 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CAMPAIGN.url })).toHaveAttribute('href', CAMPAIGN.url);
    expect(screen.getByText('Total Arrecadado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nova Campanha/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Editar campanha/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar CSV/ })).toBeInTheDocument();
    // a real provider: no sandbox mark
    expect(screen.queryByText(DONATION_TEXTS.sandbox)).not.toBeInTheDocument();
  });

  it("the sandbox's link and QR point at this machine: 'Ambiente de testes' beside them (issue 40)", async () => {
    answer({
      'GET /api/donations/onboarding': () => json({ data: onboarding('CONFIRMED') }),
      'GET /api/donations/campaigns': () => json({ data: { items: [CAMPAIGN], sandbox: true } }),
      'GET /api/donations/campaigns/tok-1/donations': () =>
        json({ data: { items: [], total: 0, paidTotalCents: 0, paidCount: 0 } }),
    });
    open('/demo/doacao');
    const link = await screen.findByRole('link', { name: CAMPAIGN.url }, SLOW);
    const card = link.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText(DONATION_TEXTS.sandbox)).toBeInTheDocument();
    expect(within(card).getByTestId('donation-sandbox-hint')).toHaveTextContent(
      DONATION_TEXTS.campaign.sandboxHint,
    );
    expect(
      await within(card).findByRole('img', { name: DONATION_TEXTS.campaign.qrCode }),
    ).toBeInTheDocument();
  });

  it("the count says which donations it counts: 'Doações pagas 2 de 3 no total' when one of the 3 listed is pending (issue 39 item 14)", async () => {
    const pending = { ...INVOICE, date: '2026-11-25T16:00:00.000Z', status: 'PENDING' };
    answer({
      'GET /api/donations/onboarding': () => json({ data: onboarding('CONFIRMED') }),
      'GET /api/donations/campaigns': () => json({ data: { items: [CAMPAIGN] } }),
      'GET /api/donations/campaigns/tok-1/donations': () =>
        json({
          data: { items: [INVOICE, INVOICE, pending], total: 3, paidTotalCents: 212800, paidCount: 2 },
        }),
    });
    open('/demo/doacao');
    // the table below lists all three, the pending one too
    expect(await screen.findAllByText('Paga', {}, SLOW)).toHaveLength(2);
    const card = screen
      .getByText(DONATION_TEXTS.campaign.paidDonations)
      .closest('.ant-statistic') as HTMLElement;
    expect(card).toHaveTextContent(
      `${DONATION_TEXTS.campaign.paidDonations}2${DONATION_TEXTS.campaign.ofTotal(3)}`,
    );
    expect(DONATION_TEXTS.campaign.ofTotal(3)).toBe('de 3 no total');
    expect(screen.getByText('Pendente')).toBeInTheDocument();
  });

  it('a 403 (no provider token) shows its text and goes to the default route', async () => {
    answer({
      'GET /api/donations/onboarding': () =>
        json({ message: 'Usuario nao possui acesso ao modulo de doacao' }, 403),
    });
    open('/demo/doacao/campanha');
    expect(
      await screen.findByText('Usuario nao possui acesso ao modulo de doacao', {}, SLOW),
    ).toBeInTheDocument();
    // and who opens it, where (issue 40)
    expect(screen.getByText(DONATION_TEXTS.provider.noAccessHint)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/demo/agenda'));
  });

  it('a provider failure on the first read shows its text and Recarregar, which reads again', async () => {
    let calls = 0;
    answer({
      'GET /api/donations/onboarding': () =>
        ++calls === 1
          ? json({ message: 'Ocorreu algum erro ao obter campanhas na EssentJust' }, 502)
          : json({ data: onboarding('NOT_INTEGRATED') }),
    });
    open('/demo/doacao');
    expect(
      await screen.findByText(
        'Ocorreu algum erro ao obter campanhas na EssentJust',
        { selector: '.ant-result-title' },
        SLOW,
      ),
    ).toBeInTheDocument();
    screen.getByRole('button', { name: 'Recarregar' }).click();
    expect(await screen.findByText('Sistema não Integrado', {}, SLOW)).toBeInTheDocument();
  });

  it('an unknown sub-route goes back to /doacao', async () => {
    answer({ 'GET /api/donations/onboarding': () => json({ data: onboarding('NOT_INTEGRATED') }) });
    open('/demo/doacao/qualquer');
    expect(await screen.findByText('Sistema não Integrado', {}, SLOW)).toBeInTheDocument();
  });
});
