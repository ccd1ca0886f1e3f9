import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { confirmPopover, modal, pickOption, row, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-amendments';

const summary = (page: Page) => page.getByTestId('amendments-summary');

async function openAmendments(page: Page) {
  await page.goto('/demo/emendas');
  await expect(page.getByRole('heading', { name: 'Gestão de Emendas', level: 1 })).toBeVisible();
  // the list loads with 'tramitando' preselected
  await expect(summary(page)).not.toBeEmpty();
}

async function filterBy(page: Page, receiver: string) {
  await page.getByLabel('Gestor do recurso', { exact: true }).fill(receiver);
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/amendment/list') && r.url().includes('receiver=') && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await listed;
}

async function save(page: Page, dialog: ReturnType<typeof modal>) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/amendment/save'));
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(notice(page, 'Emenda salva com sucesso')).toBeVisible();
  await closeNotices(page);
}

test.describe('Gestão de Emendas', () => {
  test('create, filter, edit, export and delete amendments; the summary follows', async ({ page }) => {
    test.setTimeout(120_000);
    const u = unique();
    const manager = `Gestor ${u}`;
    await login(page);
    await openAmendments(page);
    await expect(page.getByLabel('Status', { exact: true }).locator('..').locator('..')).toContainText(
      'tramitando',
    );
    await expectAccessible(page, 'emendas');
    await page.screenshot({ path: `${SHOTS}/amendments-1280.png`, fullPage: true });

    // Nova Emenda: required fields, the municipality autocomplete, pt-BR money
    await page.getByRole('button', { name: 'Nova Emenda' }).click();
    const create = modal(page, 'Nova Emenda');
    await expect(create).toBeVisible();
    await create.getByRole('button', { name: 'Salvar' }).click();
    await expect(create.getByText('Campo Obrigatório').first()).toBeVisible();
    await create.getByLabel('Valor', { exact: true }).fill('abc1,001');
    await expect(create.getByText(/^Valor inválido/)).toBeVisible();
    await expectAccessible(page, 'nova emenda (com erros)');
    const municipality = create.getByLabel('Município', { exact: true });
    await municipality.fill('jaboat');
    await pickOption(page, 'Jaboatão dos Guararapes - PE');
    await expect(municipality).toHaveValue('Jaboatão dos Guararapes - PE');
    await create.getByLabel('Descrição', { exact: true }).fill('Creche municipal');
    await create.getByLabel('Gestor do recurso', { exact: true }).fill(manager);
    await create.getByLabel('Valor', { exact: true }).fill('0,10');
    await page.screenshot({ path: `${SHOTS}/amendment-new-1280.png` });
    await save(page, create);

    // a second one, free text municipality
    await page.getByRole('button', { name: 'Nova Emenda' }).click();
    const second = modal(page, 'Nova Emenda');
    await second.getByLabel('Município', { exact: true }).fill(`Distrito ${u}`);
    await second.getByLabel('Gestor do recurso', { exact: true }).fill(manager);
    await second.getByLabel('Valor', { exact: true }).fill('0,2');
    await second.getByLabel('Valor', { exact: true }).blur();
    await expect(second.getByLabel('Valor', { exact: true })).toHaveValue('0,20');
    await save(page, second);

    // filter: the summary is the exact sum of the filtered rows
    await filterBy(page, manager);
    await expect(summary(page)).toHaveText('2 emendas · total R$ 0,30');
    await expect(page.locator('.ant-table-row')).toHaveCount(2);

    // edit: a negative value is shown in red
    await row(page, `Distrito ${u}`).getByRole('button').click();
    const edit = page.getByRole('dialog', { name: /^Editar emenda #\d+$/ });
    await expect(edit.getByLabel('Valor', { exact: true })).toHaveValue('0,20');
    await expectAccessible(page, 'editar emenda');
    await edit.getByLabel('Valor', { exact: true }).fill('-5');
    await save(page, edit);
    await expect(summary(page)).toHaveText('2 emendas · total -R$ 4,90');
    await expect(row(page, `Distrito ${u}`).locator('.ant-typography-danger')).toHaveText('-R$ 5,00');
    await expect(row(page, 'Jaboatão').locator('.ant-typography-danger')).toHaveCount(0);

    // export the filtered rows
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('emendas.csv');
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Código;Ano;Município;Descrição;Gestor do recurso;Valor;Status;Contato');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(`Distrito ${u};;${manager};"-5,00";tramitando;`))).toBe(true);
    await expect(notice(page, 'Exportação concluída')).toBeVisible();
    await closeNotices(page);

    // delete both: the summary follows down to the empty text
    await row(page, 'Jaboatão').getByRole('button').click();
    const removing = page.getByRole('dialog', { name: /^Editar emenda #\d+$/ });
    await removing.getByRole('button', { name: 'Remover' }).click();
    await confirmPopover(page, 'Você tem certeza que deseja remover?');
    await expect(removing).toBeHidden();
    await expect(summary(page)).toHaveText('1 emenda · total -R$ 5,00');
    await closeNotices(page);
    await row(page, `Distrito ${u}`).click();
    const last = page.getByRole('dialog', { name: /^Editar emenda #\d+$/ });
    await last.getByRole('button', { name: 'Remover' }).click();
    await confirmPopover(page, 'Você tem certeza que deseja remover?');
    await expect(summary(page)).toHaveText('nenhuma emenda cadastrada');
  });

  test('at 390 px the list and the dialog fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await openAmendments(page);
    await expectAccessible(page, 'emendas 390 px');
    await page.screenshot({ path: `${SHOTS}/amendments-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Nova Emenda' }).click();
    const create = modal(page, 'Nova Emenda');
    await expect(create.getByLabel('Status', { exact: true })).toBeVisible();
    await expectAccessible(page, 'nova emenda 390 px');
    await page.screenshot({ path: `${SHOTS}/amendment-new-390.png` });
  });

  test('a user without ROLE_CRM cannot open it', async ({ page }) => {
    await login(page, 'equipe@demo.mandato.app');
    await page.goto('/demo/emendas');
    await expect(page).not.toHaveURL(/\/demo\/emendas$/);
  });
});
