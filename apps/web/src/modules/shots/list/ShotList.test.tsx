import { SHOT_TEXTS, type ShotStatus } from '@mandato/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiMocks, apiModule, callLines } from '../../../test/apiMock.ts';
import { answerMkt, renderMarketing, shotOf, signInToMarketingForEachTest } from '../test/shotsTestKit.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../../platform/api/api.ts', () => apiModule(mocks));
// the editor is another screen (and GrapesJS): these tests only see that it is opened
vi.mock('../editor/ShotEditorPage.tsx', () => ({ ShotEditorPage: () => <p>Editor do envio</p> }));
/** the machine is shared: a screen may take more than the default second to answer */
const slow = { timeout: 15_000 };

const list = (shots: unknown[]) => () => ({ body: { data: { list: shots, total: shots.length } } });
const outbox = (inUse: boolean) => () => ({ body: { data: { inUse, list: [], total: 0 } } });
const item = (subject: string) => screen.getByRole('article', { name: subject });
const buttonsOf = (subject: string) =>
  within(item(subject))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('shot lists', { timeout: 30_000 }, () => {
  signInToMarketingForEachTest(mocks);

  it('the default view loads the sent e-mails (spec 3 §7.1 query) and shows each item with its panels', async () => {
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([
        shotOf({
          code: 3,
          status: 'SENT',
          subject: 'Convite para a audiência',
          totalContacts: 200,
          totalDelivered: 150,
          totalOpened: 50,
          totalClicked: 10,
          startDate: '2026-11-21T12:30:00.000Z',
        }),
      ]),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos');
    const shot = await screen.findByRole('article', { name: 'Convite para a audiência' }, slow);
    expect(within(shot).getByText('Enviado')).toBeInTheDocument();
    expect(within(shot).getByText('21/11/2026 09:30')).toBeInTheDocument();
    // spec 3 §9: delivered over contacts, opened over delivered, clicked over opened
    expect(within(shot).getByText('Entregues: 75% dos contatos')).toBeInTheDocument();
    expect(within(shot).getByText('Abertos: 33,3% dos entregues')).toBeInTheDocument();
    expect(within(shot).getByText('Cliques: 20% dos abertos')).toBeInTheDocument();
    expect(within(shot).getByText('Apoiadores')).toBeInTheDocument();
    expect(within(shot).getAllByText('200 contatos').length).toBeGreaterThan(0);
    // no captured image: a small render of the design, not the subject again (issue 40)
    expect(within(shot).getAllByText('Convite para a audiência')).toHaveLength(1);
    const design = within(shot).getByTestId('shot-design-thumbnail');
    expect(design).toHaveAttribute('inert');
    const frame = design.querySelector('iframe');
    expect(frame).toHaveAttribute('title', 'Pré-visualização de Convite para a audiência');
    // the HTML the server sanitised, in a frame with no script and no same origin
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Olá</p>');
    const get = callLines(mocks).find((l) => l.startsWith('GET /api/mkt/emails/campaign'));
    expect(get).toBe(
      'GET /api/mkt/emails/campaign?status=SENDING%2CSENT%2CERROR&orderingCriteria=startDate&orderingAscending=false&page=1&itemsPerPage=100',
    );
    expect(screen.getByRole('link', { name: SHOT_TEXTS.birthdayLink })).toHaveAttribute(
      'href',
      '/demo/marketing/detalhes-envio/EMAIL/aniversariantes',
    );
    // the outbox is linked only when the embedded transport is in use
    expect(screen.queryByText('Caixa de saída')).not.toBeInTheDocument();
  });

  it('shows a captured image as the preview, and nothing else as an image', async () => {
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([
        shotOf({
          code: 1,
          status: 'SENT',
          subject: 'Com imagem',
          imagePreview: 'data:image/png;base64,iVBORw0KGgo=',
        }),
        shotOf({
          code: 2,
          status: 'SENT',
          subject: 'Svg',
          imagePreview: 'data:image/svg+xml;base64,PHN2Zz4=',
        }),
        shotOf({ code: 3, status: 'SENT', subject: 'Js', imagePreview: 'javascript:alert(1)' }),
        shotOf({ code: 4, status: 'SENT', subject: '<b>negrito</b>', htmlContent: null }),
      ]),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/enviados');
    expect(await screen.findByRole('img', { name: 'Pré-visualização de Com imagem' }, slow)).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getAllByRole('img').filter((i) => i.tagName === 'IMG')).toHaveLength(1);
    // an image that is not one: the design's render instead; no design: the subject, as text
    expect(within(item('Svg')).getByTestId('shot-design-thumbnail')).toBeInTheDocument();
    expect(within(item('<b>negrito</b>')).getAllByText('<b>negrito</b>')).toHaveLength(2);
  });

  it('a draft is named with its merge tags as their labels, never the raw tags (issue 40)', async () => {
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([
        shotOf({ code: 7, status: 'DRAFT', subject: 'Olá {{primeiro_nome}}, convite para {{data_atual}}' }),
      ]),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/rascunho');
    const draft = await screen.findByRole(
      'article',
      { name: 'Olá [Primeiro nome], convite para [Data atual]' },
      slow,
    );
    expect(within(draft).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Olá [Primeiro nome], convite para [Data atual]',
    );
    expect(
      within(draft).getByRole('button', { name: 'Clonar Olá [Primeiro nome], convite para [Data atual]' }),
    ).toBeInTheDocument();
    expect(draft).not.toHaveTextContent('{{');
  });

  it("a named shot is listed by its name, its subject said under it; a clone by '… (cópia)' (issue 40)", async () => {
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([
        shotOf({
          code: 8,
          status: 'DRAFT',
          name: 'Boletim de março (cópia)',
          subject: 'Olá {{primeiro_nome}}',
        }),
        shotOf({ code: 7, status: 'DRAFT', name: 'Boletim de março', subject: 'Olá {{primeiro_nome}}' }),
        shotOf({ code: 6, status: 'DRAFT', name: null, subject: 'Sem nome próprio' }),
      ]),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/rascunho');
    const clone = await screen.findByRole('article', { name: 'Boletim de março (cópia)' }, slow);
    expect(within(clone).getByRole('heading', { level: 3 })).toHaveTextContent('Boletim de março (cópia)');
    // the subject recipients get, unchanged, read under the name
    expect(within(clone).getByText('Assunto: Olá [Primeiro nome]')).toBeInTheDocument();
    expect(
      within(clone).getByRole('button', { name: 'Clonar Boletim de março (cópia)' }),
    ).toBeInTheDocument();
    expect(item('Boletim de março')).not.toBe(clone);
    // no name: the subject names it, as before, and is not said twice
    const plain = item('Sem nome próprio');
    expect(within(plain).queryByText(/^Assunto:/)).not.toBeInTheDocument();
  });

  it('while a shot is being sent the list reloads until it ends', { timeout: 60_000 }, async () => {
    let calls = 0;
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': () => {
        calls += 1;
        return list([shotOf({ code: 1, status: calls === 1 ? 'SENDING' : 'SENT', subject: 'Boletim' })])();
      },
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/enviados');
    expect(await screen.findByText('Enviando', undefined, slow)).toBeInTheDocument();
    // the reload comes 5 s after the first answer: wait for it, however long a loaded machine takes
    expect(await screen.findByText('Enviado', undefined, { timeout: 30_000 })).toBeInTheDocument();
    // more than one reload interval without a third call (a slower machine only waits longer)
    await new Promise((r) => setTimeout(r, 5500));
    expect(calls).toBe(2);
  });

  it('offers the row actions of the status (spec 3 §4)', async () => {
    const statuses: ShotStatus[] = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'ERROR'];
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list(
        statuses.map((status, i) => shotOf({ code: i + 1, status, subject: status })),
      ),
      'GET /mkt/outbox': outbox(true),
    });
    renderMarketing('disparos/email/rascunho');
    await screen.findByRole('article', { name: 'DRAFT' }, slow);
    expect(buttonsOf('DRAFT')).toEqual(['Editar', 'Remover', 'Clonar']);
    expect(buttonsOf('SCHEDULED')).toEqual(['Clonar', 'Cancelar agendamento']);
    expect(buttonsOf('SENDING')).toEqual(['Clonar']);
    expect(buttonsOf('SENT')).toEqual(['Clonar', 'Ver relatório']);
    expect(buttonsOf('ERROR')).toEqual(['Clonar', 'Ver relatório']);
    expect(screen.getByRole('button', { name: 'Editar DRAFT' })).toBeInTheDocument();
    expect(await screen.findByText('Caixa de saída', undefined, slow)).toBeInTheDocument();
  });

  it('edit opens the editor of the draft', async () => {
    const user = userEvent.setup();
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([
        shotOf({ code: 4, status: 'DRAFT', subject: 'Rascunho' }),
        shotOf({ code: 5, status: 'SENT', subject: 'Enviado' }),
      ]),
      'POST /mkt/emails/campaign/clone/5': () => ({ body: { data: shotOf({ code: 9, status: 'DRAFT' }) } }),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/enviados');
    await user.click(await screen.findByRole('button', { name: 'Editar Rascunho' }, slow));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/novo-envio/EMAIL/4');
    expect(await screen.findByText('Editor do envio', undefined, slow)).toBeInTheDocument();
  });

  it('clone: POST clone, the notice, then the editor of the new shot', async () => {
    const user = userEvent.setup();
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([shotOf({ code: 5, status: 'SENT', subject: 'Boletim' })]),
      'POST /mkt/emails/campaign/clone/5': () => ({ body: { data: shotOf({ code: 9, status: 'DRAFT' }) } }),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/enviados');
    await user.click(await screen.findByRole('button', { name: 'Clonar Boletim' }, slow));
    await waitFor(() =>
      expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/novo-envio/EMAIL/9'),
    );
    expect(await screen.findByText(SHOT_TEXTS.cloned, undefined, slow)).toBeInTheDocument();
  });

  it('report opens the details of the shot', async () => {
    const user = userEvent.setup();
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([
        shotOf({
          code: 5,
          status: 'ERROR',
          subject: 'Boletim',
          errorReason: 'Saldo insuficiente no momento do envio',
        }),
      ]),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/enviados');
    expect(
      await screen.findByText('Saldo insuficiente no momento do envio', undefined, slow),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver relatório Boletim' }));
    expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/detalhes-envio/EMAIL/5');
  });

  it('remove asks first, then DELETEs and reloads the list', async () => {
    const user = userEvent.setup();
    let shots = [shotOf({ code: 4, status: 'DRAFT', subject: 'Rascunho' })];
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': () => ({ body: { data: { list: shots, total: shots.length } } }),
      'DELETE /mkt/emails/campaign/4': () => {
        shots = [];
        return { body: { data: { code: 4 } } };
      },
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/rascunho');
    await user.click(await screen.findByRole('button', { name: 'Remover Rascunho' }, slow));
    expect(callLines(mocks).some((l) => l.startsWith('DELETE'))).toBe(false);
    expect(await screen.findByText(SHOT_TEXTS.removeConfirm, undefined, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(SHOT_TEXTS.emptyList, undefined, slow)).toBeInTheDocument();
    expect(callLines(mocks)).toContain('DELETE /api/mkt/emails/campaign/4');
    expect(await screen.findByText(SHOT_TEXTS.removed, undefined, slow)).toBeInTheDocument();
  });

  it('unschedule posts and says so', async () => {
    const user = userEvent.setup();
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': list([shotOf({ code: 6, status: 'SCHEDULED', subject: 'Agendado' })]),
      'POST /mkt/emails/campaign/unschedule/6': () => ({
        body: { data: shotOf({ code: 6, status: 'DRAFT' }) },
      }),
      'GET /mkt/outbox': outbox(false),
    });
    renderMarketing('disparos/email/agendados');
    await user.click(await screen.findByRole('button', { name: 'Cancelar agendamento Agendado' }, slow));
    expect(await screen.findByText(SHOT_TEXTS.unscheduled, undefined, slow)).toBeInTheDocument();
    expect(callLines(mocks)).toContain('POST /api/mkt/emails/campaign/unschedule/6');
  });

  it('a failed list shows the spec text; unknown views go to sent e-mails', async () => {
    answerMkt(mocks, {
      'GET /mkt/emails/campaign': () => ({ status: 500, body: { message: 'falhou' } }),
      'GET /mkt/outbox': outbox(false),
    });
    const view = renderMarketing('disparos/email/agendados');
    expect(await screen.findByText(SHOT_TEXTS.listError, {}, { timeout: 15_000 })).toBeInTheDocument();
    view.unmount();

    renderMarketing('disparos/__proto__/constructor');
    await waitFor(() =>
      expect(screen.getByLabelText('endereço')).toHaveTextContent('/demo/marketing/disparos/email/enviados'),
    );
  });
});
