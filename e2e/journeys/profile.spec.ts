import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { modal } from '../people-support.ts';
import { DEMO, fillLogin, login, notice } from '../support.ts';

const USER = 'senha@demo.mandato.app';
const NEW_PASSWORD = 'nova-senha-123';

test.describe('profile: Meus dados and Alterar senha', () => {
  test('update my data, change the password and sign in with the new one', async ({ page }) => {
    await login(page, USER);
    await page.goto('/demo/perfil');
    await expect(page.getByRole('region', { name: 'Meu Perfil' })).toBeVisible();
    const name = page.getByLabel('Nome', { exact: true });
    await expect(name).toHaveValue('Troca Senha');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(USER);

    // name, e-mail and cellphone are required
    await name.fill('');
    await page.getByLabel('Celular', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Campo Obrigatório').first()).toBeVisible();
    await name.fill('Senha Trocada');
    await page.getByLabel('Celular', { exact: true }).fill('81987654321');
    await page.getByLabel('Cidade', { exact: true }).fill('Recife');
    await expect(page.getByText('Informe o estado para prosseguir')).toBeVisible();
    await page.getByLabel('Estado', { exact: true }).fill('PE');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Seus dados foram atualizados com sucesso')).toBeVisible();
    // the session user follows
    await page.getByRole('button', { name: 'Perfil' }).click();
    await expect(page.getByRole('menu', { name: 'Perfil' })).toContainText('Senha Trocada');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByLabel('Cidade', { exact: true })).toHaveValue('Recife');

    // password modal: all required; a mismatch sends nothing
    const changes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/change-password')) changes.push(r.url());
    });
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const dialog = modal(page, 'Alterar senha');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Campo Obrigatório')).toHaveCount(3);
    await expectAccessible(page, 'alterar senha (erros)');
    await dialog.getByLabel('Senha atual').fill(DEMO.password);
    await dialog.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirmação da nova senha').fill('outra-senha');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Ops!')).toContainText('A nova senha e a confirmação não estão iguais');
    expect(changes).toHaveLength(0);

    // a wrong current password is refused by the server
    await dialog.getByLabel('Senha atual').fill('senha-errada');
    await dialog.getByLabel('Confirmação da nova senha').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Não foi possível altear a sua senha')).toBeVisible();
    // one request in all since the mismatch: that one sent nothing (no wait on time needed)
    expect(changes).toHaveLength(1);

    // success: reset and closed
    await dialog.getByLabel('Senha atual').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Senha alterada com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(modal(page, 'Alterar senha').getByLabel('Senha atual')).toHaveValue('');
    await page.keyboard.press('Escape');

    // sign out, the old password no longer works, the new one does
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login/);
    await fillLogin(page, DEMO.slug, USER, DEMO.password);
    await expect(page).toHaveURL(/\/login/);
    await login(page, USER, DEMO.slug, NEW_PASSWORD);
  });
});
