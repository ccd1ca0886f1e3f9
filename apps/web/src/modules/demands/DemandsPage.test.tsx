import { DEMAND_TEXTS } from '@mandato/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { DemandsPage } from './DemandsPage.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('DemandsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    sessionStore.signIn(loginAnswer(['ROLE_CRM']), 'demo');
  });
  afterEach(() => sessionStore.clear());

  it('lists the demands with the count line', async () => {
    sessionStore.setSchema(demoSchema);
    mocks.fetch.mockResolvedValueOnce(
      json({
        data: {
          total: 1,
          list: [
            {
              code: 3,
              title: 'Poste apagado',
              description: null,
              applicant: 9,
              applicantName: 'Maria',
              status: 'OPEN',
              createdAt: '2026-03-10T15:04:05.000Z',
              files: [],
            },
          ],
        },
      }),
    );
    renderWithApp(<DemandsPage />);
    expect(await screen.findByText('1 Demanda(s)')).toBeInTheDocument();
    expect(screen.getByText('Poste apagado')).toBeInTheDocument();
    expect(screen.getByText('Aberta')).toBeInTheDocument();
    expect(callLines(mocks)[0]).toMatch(/^GET \/api\/demands\?/);
  });

  it('off the allowlist: the spec text and no call', async () => {
    sessionStore.setSchema({ ...demoSchema, modules: { demands: false } });
    renderWithApp(<DemandsPage />);
    expect(await screen.findByText(DEMAND_TEXTS.notConfigured)).toBeInTheDocument();
    expect(mocks.fetch).not.toHaveBeenCalled();
  });
});
