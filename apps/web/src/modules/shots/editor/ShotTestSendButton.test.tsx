import { SHOT_TEST_TEXTS } from '@mandato/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule } from '../../../test/apiMock.ts';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { answerMkt, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';
import { ShotTestSendButton } from './ShotTestSendButton.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const T = SHOT_TEST_TEXTS;

/** Opens the dialog and types `typed` in its field; the dialog. */
async function typeInDialog(user: ReturnType<typeof userEvent.setup>, typed: string) {
  await user.click(screen.getByRole('button', { name: T.button }));
  const dialog = await screen.findByRole('dialog', { name: T.title });
  await user.type(within(dialog).getByLabelText(T.emailsLabel), typed);
  return dialog;
}

describe("'Enviar teste' (issue 40 item 3)", () => {
  signInToMarketingForEachTest(mocks);

  it('is disabled, saying why, until the shot is saved', () => {
    renderWithApp(<ShotTestSendButton channel="EMAIL" />);
    expect(screen.getByRole('button', { name: `${T.button}: ${T.saveFirst}` })).toBeDisabled();
  });

  it('sends the typed addresses and says to how many it went', async () => {
    const bodies: unknown[] = [];
    answerMkt(mocks, {
      'POST /mkt/emails/campaign/test/41': (_url, body) => {
        bodies.push(body);
        return { body: { data: { sent: ['a@exemplo.com.br', 'b@exemplo.com.br'], failed: [], credits: 0 } } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ShotTestSendButton channel="EMAIL" code={41} />);
    const dialog = await typeInDialog(user, 'a@exemplo.com.br, b@exemplo.com.br');
    expect(within(dialog).getByText(T.emailExplain)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.send }));
    expect(await screen.findByText(T.sent(2))).toBeInTheDocument();
    expect(bodies).toEqual([{ emails: ['a@exemplo.com.br', 'b@exemplo.com.br'] }]);
  });

  it('refuses more than 5 addresses before calling the server', async () => {
    answerMkt(mocks, {});
    const user = userEvent.setup();
    renderWithApp(<ShotTestSendButton channel="EMAIL" code={41} />);
    const dialog = await typeInDialog(user, 'a@x.com b@x.com c@x.com d@x.com e@x.com f@x.com');
    await user.click(within(dialog).getByRole('button', { name: T.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.tooManyEmails);
    expect(mocks.fetch.mock.calls.some(([url]) => String(url).includes('/test/'))).toBe(false);
  });

  it("shows the server's refusal (the hourly limit) in the dialog, which stays open", async () => {
    answerMkt(mocks, {
      'POST /mkt/emails/campaign/test/41': () => ({ status: 429, body: { message: T.rateLimited } }),
    });
    const user = userEvent.setup();
    renderWithApp(<ShotTestSendButton channel="EMAIL" code={41} />);
    const dialog = await typeInDialog(user, 'a@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: T.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.rateLimited);
    expect(screen.getByRole('dialog', { name: T.title })).toBeInTheDocument();
  });

  it('says which numbers an SMS test reached and the credits it spent, and which it did not', async () => {
    answerMkt(mocks, {
      'POST /mkt/sms/campaign/test/7': () => ({
        body: {
          data: {
            sent: ['5571982827939'],
            failed: [{ to: '5521998765432', message: T.failed('5521998765432', 'recusado') }],
            credits: 2,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<ShotTestSendButton channel="SMS" code={7} />);
    await user.click(screen.getByRole('button', { name: T.button }));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    await user.type(within(dialog).getByLabelText(T.phonesLabel), '(71) 98282-7939{enter}21998765432');
    await user.click(within(dialog).getByRole('button', { name: T.send }));
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent(T.smsSent(1, 2));
    expect(status).toHaveTextContent(T.failed('5521998765432', 'recusado'));
  });
});
