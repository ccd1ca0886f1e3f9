import { expect, test } from '../fixtures.ts';
import { DEMO, fillLogin, login, notice } from '../support.ts';

test.describe('login', () => {
  test('validates the fields before sending', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Campo Obrigatório')).toHaveCount(3);
    await page.getByLabel('Domínio').fill('de mo');
    await page.getByLabel('Senha').fill('com espaco ');
    await expect(page.getByText('Valor não deve conter espaço!')).toHaveCount(2);
    await page.getByLabel('E-mail').fill('nao-e-email');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('E-mail inválido')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says the domain is inactive or unknown (403)', async ({ page }) => {
    await fillLogin(page, 'nao-existe', DEMO.admin, DEMO.password);
    await expect(notice(page, 'Domínio inativo ou não reconhecido')).toBeVisible();
    await fillLogin(page, 'inativo', DEMO.admin, DEMO.password);
    await expect(notice(page, 'Domínio inativo ou não reconhecido').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says e-mail or password are invalid (401), also for an inactive user', async ({ page }) => {
    await fillLogin(page, DEMO.slug, DEMO.admin, 'senha-errada');
    await expect(notice(page, 'e-mail ou senha inválidos')).toBeVisible();
    await fillLogin(page, DEMO.slug, 'ninguem@demo.mandato.app', DEMO.password);
    await expect(notice(page, 'e-mail ou senha inválidos').first()).toBeVisible();
    await page.locator('.ant-notification-notice-close').first().click();
    await fillLogin(page, DEMO.slug, 'inativo@demo.mandato.app', DEMO.password);
    await expect(notice(page, 'e-mail ou senha inválidos').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in to the agenda, remembers domain and e-mail, and keeps a signed-in user away from /login', async ({
    page,
  }) => {
    await login(page);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.getByTestId('dev-badge')).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/demo\/agenda$/);
    await page.goto('/demo/nao-existe-essa-rota');
    await expect(page).toHaveURL(/\/demo\/agenda$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/demo\/agenda$/);
    // the stored session survives a reload (encrypted at rest)
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toContain('admin@demo.mandato.app"');
    expect(stored).not.toMatch(/eyJhbGciOi/); // no raw token
  });
});
