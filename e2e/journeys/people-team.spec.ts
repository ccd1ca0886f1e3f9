import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, openList, openPeople, row, unique } from '../people-support.ts';
import { DEMO, login, notice } from '../support.ts';

async function createTeamMember(page: Page, name: string, email: string) {
  await openList(page, 'Equipe');
  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const form = drawer(page, 'Novo membro da equipe');
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(row(page, name)).toBeVisible();
}

test.describe('people: team access and permissions', () => {
  test('a ROLE_TEAM user cannot change a user who holds more, nor grant what they lack', async ({ page }) => {
    const tag = unique();
    const name = `Membro ${tag}`;
    await login(page, DEMO.team);
    await openPeople(page);
    await openList(page, 'Equipe');
    await row(page, 'Administrador Demo').getByRole('button', { name: 'Acesso e Permissões' }).click();
    const admin = page.getByRole('dialog', { name: 'Acesso e Permissões — Administrador Demo' });
    await expect(
      admin.getByText('Você não pode alterar um usuário que tem permissões que você não possui'),
    ).toBeVisible();
    await expectAccessible(page, 'acesso e permissões');
    await expect(admin.getByRole('switch', { name: 'Ativo?' })).toBeDisabled();
    await expect(admin.getByRole('switch', { name: 'Equipe' })).toBeDisabled();
    await expect(admin.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await expect(admin.getByRole('button', { name: 'Redefinir senha' })).toBeDisabled();
    await admin.getByRole('button', { name: 'Cancelar' }).click();
    await expect(admin).toBeHidden();

    await createTeamMember(page, name, `membro.${tag}@example.com`);
    await row(page, name).getByRole('button', { name: 'Acesso e Permissões' }).click();
    const dialog = page.getByRole('dialog', { name: `Acesso e Permissões — ${name}` });
    const active = dialog.getByRole('switch', { name: 'Ativo?' });
    await expect(active).toBeVisible();
    if (!(await active.isChecked())) await active.click();
    await expect(dialog.getByRole('switch', { name: 'Equipe' })).toBeEnabled();
    await expect(dialog.getByRole('switch', { name: 'CRM' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Configurações' })).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Equipe' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Permissões atualizadas com sucesso')).toBeVisible();
  });

  test('the permissions dialog activates a member, sets roles and resets the password', async ({ page }) => {
    const tag = unique();
    const name = `Membro ${tag}`;
    await login(page);
    await openPeople(page);
    await createTeamMember(page, name, `membro.${tag}@example.com`);

    // the key button is only on team rows
    await row(page, name).getByRole('button', { name: 'Acesso e Permissões' }).click();
    const dialog = page.getByRole('dialog', { name: `Acesso e Permissões — ${name}` });
    await expect(dialog.getByRole('switch', { name: 'Ativo?' })).toBeVisible();
    if (!(await dialog.getByRole('switch', { name: 'Ativo?' }).isChecked())) {
      await expect(dialog.getByTestId('permission-group-Equipe')).toHaveCount(0);
      await dialog.getByRole('switch', { name: 'Ativo?' }).click();
    }
    for (const group of ['Equipe', 'CRM', 'Marketing', 'Relatórios', 'Configurações']) {
      await expect(dialog.getByTestId(`permission-group-${group}`)).toBeVisible();
    }
    await dialog.getByRole('switch', { name: 'Visualizar todos?' }).click();
    await expect(dialog.getByRole('switch', { name: 'CRM' })).toBeChecked();
    await dialog.getByRole('switch', { name: 'Relatórios' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Permissões atualizadas com sucesso')).toBeVisible();
    await expect(dialog).toBeHidden();

    await row(page, name).getByRole('button', { name: 'Acesso e Permissões' }).click();
    const again = page.getByRole('dialog', { name: `Acesso e Permissões — ${name}` });
    await expect(again.getByRole('switch', { name: 'Ativo?' })).toBeChecked();
    await expect(again.getByRole('switch', { name: 'Visualizar todos?' })).toBeChecked();
    await expect(again.getByRole('switch', { name: 'Relatórios' })).toBeChecked();
    await expect(again.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();

    await again.getByRole('button', { name: 'Redefinir senha' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'A senha será redefida e encaminhada ao e-mail do usuário. Deseja prosseguir?',
    });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await expect(notice(page, 'Senha reenviada com sucesso')).toBeVisible();

    // deactivating hides the permission groups
    await again.getByRole('switch', { name: 'Ativo?' }).click();
    await expect(again.getByTestId('permission-group-CRM')).toHaveCount(0);
    await again.getByRole('button', { name: 'Cancelar' }).click();

    // person rows have no key
    await openList(page, 'Pessoas');
    await expect(page.getByRole('button', { name: 'Acesso e Permissões' })).toHaveCount(0);
  });

  test("'Tornar equipe' turns a contact with an e-mail into a team member", async ({ page }) => {
    const tag = unique();
    const name = `Contato ${tag}`;
    await login(page);
    await openPeople(page);
    await page.getByRole('button', { name: 'Novo Cadastro' }).click();
    const create = drawer(page, 'Nova Pessoa');
    await create.getByLabel('Nome', { exact: true }).fill(name);
    await create.getByRole('button', { name: 'Salvar' }).click();
    await expect(create).toBeHidden();

    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const edit = drawer(page, 'Editar pessoa');
    await expect(edit.getByLabel('Nome', { exact: true })).toHaveValue(name);
    const makeTeam = edit.getByRole('button', { name: 'Tornar equipe' });
    await expect(makeTeam).toBeDisabled();
    await edit.getByLabel('E-mail', { exact: true }).fill(`contato.${tag}@example.com`);
    await expect(makeTeam).toBeEnabled();
    await makeTeam.click();
    await expect(notice(page, 'Contato transformado em membro da equipe com sucesso!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row(page, name)).toHaveCount(0);

    await openList(page, 'Equipe');
    await expect(row(page, name).getByRole('button', { name: 'Acesso e Permissões' })).toBeVisible();
  });

  test('a module outside the plan is disabled with a link to change plan', async ({ page }) => {
    const tag = unique();
    const name = `Assessor ${tag}`;
    await login(page, 'admin@avaliacao.test', 'avaliacao');
    await openPeople(page, 'avaliacao');
    await createTeamMember(page, name, `assessor.${tag}@example.com`);
    await row(page, name).getByRole('button', { name: 'Acesso e Permissões' }).click();
    const dialog = page.getByRole('dialog', { name: `Acesso e Permissões — ${name}` });
    const active = dialog.getByRole('switch', { name: 'Ativo?' });
    await expect(active).toBeVisible();
    if (!(await active.isChecked())) await active.click();
    const marketing = dialog.getByTestId('permission-group-Marketing');
    await expect(marketing.getByRole('switch', { name: 'Marketing' })).toBeDisabled();
    await expect(marketing.getByText('Este módulo não está disponível no seu plano')).toBeVisible();
    await expect(marketing.getByRole('link', { name: 'Mudar de plano' })).toHaveAttribute(
      'href',
      '/avaliacao/admin/assinar',
    );
    await expect(
      dialog.getByTestId('permission-group-CRM').getByRole('switch', { name: 'CRM' }),
    ).toBeEnabled();
  });
});
