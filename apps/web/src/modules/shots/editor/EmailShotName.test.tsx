import { SHOT_TEXTS, type Shot } from '@mandato/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines, callOf } from '../../../test/apiMock.ts';
import { loginAnswer } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { mkt } from '../../marketing/mktClient.ts';
import { enabled } from '../test/buttons.ts';
import { shotOf as shotAnswered } from '../test/shotsTestKit.tsx';
import { ShotEditorPage } from './ShotEditorPage.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const DESIGN = JSON.stringify({ pages: [{ id: 'p' }], styles: [] });
const HTML = '<p>Olá {{primeiro_nome}}</p>';
/** GrapesJS does not run in jsdom: a stand-in with the same contract (the design and its HTML). */
vi.mock('./GrapesEmailEditor.tsx', async () =>
  (await import('../test/grapesStandIn.tsx')).grapesStandIn(() => ({
    htmlContent: HTML,
    jsonContent: DESIGN,
  })),
);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The clone being edited (41): named '… (cópia)', its subject its source's. */
const clone = (over: Partial<Shot> = {}): Shot =>
  shotAnswered({
    code: 41,
    status: 'DRAFT',
    name: 'Convite (cópia)',
    subject: 'Convite',
    htmlContent: HTML,
    jsonContent: DESIGN,
    sender: { code: 5, name: 'Gabinete', email: 'gabinete@mandato.test' },
    destination: { segment: { code: 3, name: 'Apoiadores', query: null, type: 'PERSON' } },
    totalContacts: 12,
    ...over,
  });

function serve(shot: Shot) {
  mocks.fetch.mockImplementation(async (url, init) => {
    const { pathname } = new URL(String(url), 'http://x');
    const method = init?.method ?? 'GET';
    if (pathname === '/api/mkt/auth/login')
      return json({
        data: { data: { token: 'mkt', expiresAt: new Date(Date.now() + 900_000).toISOString() } },
      });
    if (pathname === '/api/mkt/senders')
      return json({
        data: {
          list: [{ code: 5, name: 'Gabinete', email: 'gabinete@mandato.test', status: 'ACTIVE' }],
          total: 1,
        },
      });
    if (pathname === '/api/mkt/accounts/balance/EMAIL')
      return json({ data: { type: 'EMAIL', balance: 1000 } });
    if (pathname === '/api/segments/names')
      return json({ data: [{ code: 3, name: 'Apoiadores', type: 'PERSON', special: false }] });
    if (pathname === '/api/mkt/emails/list-info') return json({ data: { total: 12 } });
    if (pathname === '/api/mkt/emails/campaign/41') return json({ data: shot });
    return json({ message: `not served: ${method} ${pathname}` }, 404);
  });
}

const lastCall = (line: string) => callOf(mocks, callLines(mocks).lastIndexOf(line));

describe("the e-mail editor's name of the shot (issue 40)", { timeout: 60_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mkt.reset();
    sessionStore.signIn(loginAnswer(['ROLE_MARKETING']), 'demo');
  });
  afterEach(() => sessionStore.clear());

  async function openDraft(shot: Shot) {
    serve(shot);
    renderWithApp(
      <MemoryRouter initialEntries={['/demo/marketing/novo-envio/EMAIL/41']}>
        <Routes>
          <Route path="/:slug/marketing/novo-envio/:shotType/:shotCode?" element={<ShotEditorPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(new RegExp(SHOT_TEXTS.contacts(12)))).toBeInTheDocument();
    await screen.findByTestId('grapes');
    await screen.findByTestId('balance-EMAIL');
  }

  it("shows a clone's name apart from its subject, and saves the name edited with the subject unchanged", async () => {
    await openDraft(clone());
    const user = userEvent.setup();
    const name = screen.getByLabelText(SHOT_TEXTS.name);
    expect(name).toHaveValue('Convite (cópia)');
    expect(name).toHaveAccessibleDescription(SHOT_TEXTS.nameHint);
    expect(screen.getByLabelText(SHOT_TEXTS.subject)).toHaveValue('Convite');
    await user.clear(name);
    await user.type(name, 'Convite da plenária');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    await waitFor(() => expect(callLines(mocks)).toContain('PUT /api/mkt/emails/campaign/41'));
    expect(lastCall('PUT /api/mkt/emails/campaign/41').body).toMatchObject({
      name: 'Convite da plenária',
      subject: 'Convite',
    });

    // emptied: the name goes (null), the list names it by its subject again
    await user.clear(name);
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    await waitFor(() =>
      expect(lastCall('PUT /api/mkt/emails/campaign/41').body).toMatchObject({ name: null }),
    );
  });

  it('a shot with no name sends none: a PUT without it leaves the name as the server has it', async () => {
    await openDraft(clone({ name: null }));
    const user = userEvent.setup();
    expect(screen.getByLabelText(SHOT_TEXTS.name)).toHaveValue('');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    await waitFor(() => expect(callLines(mocks)).toContain('PUT /api/mkt/emails/campaign/41'));
    expect(lastCall('PUT /api/mkt/emails/campaign/41').body).not.toHaveProperty('name');
  });

  it('a name over 120 characters cannot be typed', async () => {
    await openDraft(clone({ name: null }));
    const user = userEvent.setup();
    const name = screen.getByLabelText(SHOT_TEXTS.name);
    expect(name).toHaveAttribute('maxlength', '120');
    await user.click(name);
    await user.paste('n'.repeat(130));
    expect(name).toHaveValue('n'.repeat(120));
  });
});
