import {
  BIRTHDAY_TEXTS,
  type BirthdaySettings,
  EMAIL_START_TEXTS,
  EMAIL_STARTERS,
  SHOT_TEXTS,
} from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiMocks } from '../../../test/apiMock.ts';
import { apiModule } from '../../../test/apiMock.ts';
import { answerMkt, renderMarketing, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const DESIGN = JSON.stringify({ pages: [{ id: 'p' }], styles: [] });
const EDITED = '<p>Feliz aniversário, {{primeiro_nome}}!</p>';
/** GrapesJS does not run in jsdom: a stand-in with the same contract (what it opened, what it reads). */
vi.mock('../editor/GrapesEmailEditor.tsx', async () =>
  (await import('../test/grapesStandIn.tsx')).grapesStandIn(() => ({
    htmlContent: EDITED,
    jsonContent: DESIGN,
  })),
);

const SENDER = { code: 5, name: 'Gabinete', email: 'gabinete@mandato.test', status: 'ACTIVE' };
/** As GET answers a setting saved by another client: HTML, no design. */
const SAVED: BirthdaySettings = {
  active: false,
  senderCode: null,
  subject: 'Parabéns!',
  htmlContent: '<p>Parabéns</p>',
  jsonContent: null,
  sendHour: 9,
  updatedAt: null,
};

function serve(put: (body: unknown) => { status?: number; body: unknown }) {
  const puts: unknown[] = [];
  answerMkt(mocks, {
    'GET /mkt/emails/birthday': () => ({ body: { data: SAVED } }),
    'GET /mkt/senders': () => ({ body: { data: { list: [SENDER], total: 1 } } }),
    'PUT /mkt/emails/birthday': (_url, body) => {
      puts.push(body);
      return put(body);
    },
  });
  return puts;
}

const saveButton = () => screen.getByRole('button', { name: BIRTHDAY_TEXTS.save });
async function opened() {
  await screen.findByTestId('grapes');
  await waitFor(() => expect(saveButton()).toBeEnabled());
}

describe('birthday e-mail settings', { timeout: 60_000 }, () => {
  signInToMarketingForEachTest(mocks);

  it('opens the saved HTML in the editor, then saves active with sender, subject, hour and the design', async () => {
    const puts = serve((body) => ({ body: { data: { ...SAVED, ...(body as object), updatedAt: 'x' } } }));
    const user = userEvent.setup();
    renderMarketing('aniversariantes/configurar');
    await opened();
    // no design: the editor opens the saved HTML
    expect(screen.getByTestId('grapes')).toHaveAttribute('data-design', '');
    expect(screen.getByTestId('grapes')).toHaveAttribute('data-html', '<p>Parabéns</p>');
    expect(screen.getByRole('switch', { name: BIRTHDAY_TEXTS.active })).not.toBeChecked();
    expect(screen.getByText(BIRTHDAY_TEXTS.timeZone)).toBeInTheDocument();
    expect(screen.getByLabelText(BIRTHDAY_TEXTS.hour)).toHaveAccessibleDescription(BIRTHDAY_TEXTS.timeZone);

    await user.click(screen.getByRole('switch', { name: BIRTHDAY_TEXTS.active }));
    await user.click(screen.getByLabelText(SHOT_TEXTS.sender));
    await user.click(await screen.findByTitle('Gabinete <gabinete@mandato.test>'));
    await user.click(screen.getByLabelText(BIRTHDAY_TEXTS.hour));
    await user.click(await screen.findByTitle('07:00'));
    const subject = screen.getByLabelText(SHOT_TEXTS.subject);
    await user.clear(subject);
    await user.type(subject, 'Feliz aniversário, ');
    await user.click(screen.getByRole('button', { name: SHOT_TEXTS.mergeTags }));
    await user.click(await screen.findByText(/\{\{primeiro_nome\}\}/));
    await user.click(saveButton());

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      active: true,
      senderCode: 5,
      subject: 'Feliz aniversário, {{primeiro_nome}}',
      htmlContent: EDITED,
      jsonContent: DESIGN,
      sendHour: 7,
    });
    expect(mocks.notifyError).not.toHaveBeenCalled();
  });

  it("offers the mandate's birthday design: it replaces the editor's content (issue 40)", async () => {
    serve(() => ({ body: { data: SAVED } }));
    const user = userEvent.setup();
    renderMarketing('aniversariantes/configurar');
    await opened();
    const use = screen.getByRole('button', { name: EMAIL_START_TEXTS.useBirthday });
    expect(use).toHaveAccessibleDescription(EMAIL_START_TEXTS.useBirthdayHint);
    await user.click(use);
    const birthday = EMAIL_STARTERS.find((s) => s.key === 'birthday');
    expect(screen.getByTestId('grapes')).toHaveAttribute('data-loaded-html', birthday?.html);
    // the subject written stays
    expect(screen.getByLabelText(SHOT_TEXTS.subject)).toHaveValue('Parabéns!');
  });

  it('active with no sender: the field says so and nothing is sent', async () => {
    const puts = serve(() => ({ body: { data: SAVED } }));
    const user = userEvent.setup();
    renderMarketing('aniversariantes/configurar');
    await opened();
    await user.click(screen.getByRole('switch', { name: BIRTHDAY_TEXTS.active }));
    await user.click(saveButton());
    expect(await screen.findByText(SHOT_TEXTS.senderNotActive)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it("the server's field errors land on their fields (an unknown key on the subject), the form kept", async () => {
    const puts = serve(() => ({
      status: 400,
      body: {
        message: BIRTHDAY_TEXTS.saveError,
        errors: {
          senderCode: [SHOT_TEXTS.senderNotActive],
          sendHour: [BIRTHDAY_TEXTS.sendHour],
          __proto__x: ['Campo não permitido'],
        },
      },
    }));
    const user = userEvent.setup();
    renderMarketing('aniversariantes/configurar');
    await opened();
    await user.click(screen.getByRole('switch', { name: BIRTHDAY_TEXTS.active }));
    await user.click(screen.getByLabelText(SHOT_TEXTS.sender));
    await user.click(await screen.findByTitle('Gabinete <gabinete@mandato.test>'));
    await user.click(saveButton());

    const senderItem = (await screen.findByText(SHOT_TEXTS.senderNotActive)).closest('.ant-form-item');
    expect(senderItem && within(senderItem as HTMLElement).getByLabelText(SHOT_TEXTS.sender)).toBeTruthy();
    const hourItem = screen.getByText(BIRTHDAY_TEXTS.sendHour).closest('.ant-form-item') as HTMLElement;
    expect(within(hourItem).getByLabelText(BIRTHDAY_TEXTS.hour)).toBeInTheDocument();
    const subjectItem = screen.getByText('Campo não permitido').closest('.ant-form-item') as HTMLElement;
    expect(within(subjectItem).getByLabelText(SHOT_TEXTS.subject)).toHaveValue('Parabéns!');
    expect(puts).toHaveLength(1);
    expect(screen.getByRole('switch', { name: BIRTHDAY_TEXTS.active })).toBeChecked();
  });

  it('a setting that cannot be read shows the error, no form', async () => {
    answerMkt(mocks, { 'GET /mkt/emails/birthday': () => ({ status: 500, body: { message: 'x' } }) });
    renderMarketing('aniversariantes/configurar');
    expect(await screen.findByText(BIRTHDAY_TEXTS.loadError)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BIRTHDAY_TEXTS.save })).not.toBeInTheDocument();
  });
});
