import { PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines, callOf } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { DuplicatesView } from './DuplicatesView.tsx';
import { anaGroup, json } from './test/privacyFixtures.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const merge = {
  code: '41',
  createdBy: 'Carla Dias',
  createdAt: '2026-11-20T12:00:00.000Z',
  survivor: { code: 9, name: 'Paulo Reis' },
  merged: [{ code: 10, name: 'Paulo R.' }],
  undoneAt: null,
  undoUntil: '2099-12-20T12:00:00.000Z',
};

function serve() {
  mocks.fetch.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u.startsWith('/api/people/duplicates?'))
      return json({
        items: [anaGroup],
        total: 1,
        refreshedAt: '2026-11-26T10:00:00.000Z',
        refreshing: false,
      });
    if (u.startsWith('/api/people/merges?')) return json({ items: [merge], total: 1 });
    if (u === '/api/people/merge' && init?.method === 'POST') return json({ mergeCode: '42' });
    if (u.endsWith('/undo')) return json({ mergeCode: '42', restored: [7] });
    return json({}, 404);
  });
}

const posts = () => callLines(mocks).filter((l) => l.startsWith('POST'));
const mergeLists = () => callLines(mocks).filter((l) => l.startsWith('GET /api/people/merges')).length;

describe('DuplicatesView', { timeout: 60_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    sessionStore.signIn(loginAnswer(['ROLE_CONFIG']), 'demo');
    sessionStore.setSchema(demoSchema);
    serve();
  });
  afterEach(() => sessionStore.clear());

  it('shows each group with its keys and score, the people side by side', async () => {
    renderWithApp(<DuplicatesView />);
    const group = await screen.findByRole('group', { name: 'Ana Souza, Ana M. Souza' });
    expect(within(group).getByText(T.score(95))).toBeInTheDocument();
    const keys = [...group.querySelectorAll('.ant-tag')].map((tag) => tag.textContent);
    expect(keys).toEqual(['E-mail', 'Nome e nascimento']);
    // CPF and phone masked, as everywhere else (issue 40)
    expect(within(group).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(group).getByText('(11) 98888-7777')).toBeInTheDocument();
    expect(within(group).queryByText('11988887777')).toBeNull();
    expect(within(group).getByText(T.createdOn('01/05/2025'))).toBeInTheDocument();
    // the recent merges follow the groups
    const merges = await screen.findByRole('region', { name: T.mergesTitle });
    expect(await within(merges).findByText('Paulo Reis')).toBeInTheDocument();
    expect(group.compareDocumentPosition(merges) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("'Lista atualizada em' is in Brasília time, not the browser's (issue 39 item 12)", async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      renderWithApp(<DuplicatesView />);
      // 10:00 UTC: a UTC browser read 10:00 with dayjs; Brasília's is 07:00
      expect(await screen.findByText(T.refreshedAt('26/11/2026 07:00'))).toBeInTheDocument();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("'Mesclar' keeps the oldest record by default, lets each differing field be chosen, then offers 'Desfazer'", async () => {
    renderWithApp(<DuplicatesView />);
    fireEvent.click(await screen.findByRole('button', { name: T.mergeGroup('Ana Souza, Ana M. Souza') }));
    const dialog = await screen.findByRole('dialog');
    // each record that may stay says what tells it apart: its code and the values that differ (issue 40)
    const survivors = within(dialog).getByRole('radiogroup', { name: T.survivor });
    expect(
      within(survivors)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Ana Souza (Cadastrado em 01/02/2026)Código 7 · CPF: — · Celular: (11) 98888-7777',
      'Ana M. Souza (Cadastrado em 01/05/2025)Código 3 · CPF: 529.982.247-25 · Celular: —',
    ]);
    const phones = within(dialog).getByRole('radiogroup', { name: T.fieldWinner('Celular') });
    expect(within(phones).getByLabelText('(11) 98888-7777')).toBeInTheDocument();
    // the name differs: chosen from Ana Souza (code 7) instead of the survivor's
    const names = within(dialog).getByRole('radiogroup', { name: T.fieldWinner('Nome') });
    fireEvent.click(within(names).getByLabelText('Ana Souza'));
    // the e-mail is the same in both: no choice asked
    expect(within(dialog).queryByRole('radiogroup', { name: T.fieldWinner('E-mail') })).toBeNull();
    await waitFor(() => expect(mergeLists()).toBe(1));
    fireEvent.click(within(dialog).getByRole('button', { name: T.mergeOk }));
    await waitFor(() => expect(posts()).toContain('POST /api/people/merge'));
    // the new merge shows in the recent merges
    await waitFor(() => expect(mergeLists()).toBe(2));
    const body = callOf(
      mocks,
      mocks.fetch.mock.calls.findIndex(([u]) => String(u) === '/api/people/merge'),
    ).body;
    expect(body).toEqual({
      survivorCode: 3,
      mergedCodes: [7],
      fields: { name: 7, cpf: 3, email: 3, cellphone: 7, birthDate: 3 },
    });

    fireEvent.click(await screen.findByRole('button', { name: T.undo }));
    await waitFor(() => expect(posts()).toContain('POST /api/people/merge/42/undo'));
    expect(await screen.findByText(T.undone)).toBeInTheDocument();
  });
});
