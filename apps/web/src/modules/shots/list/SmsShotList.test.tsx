import { SHOT_SCREEN_TEXTS, SHOT_TEXTS, type ShotStatus, SMS_TEXTS } from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callLines } from '../../../test/apiMock.ts';
import { shotDayTime, shotTitle, smsNumber } from '../shotFormat.ts';
import { answerMkt, renderMarketing, shotOf, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));
// the editor is another screen: these tests only see that it is opened
vi.mock('../editor/ShotEditorPage.tsx', () => ({ ShotEditorPage: () => <p>Editor do envio</p> }));
/** the machine is shared: a screen may take more than the default second to answer */
const slow = { timeout: 15_000 };

const list = (shots: unknown[]) => () => ({ body: { data: { list: shots, total: shots.length } } });
const outbox = () => ({ body: { data: { inUse: true, list: [], total: 0 } } });
const smsOf = (over: Parameters<typeof shotOf>[0]) =>
  shotOf({ type: 'SMS', subject: null, htmlContent: null, sender: null, smsParts: 1, ...over });
const item = (name: string) => screen.getByRole('article', { name });
const buttonsOf = (name: string) =>
  within(item(name))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('SMS formats', () => {
  it("a number as '+55 (DD) 9XXXX-XXXX'; anything else as it came", () => {
    expect(smsNumber('5561999998888')).toBe('+55 (61) 99999-8888');
    expect(smsNumber('+5511987654321')).toBe('+55 (11) 98765-4321');
    expect(smsNumber('556133334444')).toBe('556133334444');
    expect(smsNumber('ana@exemplo.com.br')).toBe('ana@exemplo.com.br');
    expect(smsNumber('')).toBe('');
  });

  it("a pause's end as São Paulo 'dd/mm HH:mm'; nothing for none or a bad date", () => {
    expect(shotDayTime('2026-11-22T11:00:00.000Z')).toBe('22/11 08:00');
    expect(shotDayTime(null)).toBe('');
    expect(shotDayTime('amanhã')).toBe('');
  });

  it('an SMS is named by its message, merge tags as their labels, cut at 60 characters; none reads (sem mensagem)', () => {
    expect(shotTitle({ type: 'SMS', subject: 'x', content: ' Olá,\n{{primeiro_nome}}! ' })).toBe(
      'Olá, [Primeiro nome]!',
    );
    // its own name first, whole, merge tags as their labels (issue 40)
    expect(
      shotTitle({ type: 'SMS', subject: null, content: 'Oi', name: ' {{primeiro_nome}} (cópia) ' }),
    ).toBe('[Primeiro nome] (cópia)');
    expect(shotTitle({ type: 'EMAIL', subject: 'Assunto', content: null, name: 'Boletim' })).toBe('Boletim');
    expect(shotTitle({ type: 'EMAIL', subject: 'Assunto', content: null, name: null })).toBe('Assunto');
    const long = 'á'.repeat(100);
    expect(shotTitle({ type: 'SMS', subject: null, content: long })).toBe(`${'á'.repeat(59)}…`);
    expect(shotTitle({ type: 'SMS', subject: null, content: null })).toBe(SHOT_SCREEN_TEXTS.noContent);
    expect(shotTitle({ type: 'EMAIL', subject: 'Boletim', content: 'x' })).toBe('Boletim');
  });
});

describe('SMS lists', { timeout: 30_000 }, () => {
  signInToMarketingForEachTest(mocks);

  it('the sent SMS come from GET sms/campaign: the message in a phone bubble, delivered over contacts, a pause by the quiet hours', async () => {
    answerMkt(mocks, {
      'GET /mkt/sms/campaign': list([
        smsOf({
          code: 3,
          status: 'SENT',
          content: 'Audiência pública amanhã às 19h na Câmara',
          totalContacts: 200,
          totalDelivered: 150,
          startDate: '2026-11-21T12:30:00.000Z',
        }),
        smsOf({
          code: 4,
          status: 'SENDING',
          content: '<b>Mutirão</b> no sábado',
          totalContacts: 10,
          pausedUntil: '2026-11-22T11:00:00.000Z',
        }),
      ]),
      'GET /mkt/outbox': outbox,
    });
    renderMarketing('disparos/sms/enviados');
    const sent = await screen.findByRole(
      'article',
      { name: 'Audiência pública amanhã às 19h na Câmara' },
      slow,
    );
    const get = callLines(mocks).find((l) => l.startsWith('GET /api/mkt/sms/campaign'));
    expect(get).toBe(
      'GET /api/mkt/sms/campaign?status=SENDING%2CSENT%2CERROR&orderingCriteria=startDate&orderingAscending=false&page=1&itemsPerPage=100',
    );
    const bubble = within(sent).getByRole('figure', { name: SMS_TEXTS.phonePreview });
    expect(bubble).toHaveTextContent('Audiência pública amanhã às 19h na Câmara');
    expect(within(sent).getByText('Entregues: 75% dos contatos')).toBeInTheDocument();
    expect(within(sent).queryByText(/Abertos/)).not.toBeInTheDocument();
    expect(within(sent).queryByText(/Cliques/)).not.toBeInTheDocument();
    expect(within(sent).getByText('Apoiadores')).toBeInTheDocument();
    expect(within(sent).queryByText(/Remetente/)).not.toBeInTheDocument();
    expect(buttonsOf('Audiência pública amanhã às 19h na Câmara')).toEqual(['Clonar', 'Ver relatório']);

    // markup in a message is text, never HTML
    const paused = item('<b>Mutirão</b> no sábado');
    expect(within(paused).getByRole('figure')).toHaveTextContent('<b>Mutirão</b> no sábado');
    expect(paused.querySelector('b')).toBeNull();
    expect(within(paused).getByText(SMS_TEXTS.paused('22/11 08:00'))).toBeInTheDocument();
    expect(screen.queryByText(SMS_TEXTS.paused('')), 'only the paused shot says so').toBeNull();

    expect(screen.queryByRole('link', { name: SHOT_TEXTS.birthdayLink })).not.toBeInTheDocument();
  });

  it('a draft shows its merge tags as their labels, in the title and the bubble (issue 40)', async () => {
    answerMkt(mocks, {
      'GET /mkt/sms/campaign': list([
        smsOf({ code: 5, status: 'DRAFT', content: 'Olá {{primeiro_nome}}, reunião amanhã. {{email}}' }),
      ]),
      'GET /mkt/outbox': outbox,
    });
    renderMarketing('disparos/sms/rascunho');
    const draft = await screen.findByRole(
      'article',
      { name: 'Olá [Primeiro nome], reunião amanhã. [E-mail]' },
      slow,
    );
    expect(within(draft).getByRole('figure', { name: SMS_TEXTS.phonePreview })).toHaveTextContent(
      'Olá [Primeiro nome], reunião amanhã. [E-mail]',
    );
    expect(draft).not.toHaveTextContent('{{');
  });

  it("a clone is listed by its name '… (cópia)', its bubble the message sent, unchanged (issue 40)", async () => {
    answerMkt(mocks, {
      'GET /mkt/sms/campaign': list([
        smsOf({
          code: 6,
          status: 'DRAFT',
          name: 'Oi {{primeiro_nome}}, reuniao amanha. (cópia)',
          content: 'Oi {{primeiro_nome}}, reuniao amanha.',
        }),
      ]),
      'GET /mkt/outbox': outbox,
    });
    renderMarketing('disparos/sms/rascunho');
    const clone = await screen.findByRole(
      'article',
      { name: 'Oi [Primeiro nome], reuniao amanha. (cópia)' },
      slow,
    );
    const bubble = within(clone).getByRole('figure', { name: SMS_TEXTS.phonePreview });
    expect(bubble).toHaveTextContent('Oi [Primeiro nome], reuniao amanha.');
    expect(bubble).not.toHaveTextContent('cópia');
  });

  it('offers the row actions of the status (spec 3 §4) on SMS too', async () => {
    const statuses: ShotStatus[] = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'ERROR'];
    answerMkt(mocks, {
      'GET /mkt/sms/campaign': list(
        statuses.map((status, i) => smsOf({ code: i + 1, status, content: status })),
      ),
      'GET /mkt/outbox': outbox,
    });
    renderMarketing('disparos/sms/rascunho');
    await screen.findByRole('article', { name: 'DRAFT' }, slow);
    expect(callLines(mocks).find((l) => l.startsWith('GET /api/mkt/sms/campaign'))).toContain(
      'status=DRAFT&orderingCriteria=code',
    );
    expect(buttonsOf('DRAFT')).toEqual(['Editar', 'Remover', 'Clonar']);
    expect(buttonsOf('SCHEDULED')).toEqual(['Clonar', 'Cancelar agendamento']);
    expect(buttonsOf('SENDING')).toEqual(['Clonar']);
    expect(buttonsOf('SENT')).toEqual(['Clonar', 'Ver relatório']);
    expect(buttonsOf('ERROR')).toEqual(['Clonar', 'Ver relatório']);
  });

  it('clone, unschedule, remove and report call the SMS API and open the SMS screens', async () => {
    const user = userEvent.setup();
    let shots = [
      smsOf({ code: 4, status: 'DRAFT', content: 'Rascunho' }),
      smsOf({ code: 5, status: 'SENT', content: 'Enviado' }),
      smsOf({ code: 6, status: 'SCHEDULED', content: 'Agendado' }),
    ];
    answerMkt(mocks, {
      'GET /mkt/sms/campaign': () => ({ body: { data: { list: shots, total: shots.length } } }),
      'POST /mkt/sms/campaign/clone/5': () => ({ body: { data: smsOf({ code: 9, status: 'DRAFT' }) } }),
      'POST /mkt/sms/campaign/unschedule/6': () => ({ body: { data: smsOf({ code: 6, status: 'DRAFT' }) } }),
      'DELETE /mkt/sms/campaign/4': () => {
        shots = shots.filter((s) => s.code !== 4);
        return { body: { data: { code: 4 } } };
      },
      'GET /mkt/outbox': outbox,
    });
    const view = renderMarketing('disparos/sms/enviados');
    await user.click(await screen.findByRole('button', { name: 'Remover Rascunho' }, slow));
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(SHOT_SCREEN_TEXTS.smsRemoved, undefined, slow)).toBeInTheDocument();
    expect(callLines(mocks)).toContain('DELETE /api/mkt/sms/campaign/4');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rascunho' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Cancelar agendamento Agendado' }));
    expect(await screen.findByText(SHOT_TEXTS.unscheduled, undefined, slow)).toBeInTheDocument();
    expect(callLines(mocks)).toContain('POST /api/mkt/sms/campaign/unschedule/6');

    await user.click(screen.getByRole('button', { name: 'Ver relatório Enviado' }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/detalhes-envio/SMS/5');
    view.unmount();

    renderMarketing('disparos/sms/enviados');
    await user.click(await screen.findByRole('button', { name: 'Clonar Enviado' }, slow));
    await waitFor(() =>
      expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/novo-envio/SMS/9'),
    );
    expect(await screen.findByText(SHOT_SCREEN_TEXTS.smsCloned, undefined, slow)).toBeInTheDocument();
    expect(callLines(mocks).some((l) => l.includes('/emails/'))).toBe(false);
  });

  it('a failed SMS list shows the spec text; an empty one says so', async () => {
    answerMkt(mocks, {
      'GET /mkt/sms/campaign': () => ({ status: 500, body: { message: 'falhou' } }),
      'GET /mkt/outbox': outbox,
    });
    const view = renderMarketing('disparos/sms/agendados');
    expect(await screen.findByText(SHOT_TEXTS.listError, {}, slow)).toBeInTheDocument();
    view.unmount();
    answerMkt(mocks, { 'GET /mkt/sms/campaign': list([]), 'GET /mkt/outbox': outbox });
    renderMarketing('disparos/sms/agendados');
    expect(await screen.findByText(SHOT_TEXTS.emptyList, undefined, slow)).toBeInTheDocument();
  });
});
