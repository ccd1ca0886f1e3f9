import fs from 'node:fs';
import { EMAIL_START_TEXTS, EMAIL_STARTERS } from '@mandato/domain';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { pickOption, unique } from '../people-support.ts';
import { apiLogin, DEMO, login } from '../support.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-e2e';
const T = EMAIL_START_TEXTS;
const SENDER = 'Gabinete Mandato Demo';

/** A list of one person with an e-mail, made by the API; its name. */
async function listOfOne(request: APIRequestContext, tag: string): Promise<string> {
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  const person = await request.post('/api/people', {
    headers,
    data: { name: 'Rita Convidada', email: `rita.${tag}@exemplo.com.br` },
  });
  expect(person.status()).toBe(200);
  const name = `Convidados ${tag}`;
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

test.describe('Marketing › Começar um e-mail por um modelo', () => {
  test("a new e-mail starts from 'Convite para evento': its heading in the canvas, its subject, saved through the sanitiser with its structure", async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const list = await listOfOne(request, unique());
    await login(page);
    await page.goto('/demo/marketing/novo-envio/EMAIL');
    await expect(page.getByRole('heading', { name: 'Novo envio de e-mail' })).toBeVisible();

    // the chooser: blank, the four designs, the caller's earlier e-mails
    const chooser = page.getByRole('region', { name: T.title });
    await expect(chooser.getByRole('heading', { level: 2, name: T.title })).toBeVisible();
    for (const name of [T.blank, ...EMAIL_STARTERS.map((s) => s.name)])
      await expect(chooser.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(chooser.getByRole('heading', { level: 3, name: T.previous })).toBeVisible();
    await expect(page.locator('iframe.gjs-frame')).toBeVisible();
    const invite = chooser.getByRole('button', { name: 'Convite para evento', exact: true });
    await expect(invite).toBeEnabled();
    await expectAccessible(page, 'escolha do começo do e-mail');
    await chooser.screenshot({ path: `${SHOTS}/email-starters-chooser-1280.png` });

    // on a phone the cards fit the screen and each is a large target
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(invite).toBeVisible();
    const box = await chooser.getByRole('listitem').nth(2).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'escolha do começo do e-mail (celular)');
    await chooser.screenshot({ path: `${SHOTS}/email-starters-chooser-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // 'Convite para evento': its heading in the editor's canvas, its subject suggested
    await invite.click();
    const canvas = page.frameLocator('iframe.gjs-frame');
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Você está convidado(a): [Nome do evento]' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Confirmar minha presença' })).toBeVisible();
    await expect(page.getByLabel('Assunto', { exact: true })).toHaveValue(
      '{{primeiro_nome}}, você está convidado(a): [nome do evento]',
    );
    await expect(page.getByText(T.chosen('Convite para evento'))).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/email-starters-editor-1280.png`, fullPage: true });

    // saved as any e-mail: through the editor's export and the server's sanitiser
    await page.getByLabel('Remetente', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: SENDER })
      .click();
    const counted = page.waitForResponse((r) => /\/api\/mkt\/emails\/list-info\?/.test(r.url()) && r.ok());
    const listField = page.getByLabel('Lista de segmentação', { exact: true });
    await listField.click();
    await listField.pressSequentially(list);
    await pickOption(page, `${list} (Pessoas)`);
    await counted;
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/mkt/emails/campaign') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const html = (await answer.json()).data.htmlContent as string;
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('role="presentation"');
    expect(html).toMatch(/<h1[^>]*>Você está convidado\(a\): \[Nome do evento\]<\/h1>/);
    expect(html).toContain('{{primeiro_nome}}');
    expect(html).toMatch(
      /<a [^>]*href="https:\/\/example\.com\/evento\/confirmar"[^>]*>Confirmar minha presença<\/a>/,
    );
    await expect(page).toHaveURL(/\/novo-envio\/EMAIL\/\d+$/);

    // what a recipient gets, as saved, on a computer and on a phone: the columns stack
    for (const width of [1280, 390]) {
      const view = await page.context().newPage();
      await view.setViewportSize({ width, height: 900 });
      await view.setContent(html);
      const [when, where] = [
        await view.getByRole('heading', { name: 'Quando' }).boundingBox(),
        await view.getByRole('heading', { name: 'Onde' }).boundingBox(),
      ];
      expect(when && where).toBeTruthy();
      if (width === 390) expect(where?.y ?? 0).toBeGreaterThan((when?.y ?? 0) + 20);
      else expect(Math.abs((where?.y ?? 0) - (when?.y ?? 0))).toBeLessThan(2);
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await view.screenshot({
        path: `${SHOTS}/email-starters-saved-invitation-${width}.png`,
        fullPage: true,
      });
      await view.close();
    }
  });
});
