import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, openList, openPeople, row, unique } from '../people-support.ts';
import { login, notice } from '../support.ts';

test('people: create, edit and delete a voting place (company)', async ({ page }) => {
  const name = `Escola Estadual ${unique()}`;
  await login(page);
  await openPeople(page);
  await openList(page, 'Locais de Votação');
  await expect(page.getByRole('columnheader', { name: 'Local de votação' })).toBeVisible();
  // export and import are offered only for person or team lists
  await expect(page.getByRole('button', { name: 'Exportar' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const create = drawer(page, 'Novo local de votação');
  await create.getByLabel('CNPJ', { exact: true }).fill('11111111111111');
  await expect(create.getByText('Cnpj Inválido!')).toBeVisible();
  await expectAccessible(page, 'novo local de votação (com erro)');
  await create.getByLabel('CNPJ', { exact: true }).fill('11222333000181');
  await expect(create.getByLabel('CNPJ', { exact: true })).toHaveValue('11.222.333/0001-81');
  await create.getByLabel('Nome', { exact: true }).fill(name);
  await create.getByLabel('Telefone', { exact: true }).fill('8132654321');
  await create.getByLabel('Rua', { exact: true }).fill('Rua da Aurora');
  await expect(create.getByText('Informe o estado para prosseguir')).toBeVisible();
  await expect(create.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await create.getByLabel('Estado', { exact: true }).fill('PE');
  await page.keyboard.press('Enter');
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
  await expect(row(page, name)).toContainText('(81) 3265-4321');

  await row(page, name).getByRole('button', { name: 'Editar' }).click();
  const edit = drawer(page, 'Editar local de votação');
  await expect(edit.getByLabel('Rua', { exact: true })).toHaveValue('Rua da Aurora');
  await edit.getByLabel('E-mail', { exact: true }).fill('escola@example.com');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, name)).toContainText('escola@example.com');

  await row(page, name).getByRole('button', { name: 'Remover' }).click();
  await page
    .locator('.ant-popover:visible')
    .filter({ hasText: 'Deseja realmente remover esse cadastro?' })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(notice(page, 'Cadastro removido com sucesso!')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
});
