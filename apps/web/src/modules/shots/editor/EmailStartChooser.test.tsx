import { EMAIL_START_TEXTS, EMAIL_STARTERS, SHOT_EDITOR_TEXTS, SHOT_TEXTS, type Shot } from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines } from '../../../test/apiMock.ts';
import { loginAnswer } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { mkt } from '../../marketing/mktClient.ts';
import { shotOf } from '../test/shotsTestKit.tsx';
import { ShotEditorPage } from './ShotEditorPage.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));
vi.mock('./GrapesEmailEditor.tsx', async () =>
  (await import('../test/grapesStandIn.tsx')).grapesStandIn(() => ({ htmlContent: '', jsonContent: '' })),
);

const T = EMAIL_START_TEXTS;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const OLD_DESIGN = JSON.stringify({ pages: [{ id: 'velho' }], styles: [] });
/** The caller's earlier e-mails, as the list answers them (newest first). */
const PREVIOUS: Shot[] = [
  shotOf({
    code: 9,
    status: 'SENT',
    subject: 'Boletim de outubro, {{primeiro_nome}}',
    htmlContent: '<h1>Outubro</h1>',
    jsonContent: OLD_DESIGN,
    startDate: '2026-10-30T12:00:00.000Z',
  }),
  shotOf({ code: 8, status: 'DRAFT', subject: null, htmlContent: '<p>Rascunho</p>' }),
];

function serve(previous: Shot[] | 'error' = PREVIOUS) {
  mocks.fetch.mockImplementation(async (url, init) => {
    const { pathname } = new URL(String(url), 'http://x');
    const method = init?.method ?? 'GET';
    if (pathname === '/api/mkt/auth/login')
      return json({
        data: { data: { token: 'mkt', expiresAt: new Date(Date.now() + 900_000).toISOString() } },
      });
    if (pathname === '/api/mkt/senders') return json({ data: { list: [], total: 0 } });
    if (pathname === '/api/mkt/accounts/balance/EMAIL') return json({ data: { type: 'EMAIL', balance: 10 } });
    if (pathname === '/api/segments/names') return json({ data: [] });
    if (pathname === '/api/mkt/emails/campaign' && method === 'GET')
      return previous === 'error'
        ? json({ message: 'falhou' }, 500)
        : json({ data: { list: previous, total: previous.length } });
    return json({ message: `not served: ${method} ${pathname}` }, 404);
  });
}

function open(path = '/demo/marketing/novo-envio/EMAIL') {
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:slug/marketing/novo-envio/:shotType/:shotCode?" element={<ShotEditorPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const chooser = () => screen.getByRole('region', { name: T.title });
const grapes = () => screen.getByTestId('grapes');

describe('EmailStartChooser (a new e-mail starts from a design or an earlier e-mail)', {
  timeout: 60_000,
}, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mocks.notifyError.mockReset();
    mkt.reset();
    sessionStore.signIn(loginAnswer(['ROLE_MARKETING']), 'demo');
  });
  afterEach(() => sessionStore.clear());

  it("offers 'Em branco', the four designs and the caller's newest e-mails, any status", async () => {
    serve();
    open();
    const region = await screen.findByRole('region', { name: T.title });
    const designs = within(region).getAllByRole('list')[0] as HTMLElement;
    expect(
      within(designs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Em branco', 'Boletim', 'Convite para evento', 'Prestação de contas', 'Aniversário']);
    // each option says what it is (its description), the thumbnail is no second name
    expect(within(region).getByRole('button', { name: 'Convite para evento' })).toHaveAccessibleDescription(
      EMAIL_STARTERS[1]?.description as string,
    );
    expect(
      await within(region).findByRole('button', { name: 'Boletim de outubro, [Primeiro nome]' }),
    ).toHaveAccessibleDescription(/^Enviado · 30\/10\/2026/);
    expect(within(region).getByRole('button', { name: T.untitled })).toHaveAccessibleDescription(/^Editando/);
    expect(callLines(mocks)).toContain(
      'GET /api/mkt/emails/campaign?status=DRAFT%2CSCHEDULED%2CSENDING%2CSENT%2CERROR&orderingCriteria=code&orderingAscending=false&page=1&itemsPerPage=6',
    );
    expect(within(region).getByRole('heading', { level: 2, name: T.title })).toBeInTheDocument();
  });

  it("'Convite para evento' loads its HTML into the editor and suggests its subject; the chooser folds", async () => {
    serve();
    const user = userEvent.setup();
    open();
    await screen.findByTestId('grapes');
    const invitation = EMAIL_STARTERS.find((s) => s.key === 'invitation');
    await user.click(within(chooser()).getByRole('button', { name: 'Convite para evento' }));

    expect(grapes()).toHaveAttribute('data-loaded-html', invitation?.html);
    expect(grapes()).toHaveAttribute('data-loaded-design', '');
    expect(screen.getByLabelText(SHOT_TEXTS.subject)).toHaveValue(invitation?.subject);
    expect(screen.getByText(T.chosen('Convite para evento'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Boletim' })).not.toBeInTheDocument();

    // opened again, another design replaces it; the subject the user has is kept
    await user.click(screen.getByRole('button', { name: T.change }));
    await user.click(within(chooser()).getByRole('button', { name: 'Aniversário' }));
    expect(grapes()).toHaveAttribute('data-loaded-html', EMAIL_STARTERS[3]?.html);
    expect(screen.getByLabelText(SHOT_TEXTS.subject)).toHaveValue(invitation?.subject);
  });

  it('an earlier e-mail gives its design and HTML, never its list, sender, subject or schedule', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Boletim de outubro, [Primeiro nome]' }));
    expect(grapes()).toHaveAttribute('data-loaded-design', OLD_DESIGN);
    expect(grapes()).toHaveAttribute('data-loaded-html', '<h1>Outubro</h1>');
    expect(screen.getByLabelText(SHOT_TEXTS.subject)).toHaveValue('');
    expect(screen.getByLabelText(SHOT_TEXTS.segment)).not.toHaveValue('Apoiadores');
    expect(callLines(mocks).filter((l) => !l.startsWith('GET '))).toEqual(['POST /api/mkt/auth/login']);
  });

  it("'Em branco' empties the canvas", async () => {
    serve([]);
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(T.noPrevious)).toBeInTheDocument();
    await user.click(within(chooser()).getByRole('button', { name: T.blank }));
    expect(grapes()).toHaveAttribute('data-loaded-html', '');
  });

  it('a list that fails to load says so; the designs stay', async () => {
    serve('error');
    open();
    expect(await screen.findByText(T.previousError)).toBeInTheDocument();
    expect(within(chooser()).getByRole('button', { name: 'Boletim' })).toBeEnabled();
    expect(mocks.notifyError).not.toHaveBeenCalled();
  });

  it('a draft being edited opens without the chooser', async () => {
    serve();
    const draft = shotOf({ code: 41, status: 'DRAFT' });
    const base = mocks.fetch.getMockImplementation();
    mocks.fetch.mockImplementation(async (url, init) =>
      new URL(String(url), 'http://x').pathname === '/api/mkt/emails/campaign/41'
        ? json({ data: draft })
        : (base?.(url, init) as Promise<Response>),
    );
    open('/demo/marketing/novo-envio/EMAIL/41');
    await screen.findByTestId('grapes');
    expect(screen.getByRole('heading', { level: 1, name: SHOT_EDITOR_TEXTS.editTitle })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: T.title })).not.toBeInTheDocument());
  });
});
