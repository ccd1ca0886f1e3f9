import {
  BIRTHDAY_TEXTS,
  SHOT_REPORTS,
  SHOT_SCREEN_TEXTS,
  SHOT_TEXTS,
  SMS_SHOT_REPORTS,
  SMS_TEXTS,
} from '@mandato/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callLines } from '../../../test/apiMock.ts';
import { answerMkt, renderMarketing, shotOf, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));
/** the machine is shared: a screen may take more than the default second to answer */
const slow = { timeout: 15_000 };

const sent = shotOf({
  code: 12,
  status: 'SENT',
  subject: 'Prestação de contas',
  totalContacts: 8,
  totalDelivered: 6,
  totalOpened: 3,
  totalClicked: 1,
  startDate: '2026-11-21T12:30:00.000Z',
});
const report =
  (rows: { contact: string; message: string }[], count = rows.length, listed = count) =>
  () => ({
    body: {
      data: {
        count,
        listed,
        receivers: '',
        list: rows.map((r) => ({ ...r, at: '2026-11-21T12:31:00.000Z' })),
      },
    },
  });

describe('shot details', { timeout: 30_000 }, () => {
  signInToMarketingForEachTest(mocks);

  it('shows the shot with its percentages and the seven tabs in order, each with its total and table', async () => {
    const user = userEvent.setup();
    answerMkt(mocks, {
      'GET /mkt/emails/campaign/12': () => ({ body: { data: sent } }),
      'GET /mkt/emails/campaign/12/reports/processed': report([
        { contact: 'ana@exemplo.com.br', message: 'Processado' },
        { contact: 'bia@exemplo.com.br', message: 'Processado' },
      ]),
      'GET /mkt/emails/campaign/12/reports/dropped': report([
        { contact: 'caio@exemplo.com.br', message: SHOT_TEXTS.droppedOptOut },
      ]),
    });
    renderMarketing('detalhes-envio/EMAIL/12');
    expect(await screen.findByText('Prestação de contas', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('Apoiadores (8 contatos)')).toBeInTheDocument();
    // spec 3 §9: 6 of 8 delivered, 3 of 6 opened, 1 of 3 clicked
    const percent = (title: string) =>
      [...document.querySelectorAll('.ant-statistic')]
        .find((s) => s.querySelector('.ant-statistic-title')?.textContent === title)
        ?.querySelector('.ant-statistic-content')?.textContent;
    expect(percent('Entregues dos contatos')).toBe('75,0%');
    expect(percent('Abertos dos entregues')).toBe('50,0%');
    expect(percent('Cliques dos abertos')).toBe('33,3%');

    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(Object.values(SHOT_REPORTS));
    expect(await screen.findByText('Total: 2', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('ana@exemplo.com.br')).toBeInTheDocument();
    expect(callLines(mocks)).toContain(
      'GET /api/mkt/emails/campaign/12/reports/processed?page=1&itemsPerPage=50',
    );

    await user.click(screen.getByRole('tab', { name: 'Descartados' }));
    const dropped = await screen.findByText('caio@exemplo.com.br', undefined, slow);
    expect(
      within(dropped.closest('tr') as HTMLElement).getByText(SHOT_TEXTS.droppedOptOut),
    ).toBeInTheDocument();
    expect(screen.getByText('Total: 1')).toBeInTheDocument();
  });

  it('a tab with more than a page pages on the server', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 50 }, (_, i) => ({
      contact: `p${i}@exemplo.com.br`,
      message: 'Entregue',
    }));
    answerMkt(mocks, {
      'GET /mkt/emails/campaign/12': () => ({ body: { data: sent } }),
      'GET /mkt/emails/campaign/12/reports/processed': (url) =>
        report(
          url.searchParams.get('page') === '2'
            ? [{ contact: 'ultimo@exemplo.com.br', message: 'Entregue' }]
            : rows,
          51,
        )(),
    });
    renderMarketing('detalhes-envio/EMAIL/12');
    expect(await screen.findByText('Total: 51', undefined, slow)).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('ultimo@exemplo.com.br', undefined, slow)).toBeInTheDocument();
    expect(callLines(mocks)).toContain(
      'GET /api/mkt/emails/campaign/12/reports/processed?page=2&itemsPerPage=50',
    );
  });

  it('a tab with contacts the user does not see: the whole total, a note, and pages over the visible', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 50 }, (_, i) => ({
      contact: `meu${i}@exemplo.com.br`,
      message: 'Entregue',
    }));
    answerMkt(mocks, {
      'GET /mkt/emails/campaign/12': () => ({ body: { data: sent } }),
      'GET /mkt/emails/campaign/12/reports/processed': (url) =>
        report(
          url.searchParams.get('page') === '2'
            ? [{ contact: 'meu-ultimo@exemplo.com.br', message: 'Entregue' }]
            : rows,
          120,
          51,
        )(),
    });
    renderMarketing('detalhes-envio/EMAIL/12');
    expect(await screen.findByText('Total: 120', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText(SHOT_SCREEN_TEXTS.hiddenReceivers(69))).toBeInTheDocument();
    // two pages of the 51 listed, not three of the 120 counted
    expect(screen.getByTitle('2')).toBeInTheDocument();
    expect(screen.queryByTitle('3')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('meu-ultimo@exemplo.com.br', undefined, slow)).toBeInTheDocument();
  });

  it("an unknown shot, a code that is no number or a type that is no channel: 'Conteúdo não encontrado'", async () => {
    answerMkt(mocks, {});
    const missing = renderMarketing('detalhes-envio/EMAIL/404');
    expect(await screen.findByText(SHOT_TEXTS.notFound, undefined, slow)).toBeInTheDocument();
    expect(callLines(mocks)).toContain('GET /api/mkt/emails/campaign/404');
    missing.unmount();

    for (const path of [
      'detalhes-envio/EMAIL/abc',
      'detalhes-envio/EMAIL/1e3',
      'detalhes-envio/PUSH/12',
      'detalhes-envio/EMAIL/99999999999999999999',
    ]) {
      mocks.fetch.mockClear();
      const view = renderMarketing(path);
      expect(await screen.findByText(SHOT_TEXTS.notFound, undefined, slow)).toBeInTheDocument();
      expect(callLines(mocks).filter((l) => l.includes('/campaign'))).toEqual([]);
      view.unmount();
    }
  });

  it("an SMS shot: its message, delivered over contacts, the five SMS tabs in order with numbers as '+55 (DD) 9XXXX-XXXX'", async () => {
    const user = userEvent.setup();
    const sms = shotOf({
      code: 21,
      type: 'SMS',
      status: 'SENDING',
      subject: null,
      htmlContent: null,
      sender: null,
      content: 'Olá {{primeiro_nome}}, audiência amanhã às 19h',
      smsParts: 1,
      totalContacts: 8,
      totalDelivered: 2,
      pausedUntil: '2026-11-22T11:00:00.000Z',
    });
    answerMkt(mocks, {
      'GET /mkt/sms/campaign/21': () => ({ body: { data: sms } }),
      'GET /mkt/sms/campaign/21/reports/processed': report([
        { contact: '5561999998888', message: 'Enviado' },
        { contact: '5511987654321', message: 'Enviado' },
      ]),
      'GET /mkt/sms/campaign/21/reports/failed': report([
        { contact: '5561912345678', message: 'Número inexistente' },
      ]),
      'GET /mkt/sms/campaign/21/reports/dropped': report([
        { contact: '556133334444', message: SMS_TEXTS.droppedLandline },
      ]),
    });
    renderMarketing('detalhes-envio/SMS/21');
    expect(
      await screen.findByText('Olá {{primeiro_nome}}, audiência amanhã às 19h', undefined, slow),
    ).toBeInTheDocument();
    expect(screen.getByText(SMS_TEXTS.paused('22/11 08:00'))).toBeInTheDocument();
    expect(screen.queryByText(SHOT_TEXTS.sender)).not.toBeInTheDocument();
    const titles = [...document.querySelectorAll('.ant-statistic-title')].map((t) => t.textContent);
    expect(titles).toEqual(['Entregues dos contatos']);
    expect(document.querySelector('.ant-statistic-content')?.textContent).toBe('25,0%');

    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(Object.values(SMS_SHOT_REPORTS));
    expect(await screen.findByText('Total: 2', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('+55 (61) 99999-8888')).toBeInTheDocument();
    expect(screen.getByText('+55 (11) 98765-4321')).toBeInTheDocument();
    expect(callLines(mocks)).toContain(
      'GET /api/mkt/sms/campaign/21/reports/processed?page=1&itemsPerPage=50',
    );

    await user.click(screen.getByRole('tab', { name: 'Falharam' }));
    const failed = await screen.findByText('+55 (61) 91234-5678', undefined, slow);
    expect(within(failed.closest('tr') as HTMLElement).getByText('Número inexistente')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Descartados' }));
    // a landline is no mobile: shown as it came
    const dropped = await screen.findByText('556133334444', undefined, slow);
    expect(
      within(dropped.closest('tr') as HTMLElement).getByText(SMS_TEXTS.droppedLandline),
    ).toBeInTheDocument();
    expect(
      callLines(mocks)
        .filter((l) => l.includes('/reports/'))
        .map((l) => l.split('?')[0]),
    ).toEqual([
      'GET /api/mkt/sms/campaign/21/reports/processed',
      'GET /api/mkt/sms/campaign/21/reports/failed',
      'GET /api/mkt/sms/campaign/21/reports/dropped',
    ]);
    expect(callLines(mocks).some((l) => l.includes('/emails/'))).toBe(false);
  });

  it('an SMS route showing an e-mail shot is not found', async () => {
    answerMkt(mocks, { 'GET /mkt/sms/campaign/12': () => ({ body: { data: sent } }) });
    renderMarketing('detalhes-envio/SMS/12');
    expect(await screen.findByText(SHOT_TEXTS.notFound, undefined, slow)).toBeInTheDocument();
  });

  it('aniversariantes lists the birthday shots from ?birthday=true, each linking to its details, and opens the setting', async () => {
    const user = userEvent.setup();
    const day = shotOf({
      code: 13,
      status: 'SENT',
      subject: 'Feliz aniversário!',
      birthday: true,
      totalContacts: 2,
      totalDelivered: 2,
      destination: { segment: { code: 0, name: BIRTHDAY_TEXTS.destination, query: null, type: 'PERSON' } },
    });
    const queries: URLSearchParams[] = [];
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': (url) => {
        queries.push(url.searchParams);
        return { body: { data: { list: [day], total: 1 } } };
      },
    });
    renderMarketing('detalhes-envio/EMAIL/aniversariantes');
    const item = await screen.findByRole('article', { name: 'Feliz aniversário!' }, slow);
    // the server lists them (the sent list no longer holds them)
    expect(queries[0]?.get('birthday')).toBe('true');
    expect(queries[0]?.get('status')).toBe('SENDING,SENT,ERROR');
    expect(within(item).getByText(BIRTHDAY_TEXTS.destination)).toBeInTheDocument();
    expect(within(item).getByText(SHOT_SCREEN_TEXTS.statusPanel)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Feliz aniversário!' })).toHaveAttribute(
      'href',
      '/demo/marketing/detalhes-envio/EMAIL/13',
    );

    await user.click(screen.getByRole('button', { name: BIRTHDAY_TEXTS.configure }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/aniversariantes/configurar');
  });

  it("aniversariantes with no birthday shot yet: the empty state and the setting's button", async () => {
    answerMkt(mocks, { 'GET /mkt/emails/campaign': () => ({ body: { data: { list: [], total: 0 } } }) });
    renderMarketing('detalhes-envio/EMAIL/aniversariantes');
    expect(await screen.findByText(SHOT_TEXTS.emptyList, undefined, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BIRTHDAY_TEXTS.configure })).toBeInTheDocument();
  });
});
