import fs from 'node:fs';
import { SHOT_TEXTS, withMergeTagLabels } from '@mandato/domain';
import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { modal, pickOption, unique } from '../people-support.ts';
import { apiLogin, closeNotices, DEMO, login, notice } from '../support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-e2e';
const SENDER = 'Gabinete Mandato Demo';
const TARGET = 'https://exemplo.com.br/agenda-do-mandato';

interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  html: string | null;
}

/** The people to write to: the journeys' demo has no sample, so a list of three made here by the API. */
const PEOPLE = ['Ana Convidada', 'Bruno Convidado', 'Carla Convidada'];

async function listOfThree(request: APIRequestContext, tag: string): Promise<string> {
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  for (const name of PEOPLE) {
    const email = `${name.split(' ')[0]?.toLowerCase()}.${tag}@exemplo.com.br`;
    expect((await request.post('/api/people', { headers, data: { name, email } })).status()).toBe(200);
  }
  const name = `Boletim do mandato ${tag}`;
  const list = await request.post('/api/segments', {
    headers,
    data: {
      name,
      type: 'PERSON',
      expression: [{ units: [{ field: 'email', operator: 'CONTAINS', values: [`.${tag}@`] }] }],
    },
  });
  expect(list.status()).toBe(200);
  return name;
}

/** A shot of a list view, by its subject: a list names it with its merge tags as their labels (issue 40). */
const shotItem = (page: Page, subject: string) =>
  page.getByRole('article', { name: withMergeTagLabels(subject), exact: true });

/** Drags a GrapesJS block onto the canvas, at `y` px below the top of its body's content. */
async function dragBlock(page: Page, label: string, canvas: Locator, y: number) {
  const block = page.locator('.gjs-block').filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });
  // the views panel: styles, settings, layers, blocks (selecting a component opens the styles)
  const blocks = page.locator('.gjs-pn-views .gjs-pn-btn').nth(3);
  if (!(await blocks.evaluate((b) => b.classList.contains('gjs-pn-active')))) await blocks.click();
  await block.scrollIntoViewIfNeeded();
  const from = await block.boundingBox();
  const to = await canvas.boundingBox();
  if (!from || !to) throw new Error(`bloco ${label} ou área de edição fora da tela`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + 200, to.y + y, { steps: 12 });
  await page.mouse.move(to.x + 210, to.y + y + 5, { steps: 4 });
  await page.mouse.up();
}

/** The 'Total: n' of a details tab, after opening it. */
async function tabTotal(page: Page, tab: string): Promise<number> {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const total = page.getByRole('tabpanel', { name: tab }).getByText(/^Total: [\d.]+$/);
  await expect(total).toBeVisible();
  return Number(((await total.textContent()) ?? '').replace(/\D/g, ''));
}

async function totals(page: Page) {
  const out: Record<string, number> = {};
  for (const tab of ['Processados', 'Entregues', 'Abertos', 'Devolvidos', 'Não deseja receber']) {
    out[tab] = await tabTotal(page, tab);
  }
  return out;
}

/** Tomorrow in São Paulo as the schedule form takes it: dd/mm/aaaa. */
function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  const [y, m, d] = date.toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Opens an outbox message by its subject; the message as the API answered it. */
async function openMessage(page: Page, subject: string): Promise<OutboxMessage> {
  const answer = page.waitForResponse((r) => /\/api\/mkt\/outbox\/[^/?]+$/.test(r.url()));
  await page.getByRole('button', { name: new RegExp(`^Abrir ${subject} para `) }).click();
  const message = (await (await answer).json()).data as OutboxMessage;
  await expect(modal(page, subject)).toBeVisible();
  return message;
}

/** Marks the open message and closes its dialog. */
async function markAs(page: Page, dialog: Locator, button: string, shown: string) {
  const marked = page.waitForResponse((r) => /\/api\/mkt\/outbox\/[^/]+\/mark$/.test(r.url()));
  await dialog.getByRole('button', { name: button }).click();
  expect((await marked).status()).toBe(200);
  await expect(dialog.getByText(shown, { exact: true })).toBeVisible();
  await closeNotices(page);
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();
}

/** The canvas frame of the e-mail editor. */
const canvasOf = (page: Page): FrameLocator => page.frameLocator('iframe.gjs-frame');

test.describe('Marketing › Disparos de e-mail', () => {
  test('compose, save, clone, schedule and unschedule, send, preview in the outbox (not an open), unsubscribe, see the tabs move', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const tag = unique();
    const subject = `Convite {{primeiro_nome}} ${tag}`;
    // a list names a shot with its merge tags as their labels (issue 40)
    const title = `Convite [Primeiro nome] ${tag}`;
    // a clone is told apart from its source by its name, never by the subject it sends (issue 40)
    const copy = `${subject} (cópia)`;
    const LIST = await listOfThree(request, tag);
    await login(page);

    // the lists (sent e-mails first), then a new e-mail
    await page.goto('/demo/marketing');
    await expect(page).toHaveURL(/\/demo\/marketing\/disparos$/);
    await expect(page.getByRole('heading', { name: 'E-mail - Enviados' })).toBeVisible();
    await expectAccessible(page, 'envios de e-mail');
    await page.getByRole('button', { name: 'Enviar E-mail' }).click();
    await expect(page).toHaveURL(/\/demo\/marketing\/novo-envio\/EMAIL$/);
    await expect(page.getByRole('heading', { name: 'Novo envio de e-mail' })).toBeVisible();

    // sender, list (its reachable count) and a subject with a merge tag from the menu
    await page.getByLabel('Remetente', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: SENDER })
      .click();
    const counted = page.waitForResponse((r) => /\/api\/mkt\/emails\/list-info\?/.test(r.url()) && r.ok());
    await page.getByLabel('Lista de segmentação', { exact: true }).click();
    await pickOption(page, `${LIST} (Pessoas)`);
    await counted;
    const count = page.locator('#shot-segment-count');
    await expect(count).toHaveText(/^[\d.]+ contatos — Pessoas da lista/);
    const contacts = Number(((await count.textContent()) ?? '').split(' ')[0]?.replace(/\D/g, ''));
    expect(contacts).toBe(PEOPLE.length);
    const subjectInput = page.getByLabel('Assunto', { exact: true });
    await subjectInput.fill('Convite ');
    await page.getByRole('button', { name: 'Campos personalizados', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Primeiro nome {{primeiro_nome}}' }).click();
    await subjectInput.press('End');
    await subjectInput.pressSequentially(` ${tag}`);
    await expect(subjectInput).toHaveValue(subject);

    // the body: a text block (its words, a merge tag), a link block and an image by URL
    const canvasEl = page.locator('iframe.gjs-frame');
    await expect(canvasEl).toBeVisible();
    const canvas = canvasOf(page);
    await expect(page.locator('.gjs-block').first()).toBeVisible();
    await expectAccessible(page, 'editor de e-mail');
    // the editor speaks pt-BR: its blocks and what a dropped block starts with (issue 40)
    await dragBlock(page, 'Texto', canvasEl, 20);
    const text = canvas.locator('body [data-gjs-type="text"]').first();
    await expect(text).toContainText('Escreva aqui o seu texto');
    await text.dblclick();
    // the text toolbar: its merge-tag menu covers none of its buttons (issue 40), measured on screen
    const mergeMenu = page.getByRole('combobox', { name: 'Inserir campo personalizado' });
    await expect(mergeMenu).toBeVisible();
    const menuBox = await mergeMenu.boundingBox();
    for (const title of [
      'Negrito',
      'Itálico',
      'Sublinhado',
      'Tachado',
      'Link',
      'Envolver para aplicar estilo',
    ]) {
      const box = await page.locator(`.gjs-rte-action[title="${title}"]`).boundingBox();
      expect(box, title).not.toBeNull();
      if (!box || !menuBox) continue;
      const apart =
        box.x + box.width <= menuBox.x ||
        menuBox.x + menuBox.width <= box.x ||
        box.y + box.height <= menuBox.y ||
        menuBox.y + menuBox.height <= box.y;
      expect(apart, `o menu de campos cobre '${title}'`).toBe(true);
    }
    await text.press('ControlOrMeta+A');
    await text.pressSequentially('Olá, {{primeiro_nome}}! Venha à audiência pública.');
    await expect(text).toContainText('Olá, {{primeiro_nome}}! Venha à audiência pública.');

    await dragBlock(page, 'Link', canvasEl, 300);
    const link = canvas.locator('body a[data-gjs-type="link"]').first();
    await expect(link).toBeVisible();
    await link.click();
    await page.locator('.gjs-pn-views .gjs-pn-btn').nth(1).click();
    const href = page.getByPlaceholder('ex: https://google.com');
    await href.fill(TARGET);
    await href.press('Tab');
    await expect(link).toHaveAttribute('href', TARGET);

    await dragBlock(page, 'Imagem', canvasEl, 400);
    const assets = modal(page, 'Selecionar imagem');
    await expect(page.locator('.gjs-mdl-dialog')).toBeVisible();
    await page.getByPlaceholder('http://caminho/para/a/imagem.jpg').fill(`${baseURL}/icon.svg`);
    await page.getByRole('button', { name: 'Adicionar imagem' }).click();
    await page.locator('.gjs-am-asset').first().dblclick();
    await expect(page.locator('.gjs-mdl-dialog')).toBeHidden();
    void assets;
    await expect(canvas.locator('body img').first()).toHaveAttribute('src', `${baseURL}/icon.svg`);
    await page.screenshot({ path: `${SHOTS}/editor-1280.png`, fullPage: true });

    // save the draft: its URL gets the code
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/mkt/emails/campaign') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    expect((await created).status()).toBe(200);
    await expect(notice(page, SHOT_TEXTS.draftSaved)).toBeVisible();
    await expect(page).toHaveURL(/\/novo-envio\/EMAIL\/\d+$/);
    const code = Number(/\/(\d+)$/.exec(page.url())?.[1]);
    await closeNotices(page);
    expect(code).toBeGreaterThan(0);

    // the drafts list: clone it, the clone's editor opens
    await page.goto('/demo/marketing/disparos/email/rascunho');
    await expect(page.getByRole('heading', { name: 'E-mail - Rascunhos' })).toBeVisible();
    await expect(shotItem(page, subject)).toHaveCount(1);
    await expectAccessible(page, 'rascunhos de e-mail');
    await page.screenshot({ path: `${SHOTS}/drafts-1280.png`, fullPage: true });
    const cloned = page.waitForResponse((r) => /\/api\/mkt\/emails\/campaign\/clone\/\d+$/.test(r.url()));
    await shotItem(page, subject)
      .getByRole('button', { name: `Clonar ${title}` })
      .click();
    expect((await cloned).status()).toBe(200);
    await expect(page).toHaveURL(/\/novo-envio\/EMAIL\/\d+$/);
    const cloneCode = Number(/\/(\d+)$/.exec(page.url())?.[1]);
    expect(cloneCode).not.toBe(code);
    await expect(page.getByRole('heading', { name: 'Editar envio de e-mail' })).toBeVisible();
    await expect(page.getByLabel(SHOT_TEXTS.name, { exact: true })).toHaveValue(copy);
    await expect(subjectInput).toHaveValue(subject);
    await expect(canvas.getByText('Olá, {{primeiro_nome}}! Venha à audiência pública.')).toBeVisible();
    await expect(page.locator('#shot-segment-count')).toHaveText(/^3 contatos/);

    // schedule the clone for tomorrow 10:00, then unschedule it from the scheduled list
    await page.getByRole('button', { name: 'Agendar envio' }).click();
    const schedule = modal(page, 'Agendar envio');
    await expect(schedule).toBeVisible();
    await expectAccessible(page, 'agendar envio');
    await schedule.getByLabel('Data').fill(tomorrow());
    await schedule.getByLabel('Hora').fill('10:00');
    await schedule.getByRole('button', { name: 'Continuar' }).click();
    const confirmSchedule = modal(page, 'Confirme os dados antes de enviar');
    await expect(confirmSchedule.getByText('Data do envio')).toBeVisible();
    const scheduled = page.waitForResponse((r) => r.url().endsWith(`/campaign/schedule/${cloneCode}`));
    await confirmSchedule.getByRole('button', { name: 'Agendar envio' }).click();
    expect((await scheduled).status()).toBe(200);
    await expect(notice(page, 'Envio agendado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/disparos\/email\/agendados$/);
    await closeNotices(page);
    const scheduledItem = shotItem(page, copy);
    await expect(scheduledItem.getByText('Agendado para')).toBeVisible();
    await expectAccessible(page, 'agendados de e-mail');
    await page.screenshot({ path: `${SHOTS}/scheduled-1280.png`, fullPage: true });
    const unscheduled = page.waitForResponse((r) => r.url().endsWith(`/campaign/unschedule/${cloneCode}`));
    await scheduledItem.getByRole('button', { name: `Cancelar agendamento ${title} (cópia)` }).click();
    expect((await unscheduled).status()).toBe(200);
    await expect(scheduledItem).toHaveCount(0);
    await closeNotices(page);

    // send the first one now
    await page.goto(`/demo/marketing/novo-envio/EMAIL/${code}`);
    await expect(canvas.getByText('Olá, {{primeiro_nome}}! Venha à audiência pública.')).toBeVisible();
    await expect(page.locator('#shot-segment-count')).toHaveText(/^3 contatos/);
    await page.getByRole('button', { name: 'Enviar agora' }).click();
    const confirmSend = modal(page, 'Confirme os dados antes de enviar');
    await expect(confirmSend.getByText(LIST)).toBeVisible();
    await expect(confirmSend.getByText('3 contatos')).toBeVisible();
    await expectAccessible(page, 'confirme os dados');
    await page.screenshot({ path: `${SHOTS}/confirm-1280.png` });
    const sent = page.waitForResponse((r) => r.url().endsWith(`/campaign/send/${code}`));
    await confirmSend.getByRole('button', { name: 'Enviar agora' }).click();
    expect((await sent).status()).toBe(200);
    await expect(notice(page, 'O seu E-mail/SMS já está em processo de envio')).toBeVisible();
    await expect(page).toHaveURL(/\/disparos\/email\/enviados$/);
    await closeNotices(page);
    // the list reloads every 5 s while the shot is sending; the worker sends three in seconds
    await expect(shotItem(page, subject).getByText('Enviado', { exact: true })).toBeVisible({
      timeout: 60_000,
    });
    await expectAccessible(page, 'enviados de e-mail');
    await page.screenshot({ path: `${SHOTS}/sent-1280.png`, fullPage: true });

    // its details before the outbox: processed, nothing bounced or unsubscribed yet
    await shotItem(page, subject)
      .getByRole('button', { name: `Ver relatório ${title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/detalhes-envio/EMAIL/${code}$`));
    const before = await totals(page);
    expect(before.Processados).toBe(3);
    expect(before.Devolvidos).toBe(0);
    expect(before['Não deseja receber']).toBe(0);
    await expectAccessible(page, 'detalhes do envio');

    // the outbox: Ana's message shows her first name; marked delivered, Bruno's bounced
    await page.goto('/demo/marketing/caixa-de-saida');
    await expect(page.getByRole('heading', { name: 'Caixa de saída', level: 2 })).toBeVisible();
    const ana = await openMessage(page, `Convite Ana ${tag}`);
    const dialog = modal(page, `Convite Ana ${tag}`);
    const frame = dialog.frameLocator('iframe[title="Conteúdo da mensagem"]');
    await expect(frame.getByText('Olá, Ana! Venha à audiência pública.')).toBeVisible();
    await expect(frame.locator('img').first()).toBeVisible();
    await expectAccessible(page, 'mensagem da caixa de saída');
    await page.screenshot({ path: `${SHOTS}/outbox-message-1280.png` });
    await markAs(page, dialog, 'Marcar como entregue', 'Entregue');
    await openMessage(page, `Convite Bruno ${tag}`);
    await markAs(page, modal(page, `Convite Bruno ${tag}`), 'Marcar como devolvido', 'Devolvido');
    await expectAccessible(page, 'caixa de saída');
    await page.screenshot({ path: `${SHOTS}/outbox-1280.png`, fullPage: true });

    // Ana's unsubscribe link, in a page of its own
    const html = (ana.html ?? '').replace(/&amp;/g, '&');
    const unsubscribe = /\/descadastrar\/[A-Za-z0-9_-]{22}/.exec(html)?.[0];
    expect(unsubscribe).toBeTruthy();
    const other = await context.newPage();
    await other.goto(unsubscribe ?? '');
    await expect(
      other.getByText(/^Deseja deixar de receber e-mails desta lista no endereço a/),
    ).toBeVisible();
    await expectAccessible(other, 'descadastrar');
    await other.getByRole('button', { name: 'Não quero mais receber' }).click();
    await expect(other.getByText('Pronto. Você não receberá mais e-mails deste remetente.')).toBeVisible();
    await expectAccessible(other, 'descadastrado');
    await other.screenshot({ path: `${SHOTS}/unsubscribed-1280.png`, fullPage: true });
    await other.close();

    // the preview is not an open (issue 39): no open pixel, the link goes straight where it points
    // (the signed click link of the message as sent is covered by shot-public.routes.test.ts)
    expect(html).not.toContain('/api/public/t/');
    expect(html).toContain(`href="${TARGET}"`);

    // the details' tabs moved
    await page.goto(`/demo/marketing/detalhes-envio/EMAIL/${code}`);
    const after = await totals(page);
    expect(after.Processados).toBe(3);
    expect(after.Entregues).toBeGreaterThanOrEqual(1);
    // opening messages in the outbox opened none of them
    expect(after.Abertos).toBe(before.Abertos);
    expect(after.Devolvidos).toBe((before.Devolvidos ?? 0) + 1);
    expect(after['Não deseja receber']).toBe((before['Não deseja receber'] ?? 0) + 1);
    await expect(page.getByRole('tabpanel', { name: 'Não deseja receber' }).getByText(/ana\./)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/details-1280.png`, fullPage: true });

    // 390 px: the lists' cascading select, the details
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/demo/marketing/disparos/email/enviados');
    const nav = page.getByRole('combobox', { name: 'Menu de disparos' });
    await expect(nav).toBeVisible();
    await expect(shotItem(page, subject)).toBeVisible();
    await expectAccessible(page, 'enviados (celular)');
    await page.screenshot({ path: `${SHOTS}/sent-390.png`, fullPage: true });
    await nav.click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^E-mail$/ })
      .click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^Rascunhos$/ })
      .click();
    await expect(page).toHaveURL(/\/disparos\/email\/rascunho$/);
    await expect(page.getByRole('heading', { name: 'E-mail - Rascunhos' })).toBeVisible();
    // only a draft has 'Editar': the drafts list has loaded, the clone in it
    await expect(shotItem(page, copy).getByRole('button', { name: `Editar ${title} (cópia)` })).toHaveCount(
      1,
    );
    await expectAccessible(page, 'rascunhos (celular)');
    await page.screenshot({ path: `${SHOTS}/drafts-390.png`, fullPage: true });
    await page.goto(`/demo/marketing/detalhes-envio/EMAIL/${code}`);
    await expect(page.getByRole('tab', { name: 'Processados' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Processados' }).getByText('Total: 3')).toBeVisible();
    await expectAccessible(page, 'detalhes (celular)');
    await page.screenshot({ path: `${SHOTS}/details-390.png`, fullPage: true });
    await page.goto('/demo/marketing/caixa-de-saida');
    await expect(page.getByRole('button', { name: new RegExp(`^Abrir Convite Ana ${tag}`) })).toBeVisible();
    await expectAccessible(page, 'caixa de saída (celular)');
    await page.screenshot({ path: `${SHOTS}/outbox-390.png`, fullPage: true });
  });
});
