import fs from 'node:fs';
import { IMPORT_COLUMNS } from '@mandato/domain';
import ExcelJS from 'exceljs';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { openPeople, row, unique } from '../people-support.ts';
import { login } from '../support.ts';

type Person = Partial<Record<(typeof IMPORT_COLUMNS)[number]['header'], string>>;

/** Writes an XLSX from the downloaded template: its header row, then `people`. */
async function spreadsheet(templatePath: string, people: Person[], path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('modelo sem planilha');
  sheet.spliceRows(2, sheet.rowCount - 1);
  for (const person of people) sheet.addRow(IMPORT_COLUMNS.map((c) => person[c.header] ?? null));
  await workbook.xlsx.writeFile(path);
}

test('people import: template, a refused file with its inconsistencies, the fixed file imported', async ({
  page,
}, testInfo) => {
  const tag = unique();
  const people: Person[] = [
    {
      nome: `Importada ${tag} Ana`,
      email: `ana.${tag}@exemplo.com.br`,
      voto: 'CONQUISTADO',
      tags: `Importação ${tag}`,
    },
    { nome: `Importada ${tag} Bia`, email: `bia.${tag}@`, celular: '(81) 99999-1234', data: '31/02/1990' },
    { nome: `Importada ${tag} Caio`, cidade: 'Recife', estado: 'PE', cep: '50050000' },
  ];
  await login(page);
  await openPeople(page);
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page).toHaveURL(/\/demo\/pessoas\/importar\/pessoas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Importar Pessoas' })).toBeVisible();
  await expectAccessible(page, 'importar pessoas');

  // the template: every column of the spreadsheet and an example row
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar modelo (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('modelo-importacao.xlsx');
  const templatePath = testInfo.outputPath('modelo.xlsx');
  await download.saveAs(templatePath);
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(templatePath);
  const header = template.worksheets[0]?.getRow(1).values as unknown[];
  expect(header.slice(1)).toEqual(IMPORT_COLUMNS.map((c) => c.header));

  // a file with one bad row is refused and nothing is imported
  const badPath = testInfo.outputPath('com-erro.xlsx');
  await spreadsheet(templatePath, people, badPath);
  await page.getByRole('button', { name: 'Importar' }).click();
  const modal = page.getByRole('dialog', { name: 'Importar' });
  await expect(modal.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  await modal.getByRole('radio', { name: /Pular registros/ }).check();
  await expectAccessible(page, 'importar: comportamento');
  await modal.getByRole('button', { name: 'Próximo' }).click();
  await modal.locator('input[type=file]').setInputFiles(badPath);
  let sent = page.waitForResponse((r) => r.url().endsWith('/api/people/import'));
  await modal.getByRole('button', { name: 'Enviar e validar' }).click();
  expect((await sent).status()).toBe(400);
  await expect(
    modal.getByText('Encontramos inconsistências na planilha. Favor corrigi-las e fazer upload novamente.'),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Ver inconsistências' }).click();
  const inconsistencies = page.getByRole('dialog', { name: 'Inconsistências do arquivo' });
  await expect(inconsistencies.getByRole('row').filter({ hasText: /^3/ })).toContainText('email');
  await expect(inconsistencies.getByRole('row').filter({ hasText: /^3/ })).toContainText('data');
  await expectAccessible(page, 'inconsistências do arquivo');
  await page.keyboard.press('Escape');
  await expect(inconsistencies).toBeHidden();

  // fixed, the same file is accepted and imported
  people[1] = { ...people[1], email: `bia.${tag}@exemplo.com.br`, data: '28/02/1990' };
  const goodPath = testInfo.outputPath('corrigida.xlsx');
  await spreadsheet(templatePath, people, goodPath);
  await modal.locator('input[type=file]').setInputFiles(goodPath);
  sent = page.waitForResponse((r) => r.url().endsWith('/api/people/import'));
  await modal.getByRole('button', { name: 'Enviar e validar' }).click();
  expect((await sent).status()).toBe(200);
  await expect(modal.getByText('Yes!')).toBeVisible();
  await expect(
    modal.getByText(
      'Já validamos e está tudo certinho com a planilha. Iniciamos o processo de importação...',
    ),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Concluir' }).click();
  await expect(modal).toBeHidden();

  // the history follows the job to the end: 'Sucesso', 3 of 3
  const history = page.getByTestId('import-history');
  const latest = history.locator('.ant-table-row').first();
  await expect(latest.getByText('Sucesso')).toBeVisible({ timeout: 30_000 });
  await expect(latest.getByTestId('import-totals')).toContainText('3/3');
  await expectAccessible(page, 'histórico de importações');

  // the people are there, with the tag the import created
  await openPeople(page);
  for (const person of people) await expect(row(page, person.nome ?? '')).toBeVisible();
  fs.rmSync(badPath, { force: true });
});
