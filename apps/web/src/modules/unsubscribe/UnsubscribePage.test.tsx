import { SHOT_PUBLIC_TEXTS } from '@mandato/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callOf } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { UnsubscribePage } from './UnsubscribePage.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const T = SHOT_PUBLIC_TEXTS;
const LINK_ID = 'Ab3_-'.repeat(4).concat('xy');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const INFO = { address: 'm***@exemplo.com.br', sender: 'Gabinete', mandate: 'Mandato Ana', optedOut: false };

function open(linkId = LINK_ID) {
  renderWithApp(
    <MemoryRouter initialEntries={[`/descadastrar/${linkId}`]}>
      <Routes>
        <Route path="/descadastrar/:linkId" element={<UnsubscribePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('UnsubscribePage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mocks.notifyError.mockReset();
  });

  it('asks first (the GET changes nothing), then posts the confirmation and shows the done state', async () => {
    mocks.fetch.mockResolvedValueOnce(json({ data: INFO }));
    open();
    expect(await screen.findByText(T.question(INFO.address))).toBeInTheDocument();
    expect(screen.getByText(T.footer('Gabinete', 'Mandato Ana'))).toBeInTheDocument();
    expect(mocks.fetch).toHaveBeenCalledTimes(1);
    const get = callOf(mocks);
    expect(get.method).toBe('GET');
    expect(get.url).toContain(`/api/public/unsubscribe/${LINK_ID}`);

    mocks.fetch.mockResolvedValueOnce(json({ data: { unsubscribed: true } }));
    await userEvent.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(T.done)).toBeInTheDocument();
    expect(mocks.fetch).toHaveBeenCalledTimes(2);
    const post = callOf(mocks, 1);
    expect(post.method).toBe('POST');
    expect(post.url).toContain(`/api/public/unsubscribe/${LINK_ID}`);
    expect(post.body).toEqual({ confirm: true });
    expect(mocks.notifyError).not.toHaveBeenCalled();
  });

  it('an address already out shows the done state without a button', async () => {
    mocks.fetch.mockResolvedValueOnce(json({ data: { ...INFO, optedOut: true } }));
    open();
    expect(await screen.findByText(T.alreadyOut)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.confirm })).toBeNull();
  });

  it('an unknown link shows the invalid-link text, without a notice', async () => {
    mocks.fetch.mockResolvedValueOnce(json({ message: T.invalid }, 404));
    open();
    expect(await screen.findByText(T.invalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.confirm })).toBeNull();
    expect(mocks.notifyError).not.toHaveBeenCalled();
  });

  it('a malformed link never calls the server', async () => {
    open('curto');
    expect(await screen.findByText(T.invalid)).toBeInTheDocument();
    expect(mocks.fetch).not.toHaveBeenCalled();
  });
});
