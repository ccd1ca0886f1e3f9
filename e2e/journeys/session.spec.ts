import { expect, test } from '../fixtures.ts';
import { DEMO, login, notice } from '../support.ts';

test.describe('session', () => {
  test('logs out from the profile menu, ends the session on the server and guards tenant routes afterwards', async ({
    page,
    request,
  }) => {
    await login(page, DEMO.team);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await expect(page.getByRole('menuitem', { name: /Atualizar versão 2024\.0216\.1/ })).toBeVisible();
    const loggedOut = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST',
    );
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // 'Sair' revoked the session: the token the page used is refused from now on
    const logout = await loggedOut;
    expect(logout.status()).toBe(200);
    const authorization = (await logout.request().allHeaders()).authorization;
    expect(authorization).toMatch(/^Bearer \S+$/);
    const verify = await request.get('/api/auth/verify', {
      headers: { 'X-Schema': DEMO.slug, Authorization: authorization as string },
    });
    expect(verify.status()).toBe(401);
    // 'Lembrar-me' kept domain and e-mail
    await expect(page.getByLabel('Domínio')).toHaveValue(DEMO.slug);
    await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.team);
    await page.goto('/demo/agenda');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired session shows one "Sessão Expirada!" notice and returns to login', async ({
    page,
    request,
  }) => {
    // the token the page signs its calls with, read from its own first authenticated request
    const signed = page.waitForRequest((r) => r.url().includes('/api/') && !!r.headers().authorization);
    await login(page, 'expira@demo.mandato.app');
    const authorization = (await signed).headers().authorization as string;
    // the session reached storage (it is written after the redirect); then the app is left while the
    // session ends, so no request of its own can meet the 401 before the return this journey looks at
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mandato.session'))).not.toBeNull();
    await page.goto('about:blank');
    // the session ends on the server (as when it expires or is revoked elsewhere): the next call is 401
    const headers = { 'X-Schema': DEMO.slug, Authorization: authorization };
    expect((await request.post('/api/auth/logout', { headers })).status()).toBe(200);
    expect((await request.get('/api/auth/verify', { headers })).status()).toBe(401);
    const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
    await page.goto('/demo/agenda', { waitUntil: 'commit' });
    await refused;
    const expired = notice(page, 'Sessão Expirada!');
    await expect(expired).toBeVisible();
    // the notice closes itself after 6 s; the pointer on it keeps it open for the checks below
    await expired.hover();
    await expect(expired).toContainText('Sua sessão expirou. Faça login novamente para prosseguir');
    await expect(page).toHaveURL(/\/login$/);
    await expect(notice(page, 'Sessão Expirada!')).toHaveCount(1);
  });
});
