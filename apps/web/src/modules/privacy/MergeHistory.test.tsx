import { PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, apiModule, callLines } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { MergeHistory } from './MergeHistory.tsx';
import type { MergeHistoryItem } from './privacyTypes.ts';
import { json } from './test/privacyFixtures.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const open: MergeHistoryItem = {
  code: '41',
  createdAt: '2026-11-20T12:00:00.000Z',
  createdBy: 'Carla Dias',
  survivor: { code: 9, name: 'Paulo Reis' },
  merged: [
    { code: 10, name: 'Paulo R.' },
    { code: 11, name: null },
  ],
  undoneAt: null,
  undoUntil: '2099-12-20T12:00:00.000Z',
};
const undone: MergeHistoryItem = {
  ...open,
  code: '40',
  survivor: { code: 5, name: 'Rita Alves' },
  merged: [{ code: 6, name: 'Rita A.' }],
  undoneAt: '2026-11-21T15:30:00.000Z',
};
const survivorGone: MergeHistoryItem = {
  ...open,
  code: '39',
  createdBy: null,
  survivor: null,
  merged: [{ code: 3, name: 'Léo Costa' }],
};

const gets = () => callLines(mocks).filter((l) => l.startsWith('GET /api/people/merges'));

function serve(items: MergeHistoryItem[] = [open, undone, survivorGone]) {
  mocks.fetch.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u.startsWith('/api/people/merges?')) return json({ items, total: items.length });
    if (u === '/api/people/merge/41/undo' && init?.method === 'POST')
      return json({ mergeCode: '41', restored: [10, 11] });
    return json({}, 404);
  });
}

describe('MergeHistory', { timeout: 60_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    sessionStore.signIn(loginAnswer(['ROLE_CONFIG']), 'demo');
    sessionStore.setSchema(demoSchema);
  });
  afterEach(() => sessionStore.clear());

  it('lists each merge: when, the record kept, the merged ones, who merged and what can be done', async () => {
    serve();
    renderWithApp(<MergeHistory />);
    const section = await screen.findByRole('region', { name: T.mergesTitle });
    const row = (await within(section).findByText('Paulo Reis')).closest('tr') as HTMLElement;
    // in Brasília time: 12:00 UTC, whatever the browser's zone
    expect(within(row).getByText('20/11/2026 09:00')).toBeInTheDocument();
    // a merged person the user may not see goes by its code
    expect(within(row).getByText('Paulo R., #11')).toBeInTheDocument();
    expect(within(row).getByText('Carla Dias')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: T.undoOf('Paulo Reis') })).toBeInTheDocument();
    expect(within(row).getByText(T.undoUntil('20/12/2099 09:00'))).toBeInTheDocument();

    const undoneRow = within(section).getByText('Rita Alves').closest('tr') as HTMLElement;
    expect(within(undoneRow).getByText(T.undoneOn('21/11/2026 12:30'))).toBeInTheDocument();
    expect(within(undoneRow).queryByRole('button')).toBeNull();

    const goneRow = within(section).getByText('Léo Costa').closest('tr') as HTMLElement;
    expect(within(goneRow).getByText(T.survivorGone)).toBeInTheDocument();
    expect(within(goneRow).getByText(T.undoSurvivorGone)).toBeInTheDocument();
    expect(within(goneRow).getByText(T.unknownUser)).toBeInTheDocument();
    expect(within(goneRow).queryByRole('button')).toBeNull();
  });

  it("'Desfazer' asks first, then undoes the merge and reads the list again", async () => {
    serve();
    renderWithApp(<MergeHistory />);
    fireEvent.click(await screen.findByRole('button', { name: T.undoOf('Paulo Reis') }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(T.undoConfirm('Paulo R., #11', 2))).toBeInTheDocument();
    expect(callLines(mocks).some((l) => l.startsWith('POST'))).toBe(false);
    const listed = gets().length;
    fireEvent.click(within(confirm).getByRole('button', { name: T.undo }));
    await waitFor(() => expect(callLines(mocks)).toContain('POST /api/people/merge/41/undo'));
    expect(await screen.findByText(T.undone)).toBeInTheDocument();
    await waitFor(() => expect(gets().length).toBeGreaterThan(listed));
  });

  it('says when there is none and when the list cannot be read', async () => {
    serve([]);
    const { unmount } = renderWithApp(<MergeHistory />);
    expect(await screen.findByText(T.mergesEmpty)).toBeInTheDocument();
    unmount();
    mocks.fetch.mockImplementation(async () => json({}, 500));
    renderWithApp(<MergeHistory />);
    expect(await screen.findByText(T.mergesLoadError)).toBeInTheDocument();
  });
});
