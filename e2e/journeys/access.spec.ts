import { expect, test } from '../fixtures.ts';
import { DEMO, login } from '../support.ts';

test.describe('roles and modules', () => {
  test('a ROLE_TEAM-only user sees only what the role allows', async ({ page }) => {
    await login(page, DEMO.team);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Pessoas' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Agenda' })).toBeVisible();
    for (const hidden of ['Marketing', 'Relatórios', 'Emendas', 'Demandas', 'Doações', 'Configurações']) {
      await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
    }
    await menu.getByRole('link', { name: 'Pessoas' }).click();
    await expect(page).toHaveURL(/\/demo\/pessoas/);
    await expect(page.getByRole('region', { name: 'Pessoas' })).toBeVisible();
  });

  test('the module guard warns and sends the user to the agenda', async ({ page }) => {
    await login(page, DEMO.team);
    for (const path of ['/demo/marketing', '/demo/admin', '/demo/relatorios', '/demo/emendas']) {
      await page.goto(path);
      await expect(
        page
          .getByText('Você não tem permissão para acessar esse módulo, portanto será redirecionado')
          .first(),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/demo\/agenda$/);
    }
  });

  test('an admin sees every module entry and the disabled next-generation entry', async ({ page }) => {
    await login(page);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const name of ['Pessoas', 'Agenda', 'Marketing', 'Relatórios', 'Emendas', 'Demandas']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Nova versão' })).toBeDisabled();
    await menu.getByRole('link', { name: 'Marketing' }).click();
    await expect(page).toHaveURL(/\/demo\/marketing/);
  });

  test('a trial tenant shows the countdown banner', async ({ page }) => {
    await login(page, 'admin@avaliacao.test', 'avaliacao');
    await expect(page.getByTestId('trial-banner')).toContainText('em 5 dias');
    await expect(page.getByTestId('contact-plan-banner')).toHaveCount(0);
  });
});
