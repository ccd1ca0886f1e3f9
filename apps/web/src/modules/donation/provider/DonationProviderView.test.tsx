import { DONATION_TEXTS, MESSAGES } from '@mandato/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callLines, callOf } from '../../../test/apiMock.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { DonationProviderView } from './DonationProviderView.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const T = DONATION_TEXTS.provider;
const SLOW = { timeout: 15_000 };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(put: () => Response = () => json({ data: { connected: true, sandbox: true } })) {
  mocks.fetch.mockImplementation(async (url, init) => {
    const line = `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`;
    if (line === 'GET /api/sys-admin/donation-provider')
      return json({ data: { connected: false, sandbox: true } });
    if (line === 'PUT /api/sys-admin/donation-provider/token') return put();
    return json({ message: `não esperado: ${line}` }, 500);
  });
}

const open = () =>
  renderWithApp(
    <MemoryRouter>
      <DonationProviderView />
    </MemoryRouter>,
  );
const lastPut = () =>
  callOf(mocks, callLines(mocks).lastIndexOf('PUT /api/sys-admin/donation-provider/token'));

describe('Configurações › Provedor de doações (issue 40 item 10)', { timeout: 30_000 }, () => {
  beforeEach(() => mocks.fetch.mockReset());

  it('a new account: not connected, the sandbox said; a pasted token is saved and the field empties', async () => {
    serve();
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(T.notConnected, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `${T.title} ${DONATION_TEXTS.sandbox}` })).toBeInTheDocument();
    expect(screen.getByTestId('donation-provider-sandbox')).toHaveTextContent(T.sandboxHint);
    const field = screen.getByLabelText(T.token);
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAccessibleDescription(T.replaceHint);
    await user.type(field, '  token-da-conta-1 ');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(lastPut().body).toEqual({ token: 'token-da-conta-1' }));
    expect(await screen.findByText(T.connected)).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('a token with a space, too short or none: the field says why and nothing is sent', async () => {
    serve();
    const user = userEvent.setup();
    open();
    await screen.findByText(T.notConnected, {}, SLOW);
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    await user.type(screen.getByLabelText(T.token), 'token com espaço');
    await user.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.invalidToken)).toBeInTheDocument();
    expect(callLines(mocks).filter((l) => l.startsWith('PUT '))).toEqual([]);
  });

  it("the server's 400 lands on the field", async () => {
    serve(() => json({ message: T.invalidToken, errors: { token: [T.invalidToken] } }, 400));
    const user = userEvent.setup();
    open();
    await screen.findByText(T.notConnected, {}, SLOW);
    await user.type(screen.getByLabelText(T.token), 'token-recusado');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(lastPut().body).toEqual({ token: 'token-recusado' }));
    const item = (await screen.findAllByText(T.invalidToken))[0]?.closest('.ant-form-item');
    expect(item).not.toBeNull();
    expect(screen.getByText(T.notConnected)).toBeInTheDocument();
  });
});
