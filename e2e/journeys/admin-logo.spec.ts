import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { login, notice } from '../support.ts';

// a 2x1 PNG (real image bytes: the server tells the type by them)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGOQ95tzXlgJAAdsAg7JefnZAAAAAElFTkSuQmCC',
  'base64',
);

test('settings: the account logo is uploaded and shows in the menu; an SVG is refused', async ({ page }) => {
  await login(page);
  await page.goto('/demo/admin/sistema/assinatura');
  await expect(page.getByRole('heading', { name: 'Detalhes da minha Assinatura' })).toBeVisible();
  await expectAccessible(page, 'detalhes da assinatura');

  const input = page.locator('.ant-upload input[type=file]');
  const refused = page.waitForResponse((r) => r.url().includes('/upload-logo'));
  await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  expect((await refused).status()).toBe(400);
  await expect(notice(page, 'Envie uma imagem PNG, JPEG ou WebP')).toBeVisible();

  const sent = page.waitForResponse((r) => r.url().includes('/upload-logo'));
  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  expect((await sent).status()).toBe(200);
  await expect(notice(page, 'Sucesso! Configurações atualizadas')).toBeVisible();
  // the collapsed menu shows the tenant's initials, and the logo over them (phone-bar.spec.ts)
  const mark = page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('img', { name: 'Mandato Demo' });
  const menuLogo = page.getByRole('tooltip').getByRole('img', { name: /^Logo de / });
  await mark.hover();
  await expect(menuLogo).toBeVisible();
  await expect.poll(() => menuLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect(page.getByRole('img', { name: /^Logo atual de / })).toBeVisible();

  // after a reload the session's schema still has it
  await page.reload();
  await mark.hover();
  await expect(menuLogo).toBeVisible();
});
