import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { listItem, openPeople, pickOption, row, searchAndPick, unique } from '../people-support.ts';
import { apiLogin, DEMO, login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-people-export';

const HEADER =
  'nome;email;voto;apelido;genero;influencia;data;celular;telefone;cpf;profissao;zona;secao;' +
  'observacoes;tags;rua;numero;complemento;bairro;cidade;estado;cep;nome_padrinho;celular_padrinho;' +
  'email_padrinho;codigo_padrinho;codigo';

/** Set-up through the API (the person form has its own journeys). */
async function createPeople(request: APIRequestContext, people: { name: string; birthDate: string }[]) {
  const { token } = await apiLogin(request, DEMO.admin);
  for (const person of people) {
    const res = await request.post('/api/people', {
      headers: { 'X-Schema': DEMO.slug, Authorization: `Bearer ${token}` },
      data: { ...person, address: { city: 'Recife', state: 'PE' } },
    });
    expect(res.status()).toBe(200);
  }
}

test('people: export a saved list as CSV and as XLSX (confirmation, format, download, history)', async ({
  page,
}) => {
  const tag = unique();
  const name = `Exporta ${tag}`;
  await createPeople(page.request, [
    { name: `${name} Ana`, birthDate: '1990-03-07' },
    { name: `${name} Bia`, birthDate: '1985-11-15' },
  ]);
  await login(page);
  await openPeople(page);

  // the list: name starts with the tag
  const unit = page.getByTestId('filter-group').first().getByTestId('filter-unit').last();
  await searchAndPick(page, unit.getByLabel('Campo'), 'Nome');
  await unit.getByLabel('Operador').click();
  await pickOption(page, 'começa com');
  await unit.getByLabel('Valor').fill(name);
  await expect(row(page, `${name} Ana`)).toBeVisible();
  await expect(row(page, `${name} Bia`)).toBeVisible();
  await page.getByRole('button', { name: 'Salvar lista' }).click();
  const save = page.getByRole('dialog', { name: 'O que você quer fazer?' });
  const listName = `Lista exporta ${tag}`;
  await save.getByLabel('Nome da lista').fill(listName);
  await save.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Lista de segmentação salva com sucesso!')).toBeVisible();
  await expect(listItem(page, listName)).toBeVisible();
  await expect(page.getByTestId('list-footer')).toContainText('2');

  // Exportar → 'Deseja realmente exportar 2 pessoas?' → Sim → exportacao.csv
  await page.getByRole('button', { name: 'Exportar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deseja realmente exportar 2 pessoas?' });
  await expect(confirm).toBeVisible();
  const downloading = page.waitForEvent('download');
  const answered = page.waitForResponse(
    (res) => res.url().endsWith('/api/people/search/export') && res.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Sim' }).click();
  expect((await answered).status()).toBe(200);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('exportacao.csv');
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(HEADER);
  const rows = lines.filter((l) => l.startsWith(name));
  // the last cell is the person's code (codigo: a re-import updates them)
  expect(rows.every((l) => /;\d+$/.test(l))).toBe(true);
  expect(rows.map((l) => l.replace(/;\d+$/, ''))).toEqual([
    `${name} Ana;;A CONQUISTAR;;;0;07/03/1990;;;;;;;;;;;;;Recife;PE;;;;;`,
    `${name} Bia;;A CONQUISTAR;;;0;15/11/1985;;;;;;;;;;;;;Recife;PE;;;;;`,
  ]);
  await expect(notice(page, 'Exportação concluída')).toBeVisible();

  // the same list as the spreadsheet the import reads back: a real XLSX, typed cells
  await page.getByRole('button', { name: 'Exportar' }).click();
  const asXlsx = page.getByRole('dialog', { name: 'Deseja realmente exportar 2 pessoas?' });
  await expectAccessible(page, 'confirmação da exportação');
  await page.screenshot({ path: `${SHOTS}/export-format-1280.png` });
  await asXlsx.getByRole('radio', { name: /Planilha Excel \(XLSX\)/ }).check();
  const xlsxDownloading = page.waitForEvent('download');
  const xlsxAnswered = page.waitForResponse(
    (res) => res.url().endsWith('/api/people/search/export') && res.request().method() === 'POST',
  );
  await asXlsx.getByRole('button', { name: 'Sim' }).click();
  const xlsxAnswer = await xlsxAnswered;
  expect(xlsxAnswer.status()).toBe(200);
  expect(xlsxAnswer.request().postDataJSON()).toMatchObject({ format: 'XLSX' });
  const xlsx = await xlsxDownloading;
  expect(xlsx.suggestedFilename()).toBe('exportacao.xlsx');
  const file = fs.readFileSync(await xlsx.path());
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('exportacao.xlsx sem planilha');
  expect((sheet.getRow(1).values as unknown[]).slice(1).join(';')).toBe(HEADER);
  const people: { nome: unknown; data: unknown; cidade: unknown }[] = [];
  sheet.eachRow((r, n) => {
    if (n > 1)
      people.push({ nome: r.getCell(1).value, data: r.getCell(7).value, cidade: r.getCell(20).value });
  });
  expect(people.filter((p) => String(p.nome).startsWith(name))).toEqual([
    { nome: `${name} Ana`, data: new Date(Date.UTC(1990, 2, 7)), cidade: 'Recife' },
    { nome: `${name} Bia`, data: new Date(Date.UTC(1985, 10, 15)), cidade: 'Recife' },
  ]);

  // the export page of the list: its title and the history row
  await page.getByRole('button', { name: 'Exportar' }).click();
  const again = page.getByRole('dialog', { name: 'Deseja realmente exportar 2 pessoas?' });
  await again.getByRole('link', { name: 'Ver histórico de exportações' }).click();
  await expect(again).toBeHidden();
  await expect(page).toHaveURL(/\/demo\/pessoas\/exportar\/pessoas\?lista=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Exportar ${listName}` })).toBeVisible();
  const history = page.getByTestId('export-history');
  const entry = history.locator('.ant-table-row').filter({ hasText: listName }).first();
  await expect(entry).toContainText('Administrador');
  await expect(entry).toContainText('Concluída');
  await expect(entry.locator('td').nth(3)).toHaveText('2');
  // both exports are in the history
  await expect(history.locator('.ant-table-row').filter({ hasText: listName })).toHaveCount(2);

  // an unknown list type goes back to the people screen
  await page.goto('/demo/pessoas/exportar/locais');
  await expect(page).toHaveURL(/\/demo\/pessoas$/);

  // on a phone the format choice fits the confirmation
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  const phone = page.getByRole('dialog', { name: /^Deseja realmente exportar/ });
  const xlsxChoice = phone.getByRole('radio', { name: /Planilha Excel \(XLSX\)/ });
  await expect(xlsxChoice).toBeVisible();
  const box = await phone.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectAccessible(page, 'confirmação da exportação 390 px');
  await page.screenshot({ path: `${SHOTS}/export-format-390.png` });
  await phone.getByRole('button', { name: 'Não' }).click();
  await expect(phone).toBeHidden();
});
