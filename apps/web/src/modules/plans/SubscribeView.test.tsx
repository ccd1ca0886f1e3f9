import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, answerWith, apiModule } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { SubscribeView } from './SubscribeView.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

beforeEach(() => {
  mocks.fetch.mockReset();
  sessionStore.signIn(loginAnswer(['ROLE_CONFIG']), 'demo');
  sessionStore.setSchema({
    ...demoSchema,
    name: 'Gabinete Demo',
    plan: { id: 'BASIC', name: 'Básico', totalUser: 3, totalContacts: 10000 },
  });
});
afterEach(() => sessionStore.clear());

describe('/admin/assinar', () => {
  it('without a purchase page shows the plans, the current one marked, and a message', async () => {
    answerWith(mocks, { data: { subscribeUrl: null, salesEmail: null } });
    renderWithApp(<SubscribeView />);
    const cards = await screen.findAllByRole('group');
    expect(cards.map((c) => c.getAttribute('aria-labelledby'))).toEqual([
      'plan-FREE',
      'plan-TRIAL',
      'plan-BASIC',
      'plan-IDEAL',
      'plan-PREMIUM',
    ]);
    const basic = screen.getByRole('group', { name: /Básico/ });
    expect(within(basic).getByText('Plano atual')).toBeInTheDocument();
    expect(within(basic).getByText('10.000')).toBeInTheDocument();
    const premium = screen.getByRole('group', { name: /Premium/ });
    expect(within(premium).getAllByText('Ilimitado')).toHaveLength(2);
    expect(within(premium).getByText('Doações (campanhas de arrecadação)')).toBeInTheDocument();
    expect(screen.getByText(/Para mudar de plano, fale com a equipe/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Quero este plano/ })).toBeNull();
  });

  it('with a sales address offers a prefilled e-mail for the other purchasable plans', async () => {
    answerWith(mocks, { data: { subscribeUrl: null, salesEmail: 'vendas@exemplo.com' } });
    renderWithApp(<SubscribeView />);
    const links = await screen.findAllByRole('link', { name: /Quero este plano/ });
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Quero este plano: Gratuito',
      'Quero este plano: Ideal',
      'Quero este plano: Premium',
    ]);
    const href = links[2]?.getAttribute('href') ?? '';
    expect(new URL(href).searchParams.get('subject')).toBe('Mudança de plano: Premium (Gabinete Demo)');
  });

  it('with a purchase page frames it', async () => {
    answerWith(mocks, { data: { subscribeUrl: 'https://loja.exemplo.com/planos', salesEmail: null } });
    renderWithApp(<SubscribeView />);
    const frame = await screen.findByTitle('Página de contratação de planos');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://loja.exemplo.com/planos');
    expect(screen.queryByRole('group')).toBeNull();
  });
});
