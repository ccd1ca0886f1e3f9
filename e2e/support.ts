import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO = {
  slug: 'demo',
  admin: 'admin@demo.mandato.app',
  team: 'equipe@demo.mandato.app',
  password: 'mandato123',
};

export async function fillLogin(page: Page, domain: string, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Domínio').fill(domain);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function login(page: Page, email = DEMO.admin, domain = DEMO.slug, password = DEMO.password) {
  await fillLogin(page, domain, email, password);
  await expect(page).toHaveURL(new RegExp(`/${domain}/agenda$`));
}

/** Signs in through the API (for set-up steps a journey does not test). */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  domain = DEMO.slug,
  password = DEMO.password,
) {
  const res = await request.post('/api/auth/login', {
    headers: { 'X-Schema': domain },
    data: { email, password: createHash('sha256').update(password).digest('hex') },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { token: string; user: { code: string } };
}

export const notice = (page: Page, text: string) =>
  page.locator('.ant-notification-notice').filter({ hasText: text });

/**
 * Closes every notice on screen and waits until none is left: the notices stack at the top right,
 * over whatever sits there (a popover's button), and a pointer resting on them keeps them open.
 */
export async function closeNotices(page: Page) {
  const open = page.locator('.ant-notification-notice');
  while ((await open.count()) > 0) {
    await open
      .first()
      .locator('.ant-notification-notice-close')
      .click({ timeout: 5000 })
      .catch(() => undefined); // it may have closed on its own meanwhile
  }
  await expect(open).toHaveCount(0);
}
