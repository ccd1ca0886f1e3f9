import { SENDER_TEXTS } from '@mandato/domain';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callOf } from '../../test/apiMock.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { SenderConfirmPage } from './SenderConfirmPage.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const LINK = `/sender-email-confirm/7/${'p'.repeat(22)}/${'t'.repeat(43)}`;

function open() {
  renderWithApp(
    <MemoryRouter initialEntries={[LINK]}>
      <Routes>
        <Route path="/sender-email-confirm/:senderCode/:senderToken/:token" element={<SenderConfirmPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SenderConfirmPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    mocks.fetch.mockReset();
    mocks.notifyError.mockReset();
  });

  it('sends the three parts of the link once and shows the success texts (spec 3 §2.4)', async () => {
    mocks.fetch.mockResolvedValue(json({ data: { confirmed: true } }));
    open();
    expect(await screen.findByText(SENDER_TEXTS.confirmSuccessTitle)).toBeInTheDocument();
    expect(screen.getByText(SENDER_TEXTS.confirmSuccessText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SENDER_TEXTS.back })).toBeInTheDocument();
    expect(mocks.fetch).toHaveBeenCalledTimes(1);
    const call = callOf(mocks);
    expect(call.method).toBe('POST');
    expect(call.url).toContain('/api/public/sender-email-confirm');
    expect(call.body).toEqual({ senderCode: 7, senderToken: 'p'.repeat(22), token: 't'.repeat(43) });
  });

  it('shows the error texts for a refused link, without a notice', async () => {
    mocks.fetch.mockResolvedValue(json({ message: SENDER_TEXTS.invalidToken }, 404));
    open();
    expect(await screen.findByText(SENDER_TEXTS.confirmErrorTitle)).toBeInTheDocument();
    expect(screen.getByText(SENDER_TEXTS.confirmErrorText)).toBeInTheDocument();
    expect(mocks.notifyError).not.toHaveBeenCalled();
  });
});
