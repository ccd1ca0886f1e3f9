import { expectAccessible } from '../accessibility.ts';
import { openAgenda, viewButton } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, openList, openPeople, row, unique } from '../people-support.ts';
import { apiLogin, DEMO, login } from '../support.ts';

/** Every screen in its main states passes axe-core (WCAG 2.2 AA, no serious or critical violation). */
test.describe('accessibility: axe-core on every screen', () => {
  test('public screens', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expectAccessible(page, 'login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByRole('button', { name: 'Recuperar Senha' })).toBeVisible();
    await expectAccessible(page, 'recuperar senha');
    await page.getByRole('button', { name: 'Recuperar Senha' }).click();
    await expect(page.getByText('Campo Obrigatório')).toHaveCount(2);
    await expectAccessible(page, 'recuperar senha (erros)');
  });

  test('agenda', async ({ page }) => {
    await login(page);
    await openAgenda(page);
    await expectAccessible(page, 'agenda (mês)');
    for (const view of ['Semana', 'Dia', 'Lista']) {
      await viewButton(page, view).click();
      await expect(viewButton(page, view)).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(page, `agenda (${view})`);
    }
    await page.getByRole('button', { name: 'Novo Evento' }).click();
    await expect(drawer(page, 'Evento')).toBeVisible();
    await expectAccessible(page, 'agenda: novo evento');
  });

  test('people, a person, lists and team', async ({ page, request }) => {
    const name = `Acessível ${unique()}`;
    const { token } = await apiLogin(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
    expect((await request.post('/api/people', { headers, data: { name, vote: 'CONQUERED' } })).status()).toBe(
      200,
    );

    await login(page);
    await openPeople(page);
    await expect(row(page, name)).toBeVisible();
    await expectAccessible(page, 'pessoas');
    await row(page, name).getByRole('button', { name: 'Editar' }).click();
    const person = drawer(page, 'Editar pessoa');
    await expect(person).toBeVisible();
    await expectAccessible(page, 'pessoas: ficha');
    await person.getByRole('tab', { name: 'Interações' }).click();
    await expect(person.getByText('Nenhuma atividade encontrada')).toBeVisible();
    await expectAccessible(page, 'pessoas: interações');
    await page.keyboard.press('Escape');
    await expect(person).toBeHidden();

    await page.getByRole('button', { name: 'Novo Cadastro' }).click();
    await expect(drawer(page, 'Nova Pessoa')).toBeVisible();
    await expectAccessible(page, 'pessoas: nova pessoa');
    await page.keyboard.press('Escape');
    await expect(drawer(page, 'Nova Pessoa')).toBeHidden();

    await openList(page, 'Locais de Votação');
    await expectAccessible(page, 'locais de votação');

    await page.goto('/demo/pessoas/equipe');
    await expect(row(page, 'Administrador Demo')).toBeVisible();
    await expectAccessible(page, 'equipe');
  });

  test('profile', async ({ page }) => {
    await login(page);
    await page.goto('/demo/perfil');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'perfil');
  });
});
