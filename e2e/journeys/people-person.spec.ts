import { expect, test } from '../fixtures.ts';
import { drawer, openList, openPeople, row, unique } from '../people-support.ts';
import { closeNotices, login, notice } from '../support.ts';

test.describe('people: a person from creation to removal', () => {
  test('every validation message of the person form is shown', async ({ page }) => {
    await login(page);
    await openPeople(page);
    await page.getByRole('button', { name: 'Novo Cadastro' }).click();
    const form = drawer(page, 'Nova Pessoa');
    await expect(form).toBeVisible();
    const save = form.getByRole('button', { name: 'Salvar' });
    await expect(save).toBeDisabled();

    await form.getByLabel('Nome', { exact: true }).fill('x');
    await form.getByLabel('Nome', { exact: true }).fill('');
    await expect(form.getByText('Informe no mínimo nome ou e-mail ou celular')).toBeVisible();
    await expect(form.getByText('Preencha os campos corretamente para prosseguir')).toBeVisible();

    await form.getByLabel('E-mail', { exact: true }).fill('ana@');
    await expect(form.getByText('Email inválido')).toBeVisible();
    await form.getByLabel('Celular', { exact: true }).fill('8187654');
    await expect(form.getByText('Telefone inválido')).toBeVisible();
    await form.getByLabel('CPF', { exact: true }).fill('11111111111');
    await expect(form.getByText('Cpf Inválido')).toBeVisible();
    await form.getByLabel('Data de nascimento', { exact: true }).fill('31022000');
    await expect(form.getByLabel('Data de nascimento', { exact: true })).toHaveValue('31/02/2000');
    await expect(form.getByText('Data inválida! (dd/mm/aaaa)')).toBeVisible();
    await form.getByLabel('Cidade', { exact: true }).fill('Recife');
    await expect(form.getByText('Informe o estado para prosseguir')).toBeVisible();
    await expect(save).toBeDisabled();
  });

  test('a team member needs an e-mail', async ({ page }) => {
    await login(page);
    await openPeople(page);
    await openList(page, 'Equipe');
    await page.getByRole('button', { name: 'Novo Cadastro' }).click();
    const form = drawer(page, 'Novo membro da equipe');
    await form.getByLabel('Nome', { exact: true }).fill('Sem E-mail');
    await form.getByLabel('E-mail', { exact: true }).fill('a');
    await form.getByLabel('E-mail', { exact: true }).fill('');
    await expect(form.getByText('Informe um e-mail válido para prosseguir').first()).toBeVisible();
    await expect(form.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  test('create, edit and delete a person', async ({ page }) => {
    const name = `Maria Teste ${unique()}`;
    await login(page);
    await openPeople(page);

    await page.getByRole('button', { name: 'Novo Cadastro' }).click();
    const create = drawer(page, 'Nova Pessoa');
    await create.getByLabel('Nome', { exact: true }).fill(name);
    await create.getByLabel('E-mail', { exact: true }).fill('maria.teste@example.com');
    await create.getByLabel('Celular', { exact: true }).fill('81987654321');
    await expect(create.getByLabel('Celular', { exact: true })).toHaveValue('(81) 98765-4321');
    await create.getByLabel('CPF', { exact: true }).fill('52998224725');
    await create.getByLabel('Data de nascimento', { exact: true }).fill('01021990');
    await create.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
    await expect(create).toBeHidden();

    const created = row(page, name);
    await expect(created).toBeVisible();
    await expect(created.getByRole('link', { name: 'Abrir no WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5581987654321',
    );
    await expect(page.getByTestId('list-footer')).toContainText(/Total: \d+ \(mostrando de 1 a \d+\)/);

    // vote and influence popovers
    await created.getByRole('button', { name: 'Voto: A conquistar' }).click();
    await page.locator('.ant-popover:visible').getByText('Conquistado').click();
    await expect(notice(page, 'Voto atualizado com sucesso')).toBeVisible();
    await expect(row(page, name).getByRole('button', { name: 'Voto: Conquistado' })).toBeVisible();
    await closeNotices(page);

    await row(page, name).getByRole('button', { name: 'Influência: 0' }).click();
    const influence = page.locator('.ant-popover:visible');
    await influence.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Influência deve ser maior que zero')).toBeVisible();
    // closing the notices (they cover the popover's button) closes the popover too: open it again
    await closeNotices(page);
    await row(page, name).getByRole('button', { name: 'Influência: 0' }).click();
    await influence.getByLabel('Influência').fill('12');
    await influence.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Pessoa marcada como mobilizadora com sucesso')).toBeVisible();
    await expect(row(page, name).getByRole('button', { name: 'Influência: 12' })).toBeVisible();

    // edit
    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const edit = drawer(page, 'Editar pessoa');
    await expect(edit.getByLabel('Nome', { exact: true })).toHaveValue(name);
    await expect(edit.getByLabel('CPF', { exact: true })).toHaveValue('529.982.247-25');
    await expect(edit.getByLabel('Data de nascimento', { exact: true })).toHaveValue('01/02/1990');
    await edit.getByLabel('Apelido', { exact: true }).fill('Mari');
    await edit.getByLabel('Cidade', { exact: true }).fill('Recife');
    await edit.getByLabel('Estado', { exact: true }).fill('PE');
    await page.keyboard.press('Enter');
    await edit.getByRole('tab', { name: 'Interações' }).click();
    await expect(edit.getByText('Nenhuma atividade encontrada')).toBeVisible();
    await edit.getByRole('tab', { name: 'Dados Cadastrais' }).click();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Cadastro salvo com sucesso!').first()).toBeVisible();
    await expect(edit).toBeHidden();

    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const again = drawer(page, 'Editar pessoa');
    await expect(again.getByLabel('Apelido', { exact: true })).toHaveValue('Mari');
    await expect(again.getByLabel('Cidade', { exact: true })).toHaveValue('Recife');
    await again.getByRole('button', { name: 'Cancelar' }).click();

    // delete
    await row(page, name).getByRole('button', { name: 'Remover' }).click();
    const confirm = page
      .locator('.ant-popover:visible')
      .filter({ hasText: 'Deseja realmente remover esse cadastro?' });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(notice(page, 'Cadastro removido com sucesso!')).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
  });

  test('bulk delete asks with the count', async ({ page }) => {
    const tag = unique();
    await login(page);
    await openPeople(page);
    for (const n of [1, 2]) {
      await page.getByRole('button', { name: 'Novo Cadastro' }).click();
      const create = drawer(page, 'Nova Pessoa');
      await create.getByLabel('Nome', { exact: true }).fill(`Lote ${tag} ${n}`);
      await create.getByRole('button', { name: 'Salvar' }).click();
      await expect(create).toBeHidden();
    }
    for (const n of [1, 2]) await row(page, `Lote ${tag} ${n}`).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Remover (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deseja realmente remover 2 cadastros?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(notice(page, 'Pessoas removidas com sucesso')).toBeVisible();
    await expect(row(page, `Lote ${tag}`)).toHaveCount(0);
  });
});
