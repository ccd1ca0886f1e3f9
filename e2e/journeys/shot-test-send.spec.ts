import fs from 'node:fs';
import { SHOT_TEST_TEXTS } from '@mandato/domain';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { modal, unique } from '../people-support.ts';
import { apiLogin, DEMO, login, notice } from '../support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-e2e';
const SENDER = 'Gabinete Mandato Demo';
const TARGET = 'https://exemplo.com.br/agenda-do-mandato';
const T = SHOT_TEST_TEXTS;

/** A saved e-mail draft to a list of one, made by the API (the editor itself is marketing-shots'). */
async function emailDraft(request: APIRequestContext, tag: string): Promise<number> {
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  const person = await request.post('/api/people', {
    headers,
    data: { name: 'Ana Teste', email: `ana.${tag}@exemplo.com.br` },
  });
  expect(person.status()).toBe(200);
  const list = await request.post('/api/segments', {
    headers,
    data: {
      name: `Teste ${tag}`,
      type: 'PERSON',
      expression: [{ units: [{ field: 'email', operator: 'CONTAINS', values: [`.${tag}@`] }] }],
    },
  });
  expect(list.status()).toBe(200);
  const mktLogin = await request.post('/api/mkt/auth/login', { headers, data: { slug: DEMO.slug } });
  expect(mktLogin.status()).toBe(200);
  const mkt = { Authorization: `Bearer ${(await mktLogin.json()).data.data.token}`, 'X-Schema': DEMO.slug };
  const senders = await request.get('/api/mkt/senders?status=ACTIVE', { headers: mkt });
  const sender = ((await senders.json()).data.list as { code: number; name: string }[]).find(
    (s) => s.name === SENDER,
  );
  expect(sender).toBeDefined();
  const draft = await request.post('/api/mkt/emails/campaign', {
    headers: mkt,
    data: {
      subject: `Convite {{primeiro_nome}} ${tag}`,
      htmlContent: `<p>Olá, {{primeiro_nome}}! Venha à audiência.</p><p><a href="${TARGET}">Agenda</a></p>`,
      senderCode: sender?.code,
      destination: { segment: { code: (await list.json()).data.code } },
    },
  });
  expect(draft.status(), await draft.text()).toBe(200);
  return (await draft.json()).data.code as number;
}

test.describe('Marketing › Enviar teste', () => {
  test('a saved e-mail is sent as a test: the dialog refuses six addresses, the test lands in the outbox with [Teste], the example person and straight links', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const tag = unique();
    const code = await emailDraft(request, tag);
    await login(page);

    // a new e-mail has nothing saved to test yet
    await page.goto('/demo/marketing/novo-envio/EMAIL');
    await expect(page.getByRole('button', { name: `${T.button}: ${T.saveFirst}` })).toBeDisabled();

    await page.goto(`/demo/marketing/novo-envio/EMAIL/${code}`);
    await expect(page.getByRole('heading', { name: 'Editar envio de e-mail' })).toBeVisible();
    await page.getByRole('button', { name: T.button, exact: true }).click();
    const dialog = modal(page, T.title);
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'diálogo enviar teste');
    const field = dialog.getByLabel(T.emailsLabel);

    // six addresses: refused in the dialog, nothing sent
    await field.fill(Array.from({ length: 6 }, (_, i) => `p${i}.${tag}@exemplo.com.br`).join(', '));
    await dialog.getByRole('button', { name: T.send }).click();
    await expect(dialog.getByRole('alert')).toContainText(T.tooManyEmails);
    await page.screenshot({ path: `${SHOTS}/test-send-dialog-1280.png` });

    // one address: sent, the dialog closes with the notice
    const to = `coord.${tag}@exemplo.com.br`;
    await field.fill(to);
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/mkt/emails/campaign/test/${code}`));
    await dialog.getByRole('button', { name: T.send }).click();
    expect((await sent).status()).toBe(200);
    await expect(notice(page, T.sent(1))).toBeVisible();
    await expect(dialog).toBeHidden();

    // the outbox: the test, to the typed address, subject marked, the example person, the link straight
    const subject = `[Teste] Convite Maria ${tag}`;
    await page.goto('/demo/marketing/caixa-de-saida');
    await expect(page.getByRole('heading', { name: 'Caixa de saída', level: 2 })).toBeVisible();
    const opened = page.waitForResponse((r) => /\/api\/mkt\/outbox\/[^/?]+$/.test(r.url()));
    await page.getByRole('button', { name: `Abrir ${subject} para ${to}` }).click();
    const message = (await (await opened).json()).data as { to: string; html: string };
    expect(message.to).toBe(to);
    const shown = modal(page, subject);
    const frame = shown.frameLocator('iframe[title="Conteúdo da mensagem"]');
    await expect(frame.getByText('Olá, Maria! Venha à audiência.')).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Agenda' })).toHaveAttribute('href', TARGET);
    expect(message.html).not.toMatch(/\/api\/public\/t\//);
    // nobody's message: nothing to mark
    await expect(shown.getByText(T.testMessage)).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Marcar como entregue' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/test-send-outbox-1280.png` });
    await expectAccessible(page, 'mensagem de teste na caixa de saída');

    // the phone: the dialog fits
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/demo/marketing/novo-envio/EMAIL/${code}`);
    await page.getByRole('button', { name: T.button, exact: true }).click();
    await expect(modal(page, T.title)).toBeVisible();
    await expectAccessible(page, 'diálogo enviar teste (celular)');
    await page.screenshot({ path: `${SHOTS}/test-send-dialog-390.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
