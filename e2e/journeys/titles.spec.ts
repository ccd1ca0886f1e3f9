import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { login } from '../support.ts';

const SHOTS = '/tmp/shots-titles';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
/** The demo tenant's name (seed demo). */
const TENANT = 'Mandato Demo';
const inTenant = (screen: string) => `${screen} · ${TENANT}`;
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test.describe('titles: each tab names its screen and the tenant (WCAG 2.4.2)', () => {
  test('public pages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Domínio')).toBeVisible();
    await expect(page).toHaveTitle('Entrar · Mandato');
    await shot(page, 'login-1280');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByLabel('Domínio')).toBeVisible();
    await expect(page).toHaveTitle('Recuperar senha · Mandato');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'recovery-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/demo/convite/nao-existe-123');
    await expect(page.getByText('Oops! Página não encontrada!')).toBeVisible();
    await expect(page).toHaveTitle('Cadastro por convite · Mandato');
    await page.goto('/descadastrar/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('heading', { name: 'Cancelar inscrição' })).toBeVisible();
    await expect(page).toHaveTitle('Cancelar inscrição · Mandato');
  });

  test('signed-in screens, by the menu, their own links and their addresses', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page);
    await expect(page).toHaveTitle(inTenant('Agenda'));

    await menu(page).getByRole('link', { name: 'Pessoas' }).click();
    await expect(page).toHaveURL(/\/demo\/pessoas$/);
    await expect(page).toHaveTitle(inTenant('Pessoas'));
    for (const [path, screen] of [
      ['pessoas/equipe', 'Equipe'],
      ['pessoas/importar/pessoas', 'Importar Pessoas'],
      ['pessoas/exportar/pessoas', 'Exportar Pessoas'],
      ['pessoas/cadastros-pendentes', 'Cadastros pendentes'],
      ['perfil', 'Meu Perfil'],
      ['emendas', 'Emendas'],
      ['demandas', 'Demandas'],
    ] as const) {
      await page.goto(`/demo/${path}`);
      await expect(page, path).toHaveTitle(inTenant(screen));
    }

    await menu(page).getByRole('link', { name: 'Relatórios' }).click();
    await expect(page).toHaveTitle(inTenant('Relatórios'));
    await page.getByTestId('report-link-status-da-base').click();
    await expect(page).toHaveTitle(inTenant('Relatórios › Status da Base'));

    await menu(page).getByRole('link', { name: 'Configurações' }).click();
    await expect(page).toHaveURL(/\/admin\/sistema\/assinatura$/);
    await expect(page).toHaveTitle(inTenant('Configurações › Detalhes da Assinatura'));
    await page
      .getByRole('navigation', { name: 'Menu de configurações' })
      .getByRole('menuitem', { name: 'Remetentes' })
      .click();
    await expect(page).toHaveURL(/\/admin\/mkt\/remetentes$/);
    await expect(page).toHaveTitle(inTenant('Configurações › Remetentes'));

    // the shots screens also name their tab themselves (modules/shots/useDocumentTitle.ts)
    await menu(page).getByRole('link', { name: 'Marketing' }).click();
    await expect(page).toHaveURL(/\/marketing\/disparos$/);
    await expect(page).toHaveTitle(/^Disparos/);
    // leaving them gives the tab its screen's title back
    await menu(page).getByRole('link', { name: 'Pessoas' }).click();
    await expect(page).toHaveTitle(inTenant('Pessoas'));

    // the voting place's wording, in the quick actions and the drawer they open
    await expect(page.getByRole('button', { name: 'Ações rápidas' })).toBeEnabled();
    await page.keyboard.press('Control+k');
    const quick = page.getByRole('dialog', { name: 'Ações rápidas' });
    await quick.getByRole('button', { name: 'Adicionar local de votação' }).click();
    await expect(page.getByRole('dialog', { name: 'Novo local de votação' })).toBeVisible();
    await shot(page, 'company-drawer-1280');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Novo local de votação' })).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/demo/agenda');
    await expect(page).toHaveTitle(inTenant('Agenda'));
    await page.goto('/demo/admin/mkt/dominios');
    await expect(page).toHaveTitle(inTenant('Configurações › Domínios'));
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
    await shot(page, 'settings-390');
    await page.goto('/demo/pessoas');
    await expect(page.getByRole('button', { name: 'Ações rápidas' })).toBeEnabled();
    await page.keyboard.press('Control+k');
    await quick.getByRole('button', { name: 'Adicionar local de votação' }).click();
    await expect(page.getByRole('dialog', { name: 'Novo local de votação' })).toBeVisible();
    await shot(page, 'company-drawer-390');
  });
});
