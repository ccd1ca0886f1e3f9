import {
  ACCOUNT_TEXTS,
  MESSAGES,
  SHOT_EDITOR_TEXTS,
  SHOT_TEXTS,
  type Shot,
  SMS_TEXTS,
  scheduleFormValue,
} from '@mandato/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines, callOf } from '../../../test/apiMock.ts';
import { loginAnswer } from '../../../test/fixtures.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { mkt } from '../../marketing/mktClient.ts';
import { button, enabled } from '../test/buttons.ts';
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

const T = SHOT_EDITOR_TEXTS;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SENDER = { code: 5, name: 'Gabinete', email: 'gabinete@mandato.test', status: 'ACTIVE' };
const SEGMENT = { code: 3, name: 'Apoiadores', type: 'PERSON', special: false };
/** The special list of every person (everyone the user may see). */
const EVERYONE = { code: 1, name: 'Pessoas', type: 'PERSON', special: true };

/** The draft being edited (41), as the API answers it. */
const shotOf = (over: Partial<Shot> = {}): Shot =>
  shotAnswered({
    code: 41,
    status: 'DRAFT',
    subject: 'Convite',
    htmlContent: HTML,
    jsonContent: DESIGN,
    sender: { code: 5, name: 'Gabinete', email: 'gabinete@mandato.test' },
    destination: { segment: { code: 3, name: 'Apoiadores', query: null, type: 'PERSON' } },
    totalContacts: 12,
    createDate: '2026-11-20T10:00:00-03:00',
    ...over,
  });

type Handler = (method: string, path: string, body: unknown) => Response | undefined;

/** The API as the editor sees it; `extra` answers first (a save refused, a shot not found…). */
function serve({
  balance = 1000,
  reachable = 12,
  extra,
}: {
  balance?: number;
  reachable?: number;
  extra?: Handler;
} = {}) {
  mocks.fetch.mockImplementation(async (url, init) => {
    const { pathname } = new URL(String(url), 'http://x');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const special = extra?.(method, pathname, body);
    if (special) return special;
    if (pathname === '/api/mkt/auth/login')
      return json({
        data: { data: { token: 'mkt', expiresAt: new Date(Date.now() + 900_000).toISOString() } },
      });
    if (pathname === '/api/mkt/senders') return json({ data: { list: [SENDER], total: 1 } });
    if (pathname === '/api/mkt/accounts/balance/EMAIL') return json({ data: { type: 'EMAIL', balance } });
    if (pathname === '/api/segments/names') return json({ data: [EVERYONE, SEGMENT] });
    if (pathname === '/api/mkt/emails/list-info') return json({ data: { total: reachable } });
    if (pathname === '/api/mkt/emails/campaign' && method === 'POST') return json({ data: shotOf() });
    if (pathname === '/api/mkt/emails/campaign/41' && method === 'PUT') return json({ data: shotOf() });
    if (pathname === '/api/mkt/emails/campaign/41') return json({ data: shotOf() });
    if (pathname === '/api/mkt/emails/campaign/send/41') return json({ data: shotOf({ status: 'SENDING' }) });
    if (pathname === '/api/mkt/emails/campaign/schedule/41')
      return json({ data: shotOf({ status: 'SCHEDULED' }) });
    return json({ message: `not served: ${method} ${pathname}` }, 404);
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function open(path: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:slug/marketing/novo-envio/:shotType/:shotCode?" element={<ShotEditorPage />} />
        <Route path="/:slug/marketing/disparos/*" element={<p>LISTA</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const calls = (line: string) => callLines(mocks).filter((l) => l === line);
const lastCall = (line: string) => {
  const i = callLines(mocks).lastIndexOf(line);
  return callOf(mocks, i);
};

async function chooseSender(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText(SHOT_TEXTS.sender));
  await user.click(await screen.findByTitle('Gabinete <gabinete@mandato.test>'));
}

/** Waits for the lists, the count, the balance and the editor: the action bar usable. */
async function ready(count = 12) {
  expect(await screen.findByText(new RegExp(SHOT_TEXTS.contacts(count)))).toBeInTheDocument();
  await screen.findByTestId('grapes');
  await screen.findByTestId('balance-EMAIL');
}

describe('ShotEditorPage (e-mail)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mocks.notifyError.mockReset();
    mkt.reset();
    sessionStore.signIn(loginAnswer(['ROLE_MARKETING']), 'demo');
  });
  afterEach(() => sessionStore.clear());

  it('saves a new draft with the list of ?segment=, then edits the same shot (POST, then PUT)', async () => {
    serve();
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL?segment=3');
    await ready();
    expect(callLines(mocks)).toContain('GET /api/mkt/emails/list-info?segmentCode=3');
    await chooseSender(user);
    await user.type(screen.getByLabelText(SHOT_TEXTS.subject), 'Convite');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));

    expect(await screen.findByText(SHOT_TEXTS.draftSaved)).toBeInTheDocument();
    expect(lastCall('POST /api/mkt/emails/campaign').body).toEqual({
      subject: 'Convite',
      htmlContent: HTML,
      jsonContent: DESIGN,
      totalContacts: 12,
      senderCode: 5,
      destination: { segment: { code: 3, name: 'Apoiadores', type: 'PERSON' } },
    });
    await waitFor(() => expect(where()).toBe('/demo/marketing/novo-envio/EMAIL/41'));
    // the editor stays (no reload of what was just saved); the next save updates the shot
    expect(calls('GET /api/mkt/emails/campaign/41')).toHaveLength(0);
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    await waitFor(() => expect(calls('PUT /api/mkt/emails/campaign/41')).toHaveLength(1));
    expect(calls('POST /api/mkt/emails/campaign')).toHaveLength(1);
  });

  it('shows the required fields and saves nothing without sender, list and subject', async () => {
    serve();
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL');
    await screen.findByTestId('grapes');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(3);
    expect(callLines(mocks).filter((l) => l.includes('/campaign') && !l.startsWith('GET '))).toEqual([]);
  });

  it('a ?segment= the user does not have is no list: required on save, nothing sent', async () => {
    serve();
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL?segment=77');
    await screen.findByTestId('grapes');
    await chooseSender(user);
    await user.type(screen.getByLabelText(SHOT_TEXTS.subject), 'Convite');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(callLines(mocks).filter((l) => l.includes('/campaign') && !l.startsWith('GET '))).toEqual([]);
  });

  it('the special list of everyone is a destination: ?segment=1 saves to Pessoas', async () => {
    serve();
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL?segment=1');
    await ready();
    expect(callLines(mocks)).toContain('GET /api/mkt/emails/list-info?segmentCode=1');
    await chooseSender(user);
    await user.type(screen.getByLabelText(SHOT_TEXTS.subject), 'Convite');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    expect(await screen.findByText(SHOT_TEXTS.draftSaved)).toBeInTheDocument();
    expect(lastCall('POST /api/mkt/emails/campaign').body).toMatchObject({
      destination: { segment: { code: 1, name: 'Pessoas', type: 'PERSON' } },
    });
  });

  it('send now: saves, confirms the data, sends and goes to the list', async () => {
    serve();
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    // the draft's design reopens in the editor
    expect(screen.getByTestId('grapes')).toHaveAttribute('data-design', DESIGN);
    // and its HTML, which the editor opens when there is no design (canvasHtmlOf)
    expect(screen.getByTestId('grapes')).toHaveAttribute('data-html', HTML);
    await user.click(await enabled(SHOT_TEXTS.sendNow));

    const modal = await screen.findByRole('dialog', { name: SHOT_TEXTS.confirmTitle });
    expect(calls('PUT /api/mkt/emails/campaign/41')).toHaveLength(1);
    expect(calls('POST /api/mkt/emails/campaign/send/41')).toHaveLength(0);
    expect(within(modal).getByText('Gabinete <gabinete@mandato.test>')).toBeInTheDocument();
    expect(within(modal).getByText('Apoiadores')).toBeInTheDocument();
    expect(within(modal).getByText(SHOT_TEXTS.contacts(12))).toBeInTheDocument();
    expect(within(modal).getByText('Convite')).toBeInTheDocument();
    await user.click(button(SHOT_TEXTS.sendNow, modal));

    expect(await screen.findByText(SHOT_TEXTS.sendingNow)).toBeInTheDocument();
    expect(calls('POST /api/mkt/emails/campaign/send/41')).toHaveLength(1);
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/email/enviados'));
  });

  it('its own send is no "not editable": the shot read again as SENDING leaves without that notice', async () => {
    let sent = false;
    serve({
      extra: (method, path) => {
        if (method === 'POST' && path === '/api/mkt/emails/campaign/send/41') sent = true;
        if (sent && method === 'GET' && path === '/api/mkt/emails/campaign/41')
          return json({ data: shotOf({ status: 'SENDING' }) });
        return undefined;
      },
    });
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    await user.click(await enabled(SHOT_TEXTS.sendNow));
    await user.click(
      button(SHOT_TEXTS.sendNow, await screen.findByRole('dialog', { name: SHOT_TEXTS.confirmTitle })),
    );
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/email/enviados'));
    expect(await screen.findByText(SHOT_TEXTS.sendingNow)).toBeInTheDocument();
    expect(screen.queryByText(SHOT_TEXTS.notEditable)).not.toBeInTheDocument();
  });

  it('a refused save resets the pending send: the field error on its field, no confirm modal', async () => {
    serve({
      extra: (method, path) =>
        method === 'PUT' && path === '/api/mkt/emails/campaign/41'
          ? json({ message: 'Dados inválidos', errors: { subject: ['Use no máximo 250 caracteres'] } }, 400)
          : undefined,
    });
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    await user.click(await enabled(SHOT_TEXTS.sendNow));
    expect(await screen.findByText('Use no máximo 250 caracteres')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await enabled(SHOT_TEXTS.sendNow);
    expect(calls('POST /api/mkt/emails/campaign/send/41')).toHaveLength(0);
  });

  it('a draft whose sender is no longer active: the field asks for an active one, nothing saved', async () => {
    serve({
      extra: (method, path) =>
        method === 'GET' && path === '/api/mkt/emails/campaign/41'
          ? json({ data: shotOf({ sender: { code: 8, name: 'Antigo', email: 'antigo@mandato.test' } }) })
          : undefined,
    });
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    expect(await screen.findByText(SHOT_TEXTS.senderNotActive)).toBeInTheDocument();
    expect(calls('PUT /api/mkt/emails/campaign/41')).toHaveLength(0);
  });

  it('a send the server refuses (409) closes the modal and stays in the editor', async () => {
    serve({
      extra: (_m, path) =>
        path === '/api/mkt/emails/campaign/send/41'
          ? json({ message: SHOT_TEXTS.insufficientBalance }, 409)
          : undefined,
    });
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    await user.click(await enabled(SHOT_TEXTS.sendNow));
    const modal = await screen.findByRole('dialog', { name: SHOT_TEXTS.confirmTitle });
    await user.click(button(SHOT_TEXTS.sendNow, modal));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mocks.notifyError).toHaveBeenCalled();
    expect(where()).toBe('/demo/marketing/novo-envio/EMAIL/41');
  });

  it('schedule: date and hour required and validated before saving, then confirmed with the date', async () => {
    serve();
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    await user.click(await enabled(SHOT_TEXTS.schedule));
    const form = await screen.findByRole('dialog', { name: T.scheduleTitle });
    await user.click(button(T.continue, form));
    expect(within(form).getAllByText(MESSAGES.required)).toHaveLength(2);

    await user.type(within(form).getByLabelText(SHOT_TEXTS.scheduleDate), '01012020');
    await user.type(within(form).getByLabelText(SHOT_TEXTS.scheduleHour), '2561');
    expect(within(form).getByLabelText(SHOT_TEXTS.scheduleHour)).toHaveValue('25:61');
    await user.click(button(T.continue, form));
    expect(within(form).getByText(T.invalidHour)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(SHOT_TEXTS.scheduleHour));
    await user.type(within(form).getByLabelText(SHOT_TEXTS.scheduleHour), '1030');
    await user.click(button(T.continue, form));
    expect(within(form).getByText(SHOT_TEXTS.scheduleInPast)).toBeInTheDocument();
    expect(calls('PUT /api/mkt/emails/campaign/41')).toHaveLength(0);

    const day = scheduleFormValue(new Date(Date.now() + 10 * 86_400_000)).slice(0, 10); // AAAA-MM-DD
    const typed = `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`;
    await user.clear(within(form).getByLabelText(SHOT_TEXTS.scheduleDate));
    await user.type(within(form).getByLabelText(SHOT_TEXTS.scheduleDate), typed);
    await user.click(button(T.continue, form));

    const modal = await screen.findByRole('dialog', { name: SHOT_TEXTS.confirmTitle });
    expect(calls('PUT /api/mkt/emails/campaign/41')).toHaveLength(1);
    expect(
      within(modal).getByText(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} às 10:30`),
    ).toBeInTheDocument();
    await user.click(button(SHOT_TEXTS.schedule, modal));
    expect(await screen.findByText(SHOT_TEXTS.scheduled)).toBeInTheDocument();
    expect(lastCall('POST /api/mkt/emails/campaign/schedule/41').body).toEqual({
      scheduleDate: `${day} 10:30`,
    });
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/email/agendados'));
  });

  it('insufficient balance: send and schedule disabled, the draft can still be saved', async () => {
    serve({ balance: 12, reachable: 12 });
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    expect(await screen.findByText(ACCOUNT_TEXTS.insufficientBalance)).toBeInTheDocument();
    expect(button(SHOT_TEXTS.sendNow)).toBeDisabled();
    expect(button(SHOT_TEXTS.schedule)).toBeDisabled();
    expect(button(SHOT_TEXTS.saveDraft)).toBeEnabled();
  });

  it("a list nobody can receive: nothing is saved, the spec's notice instead", async () => {
    serve({ reachable: 0 });
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready(0);
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    await waitFor(() => expect(screen.getByText(SHOT_TEXTS.emptySegment)).toBeInTheDocument());
    expect(calls('PUT /api/mkt/emails/campaign/41')).toHaveLength(0);
  });

  it('a shot that is not a draft: notice and back to the list', async () => {
    serve({
      extra: (method, path) =>
        method === 'GET' && path === '/api/mkt/emails/campaign/41'
          ? json({ data: shotOf({ status: 'SCHEDULED' }) })
          : undefined,
    });
    open('/demo/marketing/novo-envio/EMAIL/41');
    expect(await screen.findByText(SHOT_TEXTS.notEditable)).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/email/agendados'));
  });

  it('an unknown or malformed code: Conteúdo não encontrado', async () => {
    serve({
      extra: (_m, path) => (path === '/api/mkt/emails/campaign/99' ? json({ message: 'x' }, 404) : undefined),
    });
    open('/demo/marketing/novo-envio/EMAIL/99');
    expect(await screen.findByText(SHOT_TEXTS.notFound)).toBeInTheDocument();
    expect(mocks.notifyError).not.toHaveBeenCalled();
  });

  it('a code that is no number is not asked for', async () => {
    serve();
    open('/demo/marketing/novo-envio/EMAIL/__proto__');
    expect(await screen.findByText(SHOT_TEXTS.notFound)).toBeInTheDocument();
    await act(async () => {});
    expect(callLines(mocks).filter((l) => l.includes('/campaign'))).toEqual([]);
  });

  it('SMS: the SMS editor (sms-editor/, tested there)', async () => {
    serve();
    open('/demo/marketing/novo-envio/SMS');
    expect(await screen.findByRole('heading', { name: SMS_TEXTS.newTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(SMS_TEXTS.message)).toBeInTheDocument();
  });

  it('the preview fills the merge tags in a sandboxed frame', async () => {
    serve();
    const user = userEvent.setup();
    open('/demo/marketing/novo-envio/EMAIL/41');
    await ready();
    await user.clear(screen.getByLabelText(SHOT_TEXTS.subject));
    await user.type(screen.getByLabelText(SHOT_TEXTS.subject), 'Oi ');
    await user.click(screen.getByRole('button', { name: SHOT_TEXTS.mergeTags }));
    await user.click(await screen.findByText('Primeiro nome {{primeiro_nome}}'));
    expect(screen.getByLabelText(SHOT_TEXTS.subject)).toHaveValue('Oi {{primeiro_nome}}');
    await user.click(await enabled(SHOT_TEXTS.preview));
    expect(await screen.findByTestId('preview-subject')).toHaveTextContent('Oi Maria');
    const frame = screen.getByTitle(T.previewFrame);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Olá Maria</p>');
  });
});
