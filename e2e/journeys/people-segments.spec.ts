import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import {
  drawer,
  listItem,
  openList,
  openPeople,
  pickOption,
  row,
  searchAndPick,
  unique,
} from '../people-support.ts';
import { login, notice } from '../support.ts';

async function createPerson(page: Page, name: string, city: string) {
  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const form = drawer(page, 'Nova Pessoa');
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('Cidade', { exact: true }).fill(city);
  await form.getByLabel('Estado', { exact: true }).fill('PE');
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
}

/** Sets the last unit of a group: field, operator and a text value. */
async function setTextUnit(page: Page, group: number, field: string, operator: string, value: string) {
  const unit = page.getByTestId('filter-group').nth(group).getByTestId('filter-unit').last();
  await searchAndPick(page, unit.getByLabel('Campo'), field);
  await unit.getByLabel('Operador').click();
  await pickOption(page, operator);
  await unit.getByLabel('Valor').fill(value);
}

test('people: an expression with two groups saved as a list, then switching lists', async ({ page }) => {
  const tag = unique();
  const cityA = `Cidade A ${tag}`;
  const cityB = `Cidade B ${tag}`;
  await login(page);
  await openPeople(page);
  await createPerson(page, `Ana ${tag}`, cityA);
  await createPerson(page, `Bia ${tag}`, cityB);
  await createPerson(page, `Caio ${tag}`, 'Olinda');

  // group 1: city = A ou city = B
  await setTextUnit(page, 0, 'Cidade', 'igual a', cityA);
  await expect(row(page, `Ana ${tag}`)).toBeVisible();
  await expect(row(page, `Bia ${tag}`)).toHaveCount(0);
  await page.getByTestId('filter-group').first().getByRole('button', { name: 'Adicionar filtro' }).click();
  await expect(page.getByTestId('filter-group').first().getByText('ou', { exact: true })).toBeVisible();
  await setTextUnit(page, 0, 'Cidade', 'igual a', cityB);
  await expect(row(page, `Bia ${tag}`)).toBeVisible();
  await expect(row(page, `Ana ${tag}`)).toBeVisible();

  // group 2 (e): name starts with the tagged names' letters
  await page.getByRole('button', { name: 'Adicionar grupo' }).click();
  await setTextUnit(page, 1, 'Nome', 'começa com', 'Bia');
  await expect(row(page, `Ana ${tag}`)).toHaveCount(0);
  await expect(row(page, `Bia ${tag}`)).toBeVisible();
  await expect(row(page, `Caio ${tag}`)).toHaveCount(0);

  // save as a new list
  await page.getByRole('button', { name: 'Salvar lista' }).click();
  const dialog = page.getByRole('dialog', { name: 'O que você quer fazer?' });
  await expect(dialog.getByRole('radio', { name: 'Atualizar' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Defina outro nome')).toBeVisible();
  await dialog.getByLabel('Nome da lista').fill('');
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  const listName = `Lista ${tag}`;
  await dialog.getByLabel('Nome da lista').fill(listName);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Lista de segmentação salva com sucesso!')).toBeVisible();
  const sider = page.getByRole('navigation', { name: 'Segmentações' });
  await expect(listItem(page, listName)).toBeVisible();
  await expect(page.getByLabel('Nome da lista de segmentação')).toHaveValue(listName);

  // switch to the special list and back
  await openList(page, 'Pessoas');
  await expect(row(page, `Ana ${tag}`)).toBeVisible();
  await expect(page.getByTestId('filter-unit')).toHaveCount(1);

  await openList(page, listName);
  await expect(page.getByTestId('filter-group')).toHaveCount(2);
  await expect(row(page, `Bia ${tag}`)).toBeVisible();
  await expect(row(page, `Ana ${tag}`)).toHaveCount(0);

  await openList(page, 'Equipe');
  await expect(row(page, 'Administrador Demo')).toBeVisible();

  // remove the list
  await sider.getByRole('button', { name: `Remover lista ${listName}` }).click();
  await page
    .locator('.ant-popover:visible')
    .filter({ hasText: 'Tem certeza que deseja remover esta lista de segmentação?' })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(listItem(page, listName)).toHaveCount(0);
});
