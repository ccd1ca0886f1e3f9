import { SMS_TEXTS, type SmsSettingsAnswer } from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule } from '../../../test/apiMock.ts';
import { answerMkt, renderMarketing, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const T = SMS_TEXTS;
const SAVED: SmsSettingsAnswer = {
  senderIdentification: 'Gab. Ana',
  quietHours: '22-7',
  defaultQuietHours: '21-8',
};

function serve(saved: SmsSettingsAnswer, put: (body: unknown) => { status?: number; body: unknown }) {
  const puts: unknown[] = [];
  answerMkt(mocks, {
    'GET /mkt/sms/settings': () => ({ body: { data: saved } }),
    'PUT /mkt/sms/settings': (_url, body) => {
      puts.push(body);
      return put(body);
    },
  });
  return puts;
}

const identification = () => screen.getByLabelText(T.identification);
/** The save button (by its text: while saving, antd adds a 'loading' icon to its name). */
const saveButton = () =>
  screen.getByText(T.save, { selector: 'button > span' }).closest('button') as HTMLElement;
/** An hour of the select just opened (an earlier select keeps its options in the page). */
const hour = async (label: string) => (await screen.findAllByTitle(label)).at(-1) as HTMLElement;
const itemOf = (text: string) => screen.getByText(text).closest('.ant-form-item') as HTMLElement;

describe('SMS settings', { timeout: 60_000 }, () => {
  signInToMarketingForEachTest(mocks);

  it('opens the saved values (custom 22 to 7) and saves the identification with no quiet hours', async () => {
    const puts = serve(SAVED, (body) => ({ body: { data: { ...SAVED, ...(body as object) } } }));
    const user = userEvent.setup();
    renderMarketing('disparos/sms/configuracoes');
    expect(await screen.findByLabelText(T.identification, undefined, { timeout: 20_000 })).toHaveValue(
      'Gab. Ana',
    );
    expect(identification()).toHaveAccessibleDescription(new RegExp(T.identificationHint));
    expect(screen.getByRole('radio', { name: T.quietHoursCustom })).toBeChecked();
    expect(screen.getByRole('radio', { name: T.quietHoursDefault('das 21:00 às 08:00') })).not.toBeChecked();
    expect(screen.getByLabelText(T.quietStart).closest('.ant-select')).toHaveTextContent('22:00');
    expect(screen.getByLabelText(T.quietEnd).closest('.ant-select')).toHaveTextContent('07:00');

    await user.clear(identification());
    await user.type(identification(), 'Vereadora Ana');
    await user.click(screen.getByRole('radio', { name: T.quietHoursOff }));
    expect(screen.queryByLabelText(T.quietStart)).not.toBeInTheDocument();
    await user.click(saveButton());

    await waitFor(() => expect(puts).toEqual([{ senderIdentification: 'Vereadora Ana', quietHours: 'off' }]));
    expect(await screen.findByText(T.settingsSaved)).toBeInTheDocument();
  });

  it("a first setting: the server's default, or custom hours as 'H-H'", async () => {
    const first: SmsSettingsAnswer = {
      senderIdentification: null,
      quietHours: null,
      defaultQuietHours: '21-8',
    };
    const puts = serve(first, (body) => ({ body: { data: { ...first, ...(body as object) } } }));
    const user = userEvent.setup();
    renderMarketing('disparos/sms/configuracoes');
    await user.type(
      await screen.findByLabelText(T.identification, undefined, { timeout: 20_000 }),
      'Gab. Ana',
    );
    expect(screen.getByRole('radio', { name: T.quietHoursDefault('das 21:00 às 08:00') })).toBeChecked();
    await user.click(saveButton());
    await waitFor(() => expect(puts).toEqual([{ senderIdentification: 'Gab. Ana', quietHours: null }]));
    await waitFor(() => expect(saveButton()).not.toHaveClass('ant-btn-loading'));

    await user.click(screen.getByRole('radio', { name: T.quietHoursCustom }));
    await user.click(screen.getByLabelText(T.quietStart));
    await user.click(await hour('20:00'));
    await user.click(saveButton());
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ senderIdentification: 'Gab. Ana', quietHours: '20-8' });
  });

  it('refuses an empty or too long identification and equal hours, sending nothing', async () => {
    const puts = serve(SAVED, () => ({ body: { data: SAVED } }));
    const user = userEvent.setup();
    renderMarketing('disparos/sms/configuracoes');
    await user.clear(await screen.findByLabelText(T.identification, undefined, { timeout: 20_000 }));
    await user.click(saveButton());
    expect(await screen.findByText(T.identificationRequired)).toBeInTheDocument();

    await user.type(identification(), 'x'.repeat(31));
    expect(await screen.findByText(T.identificationTooLong)).toBeInTheDocument();
    await user.clear(identification());
    await user.type(identification(), 'Gab. Ana');

    await user.click(screen.getByLabelText(T.quietEnd));
    await user.click(await hour('22:00'));
    await user.click(saveButton());
    expect(await screen.findByText(T.quietHoursSame)).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it("the server's refusal lands on its fields; the form is kept", async () => {
    const puts = serve(SAVED, () => ({
      status: 400,
      body: {
        message: T.settingsSaveError,
        errors: { senderIdentification: [T.identificationTooLong], quietHours: [T.invalidQuietHours] },
      },
    }));
    const user = userEvent.setup();
    renderMarketing('disparos/sms/configuracoes');
    await user.type(await screen.findByLabelText(T.identification, undefined, { timeout: 20_000 }), '!');
    await user.click(saveButton());
    expect(await screen.findByText(T.identificationTooLong)).toBeInTheDocument();
    expect(within(itemOf(T.identificationTooLong)).getByLabelText(T.identification)).toHaveValue('Gab. Ana!');
    expect(within(itemOf(T.invalidQuietHours)).getByRole('radiogroup')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(screen.queryByText(T.settingsSaved)).not.toBeInTheDocument();
  });

  it("the SMS menu group's 'Configurações de SMS' opens the screen", async () => {
    serve(SAVED, () => ({ body: { data: SAVED } }));
    const user = userEvent.setup();
    renderMarketing('disparos/sms/enviados');
    const nav = await screen.findByRole('navigation', { name: 'Menu de disparos' }, { timeout: 20_000 });
    await user.click(within(nav).getByRole('menuitem', { name: T.settingsTitle }));
    expect(await screen.findByLabelText(T.identification)).toHaveValue('Gab. Ana');
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/disparos/sms/configuracoes');
  });

  it('settings that cannot be read: the error, no form', async () => {
    answerMkt(mocks, { 'GET /mkt/sms/settings': () => ({ status: 500, body: { message: 'x' } }) });
    renderMarketing('disparos/sms/configuracoes');
    expect(await screen.findByText(T.settingsLoadError, undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText(T.save)).not.toBeInTheDocument();
  });
});
