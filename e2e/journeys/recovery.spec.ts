import { expect, test } from '../fixtures.ts';
import { DEMO, notice } from '../support.ts';

test('password recovery: errors by status, then success back to login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('button', { name: 'Recuperar Senha' })).toBeVisible();

  await page.getByRole('button', { name: 'Recuperar Senha' }).click();
  await expect(page.getByText('Campo Obrigatório')).toHaveCount(2);

  await page.getByLabel('Domínio').fill('nao-existe');
  await page.getByLabel('E-mail').fill('recupera@demo.mandato.app');
  await page.getByRole('button', { name: 'Recuperar Senha' }).click();
  await expect(notice(page, 'Domínio inativo ou não reconhecido')).toBeVisible();

  await page.getByLabel('Domínio').fill(DEMO.slug);
  await page.getByLabel('E-mail').fill('ninguem@demo.mandato.app');
  await page.getByRole('button', { name: 'Recuperar Senha' }).click();
  await expect(notice(page, 'e-mail não reconhecido')).toBeVisible();

  await page.getByLabel('E-mail').fill('recupera@demo.mandato.app');
  await page.getByRole('button', { name: 'Recuperar Senha' }).click();
  await expect(
    notice(page, 'Senha redefinida com sucesso! Verifique seu e-mail e prossiga com o login'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await page.getByRole('button', { name: 'Voltar para login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
