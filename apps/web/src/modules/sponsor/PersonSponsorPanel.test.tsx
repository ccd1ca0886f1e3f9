import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { PersonSponsorPanel } from './PersonSponsorPanel.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const HASH = 'd'.repeat(64);

describe('PersonSponsorPanel', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    sessionStore.signIn(loginAnswer(['ROLE_CRM']), 'demo');
    sessionStore.setSchema(demoSchema);
  });
  afterEach(() => sessionStore.clear());

  it('shows the consent evidence and creates the copyable link on demand', async () => {
    const user = userEvent.setup();
    mocks.fetch.mockResolvedValueOnce(
      json({
        data: {
          link: null,
          consents: [
            {
              acceptedAt: '2026-03-10T15:04:05.000Z',
              termsVersion: HASH,
              ip: '203.0.113.9',
              userAgent: 'Navegador Teste',
              godfather: { code: 7, name: 'Beatriz' },
            },
          ],
        },
      }),
    );
    renderWithApp(<PersonSponsorPanel personCode={42} />);
    expect(await screen.findByText(HASH)).toBeInTheDocument();
    expect(screen.getByText('203.0.113.9')).toBeInTheDocument();
    expect(screen.getByText('Navegador Teste')).toBeInTheDocument();
    expect(screen.getByText('Beatriz')).toBeInTheDocument();
    mocks.fetch
      .mockResolvedValueOnce(json({ data: { code: 'ana-123456', path: '/demo/convite/ana-123456' } }))
      .mockResolvedValueOnce(
        json({ data: { link: { code: 'ana-123456', path: '/demo/convite/ana-123456' }, consents: [] } }),
      );
    await user.click(screen.getByRole('button', { name: /Link de apadrinhamento/ }));
    expect(await screen.findByRole('textbox', { name: 'Link de apadrinhamento' })).toHaveValue(
      `${window.location.origin}/demo/convite/ana-123456`,
    );
    expect(screen.getByRole('button', { name: /Copiar link/ })).toBeInTheDocument();
    expect(callLines(mocks)).toContain('POST /api/people/godfather/42/invite');
  });
});
