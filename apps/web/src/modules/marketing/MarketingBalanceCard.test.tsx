import { ACCOUNT_TEXTS } from '@mandato/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines } from '../../test/apiMock.ts';
import { loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { MarketingBalanceCard } from './MarketingBalanceCard.tsx';
import { mkt } from './mktClient.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function answerBalance(balance: number) {
  mocks.fetch.mockImplementation(async (url) =>
    String(url).includes('/mkt/auth/login')
      ? json({ data: { data: { token: 'mkt', expiresAt: new Date(Date.now() + 900_000).toISOString() } } })
      : json({ data: { type: 'SMS', balance } }),
  );
}

describe('MarketingBalanceCard', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mkt.reset();
    sessionStore.signIn(loginAnswer(['ROLE_MARKETING']), 'demo');
  });
  afterEach(() => sessionStore.clear());

  it('shows the balance of the type: e-mail in people, SMS in credits (message parts)', async () => {
    answerBalance(1234);
    renderWithApp(<MarketingBalanceCard type="SMS" />);
    expect(await screen.findByText('1.234 créditos')).toBeInTheDocument();
    expect(screen.getByText('Saldo de SMS')).toBeInTheDocument();
    expect(callLines(mocks)).toContain('GET /api/mkt/accounts/balance/SMS');
  });

  it('with the contacts of a send: insufficient when the balance minus them is zero or less', async () => {
    answerBalance(100);
    renderWithApp(<MarketingBalanceCard type="SMS" contacts={100} />);
    expect(await screen.findByText(ACCOUNT_TEXTS.contactsToSend(100, 'SMS'))).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_TEXTS.insufficientBalance)).toBeInTheDocument();
  });

  it('with enough balance: no warning', async () => {
    answerBalance(100);
    renderWithApp(<MarketingBalanceCard type="SMS" contacts={99} />);
    expect(await screen.findByText(ACCOUNT_TEXTS.balanceAfter(1, 'SMS'))).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_TEXTS.insufficientBalance)).not.toBeInTheDocument();
  });
});
