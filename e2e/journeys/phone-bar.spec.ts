import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { closeNotices, login } from '../support.ts';

const SHOTS = '/tmp/shots-phone-bar';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('sem caixa');
  return b;
}

/** A 200 × 50 logo (the advised size) drawn by the browser, as PNG bytes. */
async function drawLogo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 50;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 200, 50);
    g.fillStyle = '#0b6e4f';
    g.fillRect(0, 0, 50, 50);
    g.fillStyle = '#12305f';
    g.font = 'bold 22px sans-serif';
    g.fillText('Gabinete', 58, 32);
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  return Buffer.from(base64, 'base64');
}

test.describe('the phone bar at 390 px on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('five labelled cells of 44 px or more, Mais with the rest, no tooltip left after a tap', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    await login(page);
    expect(await page.evaluate(() => window.matchMedia('(hover: hover)').matches)).toBe(false);
    const bar = menu(page);
    await expect(bar.getByRole('button', { name: 'Ações rápidas' })).toBeEnabled();
    const items = bar.locator('a, button');
    await expect(items).toHaveCount(5);
    for (const item of await items.all()) {
      const b = await box(item);
      expect(b.width, (await item.getAttribute('aria-label')) ?? '').toBeGreaterThanOrEqual(44);
      expect(b.height, (await item.getAttribute('aria-label')) ?? '').toBeGreaterThanOrEqual(44);
    }
    for (const label of ['Pessoas', 'Agenda', 'Marketing', 'Ações rápidas', 'Mais'])
      await expect(bar.getByText(label, { exact: true })).toBeVisible();
    await expectAccessible(page, 'barra do celular');
    await shot(page, 'bar-390');

    // a tapped entry leaves no tooltip over the content
    await bar.getByRole('link', { name: 'Pessoas' }).tap();
    await expect(page).toHaveURL(/\/demo\/pessoas/);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await bar.getByRole('button', { name: 'Ações rápidas' }).tap();
    const quick = page.getByRole('dialog', { name: 'Ações rápidas' });
    await expect(quick).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(quick).toBeHidden();
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // 'Mais': the other entries and the profile, labelled, 44 px or more
    await bar.getByRole('button', { name: 'Mais' }).tap();
    const more = page.getByRole('dialog', { name: 'Mais' });
    await expect(more).toBeVisible();
    const entries = more.getByRole('link');
    await expect(entries).toHaveText(['Relatórios', 'Emendas', 'Demandas', 'Doações', 'Configurações']);
    for (const entry of [...(await entries.all()), ...(await more.getByRole('menuitem').all())])
      expect((await box(entry)).height).toBeGreaterThanOrEqual(44);
    await expect(more.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
    await expectAccessible(page, 'Mais, no celular');
    await shot(page, 'more-390');
    await more.getByRole('link', { name: 'Relatórios' }).tap();
    await expect(page).toHaveURL(/\/demo\/relatorios/);
    await expect(more).toBeHidden();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });
});

test('the 200 × 50 logo: legible in the expanded column, in Mais and over the initials of the collapsed column', async ({
  page,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page);
  // uploaded where a user does it ('Detalhes da minha Assinatura'): the menu takes it at once
  const png = await drawLogo(page);
  await page.goto('/demo/admin/sistema/assinatura');
  const sent = page.waitForResponse((r) => r.url().includes('/upload-logo'));
  await page.locator('.ant-upload input[type=file]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png,
  });
  expect((await sent).status()).toBe(200);
  await closeNotices(page);
  // collapsed: the spec's 67 px column shows the tenant's initials, 44 px, not a 56 × 14 logo
  expect((await box(menu(page))).width).toBe(67);
  const mark = menu(page).getByRole('img', { name: 'Mandato Demo' });
  await expect(mark).toHaveText('MD');
  expect(await box(mark)).toMatchObject({ width: 44, height: 44 });
  await expect(menu(page).getByRole('img', { name: /^Logo de / })).toHaveCount(0);
  // a mouse over it shows the logo at its advised size
  await mark.hover();
  const hovered = page.getByRole('tooltip').getByRole('img', { name: /^Logo de / });
  await expect(hovered).toBeVisible();
  await expect.poll(() => hovered.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  expect(await box(hovered)).toMatchObject({ width: 200, height: 50 });
  await expectAccessible(page, 'menu recolhido, logo sobre as iniciais');
  await shot(page, 'collapsed-1280');
  await page.mouse.move(640, 400);
  await expect(page.getByRole('tooltip')).toBeHidden();

  await menu(page).getByRole('button', { name: 'Expandir menu' }).click();
  const logo = menu(page).getByRole('img', { name: /^Logo de / });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  const expanded = await box(logo);
  expect(expanded.width).toBeGreaterThanOrEqual(120);
  expect(expanded.height).toBeGreaterThanOrEqual(30);
  await expect(menu(page).getByText('Pessoas', { exact: true })).toBeVisible();
  // the content moves over, nothing under the column
  const content = await box(page.locator('.app-shell__content'));
  expect(content.x).toBeGreaterThanOrEqual((await box(menu(page))).width);
  await expectAccessible(page, 'menu expandido');
  await shot(page, 'expanded-1280');
  // the choice stays after a reload
  await page.reload();
  await expect(menu(page).getByRole('button', { name: 'Recolher menu' })).toBeVisible();
  await menu(page).getByRole('button', { name: 'Recolher menu' }).click();
  await expect(menu(page).getByRole('button', { name: 'Expandir menu' })).toBeVisible();

  // on the phone the logo is in Mais, legible
  await page.setViewportSize({ width: 390, height: 844 });
  await menu(page).getByRole('button', { name: 'Mais' }).click();
  const moreLogo = page.getByRole('dialog', { name: 'Mais' }).getByRole('img', { name: /^Logo de / });
  await expect(moreLogo).toBeVisible();
  expect((await box(moreLogo)).width).toBeGreaterThanOrEqual(120);
  await shot(page, 'more-logo-390');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Mais' })).toBeHidden();
});
