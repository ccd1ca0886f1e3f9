import { expect, test } from '../fixtures.ts';
import { drawer, listItem, unique } from '../people-support.ts';
import { login, notice } from '../support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('people: the card list on a 390 px screen', async ({ page }) => {
  const name = `Celular ${unique()}`;
  await login(page);
  await page.goto('/demo/pessoas');
  const screen = page.getByRole('region', { name: 'Pessoas' });
  await expect(screen).toBeVisible();
  // no table and no Importar below 768 px; the sider moves into a drawer
  await expect(page.locator('.ant-table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo Cadastro' }).click();
  const form = drawer(page, 'Nova Pessoa');
  await form.getByLabel('Nome', { exact: true }).fill(name);
  await form.getByLabel('Celular', { exact: true }).fill('11987654321');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();

  const card = page.getByTestId('record-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('(11) 98765-4321');
  await expect(card.getByRole('link', { name: 'Abrir no WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/5511987654321',
  );
  await expect(page.getByTestId('list-footer')).toContainText('Total:');
  const box = await card.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Segmentações' }).click();
  await listItem(page, 'Equipe').click();
  await expect(page.getByLabel('Nome da lista de segmentação')).toHaveValue('Equipe');
  await expect(page.getByTestId('record-card').filter({ hasText: 'Administrador Demo' })).toBeVisible();

  await page.screenshot({ path: 'test-results/e2e/people-mobile-390.png', fullPage: true });
});
