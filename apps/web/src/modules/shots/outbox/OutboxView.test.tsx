import { SHOT_TEST_TEXTS } from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callLines, callOf } from '../../../test/apiMock.ts';
import { answerMkt, renderMarketing, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';
import { markOf } from './markOf.ts';
import { messageDocument } from './messageDocument.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));
/** the machine is shared: a screen may take more than the default second to answer */
const slow = { timeout: 15_000 };

const item = {
  id: 'm1',
  channel: 'EMAIL',
  shotCode: 12,
  to: 'ana@exemplo.com.br',
  from: 'Gabinete <gabinete@demo.mandato.app>',
  subject: 'Prestação de contas',
  createdAt: '2026-11-21T12:30:00.000Z',
  marked: null,
  test: false,
};
const html =
  '<html><head><title>x</title></head><body><a href="https://demo.mandato.app/t/c/abc">Ver</a><script>alert(1)</script></body></html>';

describe('messageDocument', () => {
  it('puts <base target="_blank"> first in the head, or before the body when there is none', () => {
    expect(messageDocument('<html><head lang="pt"><title>x</title></head></html>')).toBe(
      '<html><head lang="pt"><base target="_blank"><title>x</title></head></html>',
    );
    expect(messageDocument('<p>oi</p>')).toBe('<base target="_blank"><p>oi</p>');
    expect(messageDocument('<header>oi</header>')).toBe('<base target="_blank"><header>oi</header>');
  });
});

describe('markOf', () => {
  it('reads the known marks; none, an unknown or a prototype name reads as not marked', () => {
    expect(markOf({ marked: 'bounce' })).toBe('Devolvido');
    expect(markOf({ marked: 'failed' })).toBe('Falhou');
    expect(markOf({ marked: null })).toBe('Sem marcação');
    expect(markOf({ marked: 'opened' })).toBe('Sem marcação');
    expect(markOf({ marked: 'toString' })).toBe('Sem marcação');
  });
});

describe('outbox', { timeout: 30_000 }, () => {
  signInToMarketingForEachTest(mocks);

  it('lists the messages; one opens in a frame without scripts whose links open a new tab; the marks post', async () => {
    const user = userEvent.setup();
    let marked: string | null = null;
    answerMkt(mocks, {
      'GET /mkt/outbox': () => ({ body: { data: { inUse: true, list: [{ ...item, marked }], total: 1 } } }),
      'GET /mkt/outbox/m1': () => ({ body: { data: { ...item, marked, html, text: 'Ver', headers: {} } } }),
      'POST /mkt/outbox/m1/mark': (_url, body) => {
        marked = (body as { as: string }).as;
        return { body: { data: { id: 'm1', marked } } };
      },
    });
    renderMarketing('caixa-de-saida');
    await user.click(
      await screen.findByRole('button', { name: 'Abrir Prestação de contas para ana@exemplo.com.br' }, slow),
    );
    const frame = (await screen.findByTitle('Conteúdo da mensagem', undefined, slow)) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<head><base target="_blank"><title>x</title>');

    await user.click(screen.getByRole('button', { name: 'Marcar como devolvido' }));
    expect(await screen.findByText('Mensagem marcada', undefined, slow)).toBeInTheDocument();
    const markCall = callLines(mocks).indexOf('POST /api/mkt/outbox/m1/mark');
    expect(markCall).toBeGreaterThanOrEqual(0);
    expect(callOf(mocks, markCall).body).toEqual({ as: 'bounce' });
    await waitFor(() => expect(screen.getAllByText('Devolvido').length).toBeGreaterThan(0));
  });

  it("a test send's message says so and offers no mark (issue 40)", async () => {
    const user = userEvent.setup();
    const test = { ...item, id: 't1', subject: '[Teste] Prestação de contas', test: true };
    answerMkt(mocks, {
      'GET /mkt/outbox': () => ({ body: { data: { inUse: true, list: [test], total: 1 } } }),
      'GET /mkt/outbox/t1': () => ({ body: { data: { ...test, html, text: 'Ver', headers: {} } } }),
    });
    renderMarketing('caixa-de-saida');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Abrir [Teste] Prestação de contas para ana@exemplo.com.br' },
        slow,
      ),
    );
    expect(await screen.findByText(SHOT_TEST_TEXTS.testMessage, undefined, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como devolvido' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar como entregue' })).not.toBeInTheDocument();
  });

  it('the e-mails are asked for by channel; the switch shows the SMS, whose dialog marks delivered or failed and posts a reply', {
    timeout: 90_000,
  }, async () => {
    const user = userEvent.setup();
    const sms = {
      ...item,
      id: 's1',
      channel: 'SMS',
      to: '5561999998888',
      from: 'Gab. Ana',
      subject: 'SMS',
    };
    let marked: string | null = null;
    answerMkt(mocks, {
      'GET /mkt/outbox': (url) => {
        const channel = url.searchParams.get('channel');
        const list = channel === 'SMS' ? [{ ...sms, marked }] : channel === 'EMAIL' ? [item] : [];
        return { body: { data: { inUse: true, list, total: list.length } } };
      },
      'GET /mkt/outbox/s1': () => ({
        body: {
          data: {
            ...sms,
            marked,
            html: null,
            text: 'Gab. Ana: Olá Bia, audiência amanhã às 19h',
            headers: {},
          },
        },
      }),
      'POST /mkt/outbox/s1/mark': (_url, body) => {
        marked = (body as { as: string }).as;
        return { body: { data: { ...sms, marked } } };
      },
      'POST /mkt/outbox/s1/reply': () => ({ body: { data: { ...sms, marked: 'reply' } } }),
    });
    renderMarketing('caixa-de-saida');
    expect(
      await screen.findByRole('button', { name: 'Abrir Prestação de contas para ana@exemplo.com.br' }, slow),
    ).toBeInTheDocument();
    expect(callLines(mocks)).toContain('GET /api/mkt/outbox?channel=EMAIL&page=1&itemsPerPage=50');
    expect(screen.getByText(/^Mensagens enviadas sem servidor de e-mail\./)).toBeInTheDocument();

    const channels = screen.getByRole('radiogroup', { name: 'Canal da caixa de saída' });
    expect(within(channels).getByRole('radio', { name: 'E-mail' })).toBeChecked();
    await user.click(within(channels).getByText('SMS'));
    const open = await screen.findByRole('button', { name: 'Abrir SMS para +55 (61) 99999-8888' }, slow);
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/caixa-de-saida?canal=sms');
    expect(callLines(mocks)).toContain('GET /api/mkt/outbox?channel=SMS&page=1&itemsPerPage=50');
    // the SMS tab speaks of SMS, not of an e-mail server (issue 40)
    expect(screen.getByText(/^Mensagens enviadas sem provedor de SMS\./)).toBeInTheDocument();
    expect(screen.queryByText(/servidor de e-mail/)).toBeNull();
    await user.click(open);
    const dialog = await screen.findByRole('dialog', undefined, slow);
    expect(await within(dialog).findByRole('figure', undefined, slow)).toHaveTextContent(
      'Gab. Ana: Olá Bia, audiência amanhã às 19h',
    );
    expect(within(dialog).queryByTitle('Conteúdo da mensagem')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Marcar como devolvido' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Marcar como spam' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Marcar como falha' }));
    expect(await screen.findByText('Mensagem marcada', undefined, slow)).toBeInTheDocument();
    const markCall = callLines(mocks).indexOf('POST /api/mkt/outbox/s1/mark');
    expect(callOf(mocks, markCall).body).toEqual({ as: 'failed' });
    await waitFor(() => expect(within(dialog).getByText('Falhou')).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como entregue' }));
    await waitFor(() =>
      expect(callLines(mocks).filter((l) => l === 'POST /api/mkt/outbox/s1/mark')).toHaveLength(2),
    );
    expect(callOf(mocks, callLines(mocks).lastIndexOf('POST /api/mkt/outbox/s1/mark')).body).toEqual({
      as: 'delivered',
    });

    // the reply: nothing is sent while the field is blank; then the text, trimmed
    const reply = within(dialog).getByRole('textbox', { name: 'Simular resposta' });
    expect(reply).toHaveAttribute('placeholder', 'Texto da resposta (ex.: SAIR)');
    const send = within(dialog).getByRole('button', { name: 'Enviar resposta' });
    await user.type(reply, '   ');
    expect(send).toBeDisabled();
    await user.type(reply, 'SAIR {Enter}');
    expect(await screen.findByText('Resposta recebida', undefined, slow)).toBeInTheDocument();
    const replies = callLines(mocks)
      .map((l, i) => [l, i] as const)
      .filter(([l]) => l === 'POST /api/mkt/outbox/s1/reply');
    expect(replies).toHaveLength(1);
    expect(callOf(mocks, replies[0]?.[1] ?? -1).body).toEqual({ text: 'SAIR' });
    await waitFor(() => expect(reply).toHaveValue(''));
  });

  it('the empty outbox says so', async () => {
    answerMkt(mocks, { 'GET /mkt/outbox': () => ({ body: { data: { inUse: true, list: [], total: 0 } } }) });
    renderMarketing('caixa-de-saida');
    expect(
      await screen.findByText('Nenhuma mensagem na caixa de saída', undefined, slow),
    ).toBeInTheDocument();
  });
});
