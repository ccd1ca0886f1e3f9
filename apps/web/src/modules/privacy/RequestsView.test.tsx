import { MESSAGES, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines, callOf } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { RequestsView } from './RequestsView.tsx';
import { json, requestRow } from './test/privacyFixtures.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));
const saved = vi.hoisted(() => vi.fn());
vi.mock('../../platform/ui/download.ts', () => ({ saveBlob: saved }));

const overdue = requestRow({
  code: '12',
  personName: 'João Prado',
  kind: 'ANONYMISATION',
  channel: 'LETTER',
  daysLeft: -2,
});
const answered = requestRow({
  code: '13',
  personName: 'Rita Dias',
  status: 'DONE',
  handledBy: { name: 'Carla Gestora' },
  handledAt: '2026-11-21T12:00:00.000Z',
});

/** Answers the list for GETs and `post` for the rest. */
function serve(post: (url: string) => Response) {
  mocks.fetch.mockImplementation(async (url) => {
    const u = String(url);
    if (u.startsWith('/api/privacy/requests?'))
      return json({ items: [overdue, requestRow(), answered], total: 3 });
    return post(u);
  });
}

describe('RequestsView', { timeout: 60_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    saved.mockReset();
    sessionStore.signIn(loginAnswer(['ROLE_CONFIG']), 'demo');
    sessionStore.setSchema(demoSchema);
  });
  afterEach(() => sessionStore.clear());

  it('lists the requests with the 15-day clock, the overdue one in red, and who handled each', async () => {
    serve(() => json({}));
    renderWithApp(<RequestsView />);
    const late = await screen.findByText(T.daysLeft(-2));
    expect(late.closest('[data-overdue]')).not.toBeNull();
    expect(late.closest('.ant-typography-danger')).not.toBeNull();
    expect(screen.getByText(T.daysLeft(9)).closest('[data-overdue]')).toBeNull();
    expect(screen.getByText('Anonimização')).toBeInTheDocument();
    expect(screen.getByText('Carta')).toBeInTheDocument();
    expect(screen.getByText('Carla Gestora em 21/11/2026')).toBeInTheDocument();
    // a handled request has no 'Atender'
    expect(screen.queryByRole('button', { name: T.fulfilOf('Rita Dias') })).toBeNull();
    expect(callLines(mocks)[0]).toMatch(/^GET \/api\/privacy\/requests\?(.*&)?page=1/);
  });

  it("'Atender' an anonymisation states the consequences and carries it out only when confirmed", async () => {
    serve(() => json({ code: '12', status: 'DONE' }));
    renderWithApp(<RequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: T.fulfilOf('João Prado') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(T.anonymiseTitle('João Prado')).length).toBeGreaterThan(0);
    for (const line of T.anonymiseConsequences) expect(within(dialog).getByText(line)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: T.cancel }));
    expect(callLines(mocks).filter((l) => l.startsWith('POST'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: T.fulfilOf('João Prado') }));
    // the cancelled confirmation may still be leaving the DOM: the new one is the last
    const confirms = await screen.findAllByRole('button', { name: T.anonymiseOk });
    fireEvent.click(confirms[confirms.length - 1] as HTMLElement);
    await waitFor(() => expect(callLines(mocks)).toContain('POST /api/privacy/requests/12/fulfil'));
    expect(await screen.findByText(T.anonymised)).toBeInTheDocument();
  });

  it("'Atender' a deletion states its own consequences and deletes once confirmed", async () => {
    const deletion = requestRow({ code: '14', personName: 'Lia Costa', kind: 'DELETION', daysLeft: 3 });
    mocks.fetch.mockImplementation(async (url) =>
      String(url).startsWith('/api/privacy/requests?')
        ? json({ items: [deletion], total: 1 })
        : json({ ...deletion, status: 'DONE' }),
    );
    renderWithApp(<RequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: T.fulfilOf('Lia Costa') }));
    const dialog = await screen.findByRole('dialog');
    for (const line of T.deleteConsequences) expect(within(dialog).getByText(line)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: T.deleteOk }));
    await waitFor(() => expect(callLines(mocks)).toContain('POST /api/privacy/requests/14/fulfil'));
    expect(await screen.findByText(T.deleted)).toBeInTheDocument();
  });

  it("'Atender' an access request downloads the chosen file and marks it answered", async () => {
    serve(
      () => new Response('<html>Maria</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    renderWithApp(<RequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: T.fulfilOf('Maria Lima') }));
    fireEvent.click(await screen.findByText(T.downloadHtml));
    await waitFor(() =>
      expect(callLines(mocks)).toContain('POST /api/privacy/requests/11/fulfil?format=html'),
    );
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[1]).toBe('dados-do-titular-11.html');
  });

  it("'Nova solicitação' asks for the person, kind and channel before calling", async () => {
    serve(() => json({}));
    renderWithApp(<RequestsView />);
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(T.newRequest) }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(await within(dialog).findAllByText(MESSAGES.required)).toHaveLength(3);
    expect(callLines(mocks).filter((l) => l.startsWith('POST'))).toEqual([]);
    expect(callOf(mocks, 0).method).toBe('GET');
  });
});
