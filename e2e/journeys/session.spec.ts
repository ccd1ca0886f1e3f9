import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, login, notice } from '../support.ts';

test.describe('session', () => {
  test('logs out from the profile menu and guards tenant routes afterwards', async ({ page }) => {
    await login(page, DEMO.team);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await expect(page.getByRole('menuitem', { name: /Atualizar versão 2024\.0216\.1/ })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // 'Lembrar-me' kept domain and e-mail
    await expect(page.getByLabel('Dominio')).toHaveValue(DEMO.slug);
    await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.team);
    await page.goto('/demo/agenda');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired session shows one "Sessão Expirada!" notice and returns to login', async ({
    page,
    request,
  }) => {
    await login(page, 'expira@demo.mandato.app');
    // the agenda's first loads must be over: a request of theirs answered 401 after the reset would
    // end the session on its own, before the reload this journey looks at
    await page.waitForLoadState('networkidle');
    // an admin resets this user's password: every session issued before ends (server answers 401)
    const admin = await apiLogin(request, DEMO.admin);
    const me = await apiLogin(request, 'expira@demo.mandato.app');
    const reset = await request.put(`/api/users/${me.user.code}/reset-password`, {
      headers: { 'X-Schema': DEMO.slug, Authorization: `Bearer ${admin.token}` },
    });
    expect(reset.status()).toBe(200);
    // the queue sets the new password (and ends older sessions) within a poll interval
    const verify = () =>
      request.get('/api/auth/verify', {
        headers: { 'X-Schema': DEMO.slug, Authorization: `Bearer ${me.token}` },
      });
    await expect.poll(async () => (await verify()).status(), { timeout: 15_000 }).toBe(401);
    // the notice lives 6 s: look for it from the moment the page is back, not from its load event
    await page.reload({ waitUntil: 'commit' });
    await expect(notice(page, 'Sessão Expirada!')).toBeVisible();
    await expect(notice(page, 'Sua sessão expirou. Faça login novamente para prosseguir')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(notice(page, 'Sessão Expirada!')).toHaveCount(1);
  });
});
