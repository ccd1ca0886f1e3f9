import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, modal, openPeople, pickOption, row, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-demands';

/** A small PDF (the type is told by its first bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const count = (page: Page) => page.getByTestId('demands-count');

async function openDemands(page: Page) {
  const listed = page.waitForResponse((r) => r.url().includes('/api/demands?') && r.status() === 200);
  await page.goto('/demo/demandas');
  await expect(page.getByRole('heading', { name: 'Gestão de Demandas', level: 1 })).toBeVisible();
  await listed;
  await expect(count(page)).toHaveText(/^\d+ Demanda\(s\)$/);
}

const total = async (page: Page) => Number((await count(page).textContent())?.split(' ')[0]);

test.describe('Gestão de Demandas', () => {
  test('register a demand with a PDF, see it listed, open it and download the file', async ({ page }) => {
    test.setTimeout(120_000);
    const title = `Calçada quebrada ${unique()}`;
    await login(page);
    await openDemands(page);
    // the demo's demands: the seeded one with its PDF
    await expect(row(page, 'Iluminação pública na Rua das Flores')).toContainText('Maria das Dores Silva');
    const before = await total(page);
    await expectAccessible(page, 'demandas');
    await page.screenshot({ path: `${SHOTS}/demands-1280.png`, fullPage: true });

    // Nova demanda: title, description, applicant (person search), status, a PDF
    await page.getByRole('button', { name: 'Nova demanda' }).click();
    const create = modal(page, 'Nova demanda');
    await expect(create).toBeVisible();
    await create.getByRole('button', { name: 'Salvar' }).click();
    await expect(create.getByText('Campo Obrigatório').first()).toBeVisible();
    await create.getByLabel('Título', { exact: true }).fill(title);
    await create
      .getByLabel('Descrição', { exact: true })
      .fill('Calçada com buracos em frente ao posto de saúde.');
    await create.getByLabel('Solicitante', { exact: true }).fill('José Ferreira');
    await pickOption(page, 'José Ferreira Lima');
    await create.locator('input[type=file]').setInputFiles({
      name: 'oficio-calcada.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(create.getByText('oficio-calcada.pdf')).toBeVisible();
    await expectAccessible(page, 'nova demanda');
    await page.screenshot({ path: `${SHOTS}/new-demand-1280.png` });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/demands') && r.request().method() === 'POST',
    );
    const uploaded = page.waitForResponse((r) => /\/api\/demands\/\d+\/files$/.test(r.url()));
    await create.getByRole('button', { name: 'Salvar' }).click();
    expect((await created).status()).toBe(200);
    expect((await uploaded).status()).toBe(200);
    await expect(create).toBeHidden();
    await expect(notice(page, 'Demanda registrada com sucesso')).toBeVisible();
    await closeNotices(page);

    // listed first (newest first), the count line follows
    await expect(count(page)).toHaveText(`${before + 1} Demanda(s)`);
    await expect(page.locator('.ant-table-row').first()).toContainText(title);
    await expect(row(page, title)).toContainText('José Ferreira Lima');
    await expect(row(page, title)).toContainText('Aberta');

    // the read-only dialog: 'date - Demanda #code (status)', one link per file by extension
    await row(page, title).click();
    await expect(
      page.getByRole('dialog', { name: /^\d{2}\/\d{2}\/\d{4} - Demanda #\d+ \(Aberta\)$/ }),
    ).toBeVisible();
    const view = page.getByRole('dialog', { name: / - Demanda #\d+ / });
    await expect(view).toContainText(title);
    await expect(view).toContainText('José Ferreira Lima');
    await expectAccessible(page, 'demanda');
    await page.screenshot({ path: `${SHOTS}/demand-dialog-1280.png` });
    const downloading = page.waitForEvent('download');
    await view.getByRole('button', { name: 'PDF: oficio-calcada.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('oficio-calcada.pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);

    // a status change is recorded with who and when
    const changed = page.waitForResponse((r) => /\/api\/demands\/\d+\/status$/.test(r.url()));
    await view.getByLabel('Alterar status', { exact: true }).click();
    await pickOption(page, 'Em andamento');
    expect((await changed).status()).toBe(200);
    await expect(view.getByRole('listitem').last()).toContainText(
      'Administrador Demo: Aberta → Em andamento',
    );
    await expect(view).toHaveAccessibleName(/\(Em andamento\)$/);
    await view.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(view).toBeHidden();
  });

  test('register a demand from the person drawer, the person preselected', async ({ page }) => {
    test.setTimeout(90_000);
    const title = `Vaga na UBS ${unique()}`;
    await login(page);
    await openPeople(page);
    await row(page, 'José Ferreira Lima').getByRole('button', { name: 'Editar' }).click();
    const edit = drawer(page, 'Editar pessoa');
    await edit.getByRole('button', { name: 'Registrar demanda' }).click();
    const create = modal(page, 'Nova demanda');
    await expect(create).toBeVisible();
    await expect(create.getByLabel('Solicitante', { exact: true }).locator('..').locator('..')).toContainText(
      'José Ferreira Lima',
    );
    await create.getByLabel('Título', { exact: true }).fill(title);
    await expectAccessible(page, 'nova demanda da pessoa');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/demands') && r.request().method() === 'POST',
    );
    await create.getByRole('button', { name: 'Salvar' }).click();
    expect((await created).status()).toBe(200);
    await expect(create).toBeHidden();
    await expect(notice(page, 'Demanda registrada com sucesso')).toBeVisible();
    await openDemands(page);
    await expect(row(page, title)).toContainText('José Ferreira Lima');
  });

  test('at 390 px the list and the dialog fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await openDemands(page);
    await expectAccessible(page, 'demandas 390 px');
    await page.screenshot({ path: `${SHOTS}/demands-390.png`, fullPage: true });
    await row(page, 'Iluminação pública na Rua das Flores').click();
    const view = page.getByRole('dialog', { name: /Demanda #1 / });
    await expect(view.getByRole('button', { name: 'PDF: oficio-iluminacao.pdf' })).toBeVisible();
    await expectAccessible(page, 'demanda 390 px');
    await page.screenshot({ path: `${SHOTS}/demand-dialog-390.png` });
  });
});
