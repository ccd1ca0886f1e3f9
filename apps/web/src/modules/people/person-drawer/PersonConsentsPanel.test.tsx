import { PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session/sessionStore.ts';
import { type ApiMocks, answerWith, apiModule, callLines } from '../../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { PersonConsentsPanel } from './PersonConsentsPanel.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const hash = 'f'.repeat(12) + 'a'.repeat(52);

describe('PersonConsentsPanel', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    sessionStore.signIn(loginAnswer(['ROLE_CRM']), 'demo');
    sessionStore.setSchema(demoSchema);
  });
  afterEach(() => sessionStore.clear());

  it('shows the consents with basis, source and the shortened terms hash, and the opt-outs per channel', async () => {
    answerWith(mocks, {
      data: {
        consents: [
          {
            purpose: 'Receber comunicações do mandato',
            lawfulBasis: 'CONSENT',
            source: 'SPONSOR_FORM',
            termsHash: hash,
            createdAt: '2026-11-02T13:00:00.000Z',
          },
        ],
        optOuts: [{ channel: 'SMS', at: '2026-11-10T09:30:00.000Z', source: 'API' }],
      },
    });
    renderWithApp(<PersonConsentsPanel personCode={5} />);
    expect(await screen.findByText('Receber comunicações do mandato')).toBeInTheDocument();
    expect(screen.getByText('Consentimento')).toBeInTheDocument();
    expect(screen.getByText('Formulário de apadrinhamento')).toBeInTheDocument();
    expect(screen.getByText(`${'f'.repeat(12)}…`)).toBeInTheDocument();
    expect(screen.queryByText(hash)).toBeNull();
    expect(screen.getByText('SMS')).toBeInTheDocument();
    expect(callLines(mocks)).toEqual(['GET /api/people/5/privacy']);
  });

  it('says so when there is no consent and no opt-out', async () => {
    answerWith(mocks, { data: { consents: [], optOuts: [] } });
    renderWithApp(<PersonConsentsPanel personCode={5} />);
    expect(await screen.findByText(T.consentsEmpty)).toBeInTheDocument();
    expect(screen.getByText(T.optOutsEmpty)).toBeInTheDocument();
  });

  it('a failed read is a message, not a broken drawer', async () => {
    answerWith(mocks, { message: 'Acesso negado' }, 403);
    renderWithApp(<PersonConsentsPanel personCode={5} />);
    expect(await screen.findByText(T.privacyLoadError)).toBeInTheDocument();
  });
});
