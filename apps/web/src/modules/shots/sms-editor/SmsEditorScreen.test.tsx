import {
  ACCOUNT_TEXTS,
  MESSAGES,
  SHOT_TEXTS,
  type Shot,
  SMS_TEXTS,
  type SmsListInfo,
  scheduleFormValue,
} from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule } from '../../../test/apiMock.ts';
import { button, enabled } from '../test/buttons.ts';
import { answerMkt, renderMarketing, shotOf, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));

const SEGMENT = { code: 3, name: 'Apoiadores', type: 'PERSON', special: false };
/** 'Gab. Ana: ' — ten characters before every message */
const IDENTIFICATION = 'Gab. Ana';
const INFO: SmsListInfo = {
  total: 12,
  longest: { firstName: 20, lastName: 9, fullName: 40, email: 30 },
  sample: { firstName: 'Joana', lastName: 'Prado', fullName: 'Joana Prado', email: 'joana@exemplo.com' },
};

const smsShot = (over: Partial<Shot> = {}): Shot =>
  shotOf({
    code: 41,
    status: 'DRAFT',
    type: 'SMS',
    subject: null,
    content: 'Oi',
    htmlContent: null,
    sender: null,
    destination: { segment: { code: 3, name: 'Apoiadores', query: null, type: 'PERSON' } },
    smsParts: 1,
    ...over,
  });

type Answer = { status?: number; body: unknown };

/** The API as the SMS editor sees it; `over` replaces a call's answer. */
function serve({
  balance = 1000,
  identification = IDENTIFICATION as string | null,
  info = INFO,
  over = {},
}: {
  balance?: number;
  identification?: string | null;
  info?: SmsListInfo;
  over?: Record<string, (url: URL, body: unknown) => Answer>;
} = {}) {
  const bodies: Record<string, unknown[]> = {};
  const record =
    (key: string, answer: (url: URL, body: unknown) => Answer) =>
    (url: URL, body: unknown): Answer => {
      bodies[key] = [...(bodies[key] ?? []), body ?? url.search];
      return answer(url, body);
    };
  const handlers: Record<string, (url: URL, body: unknown) => Answer> = {
    'GET /segments/names': () => ({ body: { data: [SEGMENT] } }),
    'GET /mkt/accounts/balance/SMS': () => ({ body: { data: { type: 'SMS', balance } } }),
    'GET /mkt/sms/settings': () => ({
      body: { data: { senderIdentification: identification, quietHours: null, defaultQuietHours: '21-8' } },
    }),
    'GET /mkt/sms/list-info': () => ({ body: { data: info } }),
    'GET /mkt/sms/campaign/41': () => ({ body: { data: smsShot() } }),
    'POST /mkt/sms/campaign': () => ({ body: { data: smsShot() } }),
    'PUT /mkt/sms/campaign/41': () => ({ body: { data: smsShot() } }),
    'POST /mkt/sms/campaign/send/41': () => ({ body: { data: smsShot({ status: 'SENDING' }) } }),
    'POST /mkt/sms/campaign/schedule/41': () => ({ body: { data: smsShot({ status: 'SCHEDULED' }) } }),
    ...over,
  };
  answerMkt(
    mocks,
    Object.fromEntries(Object.entries(handlers).map(([key, answer]) => [key, record(key, answer)])),
  );
  return bodies;
}

const where = () => screen.getByLabelText('endereço').textContent;
const message = () => screen.getByLabelText(SMS_TEXTS.message) as HTMLTextAreaElement;
/** the counter's one line (issue 40) */
const counter = () => screen.getByTestId('sms-count');
/** Waits for the list's count, the settings and the balance. */
async function ready(total = INFO.total) {
  // the first screen of the file also loads the editor's chunk
  const slow = { timeout: 20_000 };
  expect(
    await screen.findByText(new RegExp(SHOT_TEXTS.contacts(total)), undefined, slow),
  ).toBeInTheDocument();
  await screen.findByTestId('balance-SMS');
  await screen.findByText(`${SMS_TEXTS.identification}: ${IDENTIFICATION} ·`, { exact: false });
}

describe('SMS editor', { timeout: 60_000 }, () => {
  // the lazy editor chunk, loaded once before the first test's clock starts
  beforeAll(() => import('../editor/ShotEditorPage.tsx'), 60_000);
  signInToMarketingForEachTest(mocks);

  it("counts the identification: 'ã' switches to UCS-2 (marked), the one-click fix brings GSM-7 back", async () => {
    serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    await ready();
    await user.type(message(), 'Oi, tudo bem?');
    // 'Gab. Ana: ' (10) + 13
    expect(counter()).toHaveTextContent(/^23 de 160 caracteres · 1 parte$/);
    expect(counter().closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(message()).toHaveAccessibleDescription('23 de 160 caracteres · 1 parte');

    await user.type(message(), ' Não');
    expect(counter()).toHaveTextContent(
      /^27 de 160 caracteres · 1 parte \(acentos ou emoji: 70 por parte\)$/,
    );
    const culprits = screen.getByRole('list', { name: SMS_TEXTS.ucs2Chars });
    expect(
      within(culprits)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['ã']);
    const preview = screen.getByTestId('sms-preview');
    expect(preview).toHaveTextContent('Gab. Ana: Oi, tudo bem? Não');
    expect(preview.querySelector('mark')).toHaveTextContent('ã');

    await user.click(button(SMS_TEXTS.fixToGsm));
    expect(message()).toHaveValue('Oi, tudo bem? Nao');
    expect(counter()).toHaveTextContent(/^27 de 160 caracteres · 1 parte$/);
    expect(screen.queryByRole('list', { name: SMS_TEXTS.ucs2Chars })).not.toBeInTheDocument();
    expect(screen.getByTestId('sms-preview').querySelector('mark')).toBeNull();
  });

  it('pasted decomposed accents and a backtick: the composed letters listed, the fix offered and GSM-7 after it (issue 39)', async () => {
    serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    await ready();
    await user.click(message());
    // 'Ação' as some phones write it: c + U+0327, a + U+0303
    await user.paste('Ac\u0327a\u0303o `ok`');
    // 'Gab. Ana: ' (10) + 'Ação `ok`' (9 once composed)
    expect(counter()).toHaveTextContent(
      /^19 de 160 caracteres · 1 parte \(acentos ou emoji: 70 por parte\)$/,
    );
    const culprits = screen.getByRole('list', { name: SMS_TEXTS.ucs2Chars });
    expect(
      within(culprits)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['ç', 'ã', '`']);
    expect(
      [...(screen.getByTestId('sms-preview').querySelectorAll('mark') ?? [])].map((m) => m.textContent),
    ).toEqual(['ç', 'ã', '`', '`']);

    await user.click(button(SMS_TEXTS.fixToGsm));
    expect(message()).toHaveValue("Acao 'ok'");
    expect(counter()).toHaveTextContent(/^19 de 160 caracteres · 1 parte$/);
    expect(screen.queryByRole('list', { name: SMS_TEXTS.ucs2Chars })).not.toBeInTheDocument();
  });

  it("a merge tag counts at the list's longest value; the preview fills it with the list's sample", async () => {
    serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    await ready();
    await user.type(message(), 'Oi ');
    await user.click(screen.getByRole('button', { name: SHOT_TEXTS.mergeTags }));
    await user.click(await screen.findByText('Primeiro nome {{primeiro_nome}}'));
    expect(message()).toHaveValue('Oi {{primeiro_nome}}');
    // 10 + 'Oi ' + the longest first name (20), not the tag's 17 characters
    expect(counter()).toHaveTextContent(/^33 de 160 caracteres · 1 parte$/);
    expect(screen.getByTestId('sms-preview')).toHaveTextContent('Gab. Ana: Oi Joana');
    expect(screen.getByText(SMS_TEXTS.creditsHint(12, 1), { exact: false })).toBeInTheDocument();
  });

  it('over 160 at the longest: the counter turns red, send, schedule and save are disabled', async () => {
    serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    await ready();
    await user.click(message());
    await user.paste('x'.repeat(150));
    expect(counter()).toHaveTextContent(/^160 de 160 caracteres · 1 parte$/);
    await enabled(SHOT_TEXTS.sendNow);
    await user.paste('y');
    expect(counter()).toHaveTextContent(/^Passou 1 caractere do limite$/);
    expect(counter()).toHaveClass('ant-typography-danger');
    await user.paste('z'.repeat(59));
    expect(counter()).toHaveTextContent(/^Passou 60 caracteres do limite$/);
    expect(screen.getByText(SMS_TEXTS.overLimit, { exact: false })).toBeInTheDocument();
    expect(button(SHOT_TEXTS.sendNow)).toBeDisabled();
    expect(button(SHOT_TEXTS.schedule)).toBeDisabled();
    expect(button(SHOT_TEXTS.saveDraft)).toBeDisabled();
  });

  it('saves a new draft with the list of ?segment=, then the same shot (POST, then PUT)', async () => {
    const bodies = serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    await ready();
    expect(bodies['GET /mkt/sms/list-info']).toEqual(['?segmentCode=3']);
    await user.type(message(), 'Vote dia 6');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));

    expect(await screen.findByText(SHOT_TEXTS.draftSaved)).toBeInTheDocument();
    expect(bodies['POST /mkt/sms/campaign']).toEqual([
      {
        content: 'Vote dia 6',
        totalContacts: 12,
        destination: { segment: { code: 3, name: 'Apoiadores', type: 'PERSON' } },
      },
    ]);
    await waitFor(() => expect(where()).toBe('/demo/marketing/novo-envio/SMS/41'));
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    await waitFor(() => expect(bodies['PUT /mkt/sms/campaign/41']).toHaveLength(1));
    expect(bodies['POST /mkt/sms/campaign']).toHaveLength(1);
  });

  it("the shot's name (only for the team) is edited apart from the message; its 400 lands on it (issue 40)", async () => {
    const bodies = serve({
      over: {
        'GET /mkt/sms/campaign/41': () => ({ body: { data: smsShot({ name: 'Lembrete (cópia)' }) } }),
      },
    });
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS/41');
    await ready();
    const name = screen.getByLabelText(SHOT_TEXTS.name);
    expect(name).toHaveValue('Lembrete (cópia)');
    expect(name).toHaveAccessibleDescription(SHOT_TEXTS.nameHint);
    expect(name).toHaveAttribute('maxlength', '120');
    await user.clear(name);
    await user.type(name, 'Lembrete da plenária');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    await waitFor(() => expect(bodies['PUT /mkt/sms/campaign/41']).toHaveLength(1));
    // the message recipients get is what it was
    expect(bodies['PUT /mkt/sms/campaign/41']?.[0]).toMatchObject({
      name: 'Lembrete da plenária',
      content: 'Oi',
    });

    serve({
      over: {
        'PUT /mkt/sms/campaign/41': () => ({
          status: 400,
          body: { message: MESSAGES.singleLine, errors: { name: [MESSAGES.singleLine] } },
        }),
      },
    });
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    const item = (await screen.findByText(MESSAGES.singleLine)).closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByLabelText(SHOT_TEXTS.name)).toBeInTheDocument();
  });

  it('no message and no list: both required, nothing sent', async () => {
    const bodies = serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS');
    await screen.findByTestId('balance-SMS');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(screen.getByText(SMS_TEXTS.contentRequired)).toBeInTheDocument();
    expect(bodies['POST /mkt/sms/campaign']).toBeUndefined();
  });

  it("409 'not configured': the notice links to the SMS settings", async () => {
    serve({
      over: { 'POST /mkt/sms/campaign': () => ({ status: 409, body: { message: SMS_TEXTS.notConfigured } }) },
    });
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    await ready();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(message(), 'Oi');
    await user.click(await enabled(SHOT_TEXTS.saveDraft));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SMS_TEXTS.notConfigured);
    await user.click(within(alert).getByRole('link', { name: SMS_TEXTS.settingsTitle }));
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/sms/configuracoes'));
  });

  it('a list the server cannot count: its reason instead of the count, nothing can be saved', async () => {
    serve({
      over: {
        'GET /mkt/sms/list-info': () => ({
          status: 400,
          body: { message: SHOT_TEXTS.emptySegment, errors: { destination: [SHOT_TEXTS.emptySegment] } },
        }),
      },
    });
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    expect(
      await screen.findByText(
        SHOT_TEXTS.emptySegment,
        { selector: '#sms-segment-count' },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    await user.type(message(), 'Oi');
    expect(button(SHOT_TEXTS.saveDraft)).toBeDisabled();
    expect(button(SHOT_TEXTS.sendNow)).toBeDisabled();
  });

  it('a tenant with no identification yet is told so before saving', async () => {
    serve({ identification: null });
    renderMarketing('novo-envio/SMS?segment=3');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SMS_TEXTS.notConfigured);
    expect(within(alert).getByRole('link', { name: SMS_TEXTS.settingsTitle })).toHaveAttribute(
      'href',
      '/demo/marketing/disparos/sms/configuracoes',
    );
  });

  it("the server's 400 on the message lands on the field", async () => {
    serve({
      over: {
        'PUT /mkt/sms/campaign/41': () => ({
          status: 400,
          body: { message: SMS_TEXTS.saveError, errors: { content: [SMS_TEXTS.contentTooLong] } },
        }),
      },
    });
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS/41');
    await ready();
    expect(message()).toHaveValue('Oi');
    await user.click(await enabled(SHOT_TEXTS.sendNow));
    const item = (await screen.findByText(SMS_TEXTS.contentTooLong)).closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByLabelText(SMS_TEXTS.message)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('send now: saves, confirms list, message and credits, sends and goes to the SMS list', async () => {
    const bodies = serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS/41');
    await ready();
    await user.click(await enabled(SHOT_TEXTS.sendNow));
    const modal = await screen.findByRole('dialog', { name: SHOT_TEXTS.confirmTitle });
    expect(bodies['PUT /mkt/sms/campaign/41']).toHaveLength(1);
    expect(within(modal).getByText('Apoiadores')).toBeInTheDocument();
    expect(within(modal).getByText('Oi')).toBeInTheDocument();
    expect(within(modal).getByText(SMS_TEXTS.creditsHint(12, 1))).toBeInTheDocument();
    await user.click(button(SHOT_TEXTS.sendNow, modal));
    expect(await screen.findByText(SHOT_TEXTS.sendingNow)).toBeInTheDocument();
    expect(bodies['POST /mkt/sms/campaign/send/41']).toHaveLength(1);
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/sms/enviados'));
  });

  it('schedule: the date form, then the confirm with the date, then the scheduled list', async () => {
    const bodies = serve();
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS/41');
    await ready();
    await user.click(await enabled(SHOT_TEXTS.schedule));
    const form = await screen.findByRole('dialog', { name: 'Agendar envio' });
    const day = scheduleFormValue(new Date(Date.now() + 10 * 86_400_000)).slice(0, 10);
    await user.type(
      within(form).getByLabelText(SHOT_TEXTS.scheduleDate),
      `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(0, 4)}`,
    );
    await user.type(within(form).getByLabelText(SHOT_TEXTS.scheduleHour), '1030');
    await user.click(button('Continuar', form));
    const modal = await screen.findByRole('dialog', { name: SHOT_TEXTS.confirmTitle });
    await user.click(button(SHOT_TEXTS.schedule, modal));
    expect(await screen.findByText(SHOT_TEXTS.scheduled)).toBeInTheDocument();
    expect(bodies['POST /mkt/sms/campaign/schedule/41']).toEqual([{ scheduleDate: `${day} 10:30` }]);
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/sms/agendados'));
  });

  it('credits are people × parts: a balance below them disables send, the draft still saves', async () => {
    serve({ balance: 20 });
    const user = userEvent.setup();
    renderMarketing('novo-envio/SMS?segment=3');
    await ready();
    await user.type(message(), 'Oi');
    await enabled(SHOT_TEXTS.sendNow);
    // 12 people × 2 parts = 24 credits > 20
    await user.paste('ç'.repeat(70));
    expect(counter()).toHaveTextContent(
      /^82 de 160 caracteres · 2 partes \(acentos ou emoji: 67 por parte\)$/,
    );
    expect(await screen.findByText(ACCOUNT_TEXTS.insufficientBalance)).toBeInTheDocument();
    expect(button(SHOT_TEXTS.sendNow)).toBeDisabled();
    expect(button(SHOT_TEXTS.saveDraft)).toBeEnabled();
  });

  it('a shot that is not a draft: the notice and back to its SMS list', async () => {
    serve({
      over: { 'GET /mkt/sms/campaign/41': () => ({ body: { data: smsShot({ status: 'SCHEDULED' }) } }) },
    });
    renderMarketing('novo-envio/SMS/41');
    expect(await screen.findByText(SHOT_TEXTS.notEditable)).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/demo/marketing/disparos/sms/agendados'));
  });

  it('an e-mail code or an unknown one: Conteúdo não encontrado', async () => {
    serve({ over: { 'GET /mkt/sms/campaign/41': () => ({ body: { data: smsShot({ type: 'EMAIL' }) } }) } });
    renderMarketing('novo-envio/SMS/41');
    expect(await screen.findByText(SHOT_TEXTS.notFound)).toBeInTheDocument();
  });
});
