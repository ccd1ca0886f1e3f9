import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, unique } from '../people-support.ts';
import { apiLogin, login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-admin';

/** The quick search dialog and its field. */
const dialog = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Ações rápidas' });
const searchBox = (page: import('@playwright/test').Page) =>
  dialog(page).getByRole('combobox', { name: 'Buscar por nome, e-mail ou telefone' });

test.describe('main menu quick actions', () => {
  test('search people by e-mail and phone from the agenda and open them', async ({ page, request }) => {
    test.setTimeout(120_000);
    const u = unique();
    const digits = String(Date.now()).slice(-7);
    const name = `Quitéria Rápida ${u}`;
    const { token } = await apiLogin(request, 'admin@demo.mandato.app');
    const created = await request.post('/api/people', {
      headers: { 'X-Schema': 'demo', Authorization: `Bearer ${token}` },
      data: { name, email: `quick.${u}@exemplo.com`, cellphone: `6198${digits}` },
    });
    expect(created.status()).toBe(200);

    await login(page);
    await expect(page).toHaveURL(/\/demo\/agenda$/);

    // from the agenda, by the menu button: part of the e-mail, keyboard only
    await page.getByRole('button', { name: 'Ações rápidas' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(searchBox(page)).toBeFocused();
    await expect(dialog(page).getByRole('status')).toHaveText('Comece a digitar');
    await expectAccessible(page, 'ações rápidas');
    const searched = page.waitForResponse((r) => r.url().includes('/api/people/quick-search?'));
    await searchBox(page).pressSequentially(`quick.${u}`);
    expect((await searched).status()).toBe(200);
    const option = dialog(page).getByRole('option', { name: new RegExp(name) });
    await expect(option).toBeVisible();
    await expect(option).toContainText(`(61) 98${digits.slice(0, 3)}-${digits.slice(3)}`);
    await expectAccessible(page, 'ações rápidas com resultado');
    await page.screenshot({ path: `${SHOTS}/quick-search-1280.png` });
    await page.keyboard.press('Enter');
    const person = drawer(page, 'Editar pessoa');
    await expect(person.getByLabel('Nome', { exact: true })).toHaveValue(name);
    await expectAccessible(page, 'pessoa aberta pela busca rápida');
    await person.getByRole('button', { name: 'Cancelar' }).click();
    await expect(person).toBeHidden();

    // the shortcut, by the phone typed with its mask
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).fill(`(61) 98${digits.slice(0, 3)}`);
    await dialog(page)
      .getByRole('option', { name: new RegExp(name) })
      .click();
    await expect(drawer(page, 'Editar pessoa').getByLabel('Nome', { exact: true })).toHaveValue(name);
    await drawer(page, 'Editar pessoa').getByRole('button', { name: 'Cancelar' }).click();

    // the end of the number only, with its mask (issue 28: any tail of 4 digits or more)
    await page.keyboard.press('Control+k');
    await searchBox(page).fill(`8${digits.slice(0, 3)}-${digits.slice(3)}`);
    await expect(dialog(page).getByRole('option', { name: new RegExp(name) })).toBeVisible();
    await expect(dialog(page).getByRole('option')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/quick-search-tail-1280.png` });
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // nothing found
    await page.keyboard.press('Control+k');
    await searchBox(page).fill(`ninguém ${u}`);
    await expect(dialog(page).getByRole('status')).toHaveText('Nenhum item encontrado');
  });

  test('add a person from the menu, then find it', async ({ page }) => {
    const u = unique();
    await login(page);
    await page.getByRole('button', { name: 'Ações rápidas' }).click();
    await dialog(page).getByRole('button', { name: 'Adicionar pessoa' }).click();
    const newPerson = drawer(page, 'Nova Pessoa');
    await newPerson.getByLabel('Nome', { exact: true }).fill(`Pessoa do Menu ${u}`);
    await newPerson.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
    await expect(newPerson).toBeHidden();
    await expect(page).toHaveURL(/\/demo\/agenda$/);
    await page.getByRole('button', { name: 'Ações rápidas' }).click();
    await searchBox(page).fill(`do menu ${u}`);
    await expect(dialog(page).getByRole('option', { name: new RegExp(`Pessoa do Menu ${u}`) })).toBeVisible();
  });

  test('add a company (voting place) from the menu', async ({ page, request }) => {
    const u = unique();
    const { token } = await apiLogin(request, 'admin@demo.mandato.app');
    await login(page);
    // the shortcut works once the menu's quick actions have loaded (their button is enabled)
    await expect(page.getByRole('button', { name: 'Ações rápidas' })).toBeEnabled();
    await page.keyboard.press('Control+k');
    await dialog(page).getByRole('button', { name: 'Adicionar local de votação' }).click();
    const company = drawer(page, 'Novo local de votação');
    await company.getByLabel('Nome', { exact: true }).fill(`Escola do Menu ${u}`);
    await expectAccessible(page, 'novo local de votação pelo menu');
    await company.getByRole('button', { name: 'Salvar' }).click();
    await expect(company).toBeHidden();
    const companies = await request.post('/api/companies/search', {
      headers: { 'X-Schema': 'demo', Authorization: `Bearer ${token}` },
      data: { expression: [{ units: [{ field: 'name', operator: '=', values: [`Escola do Menu ${u}`] }] }] },
    });
    expect((await companies.json()).data.total).toBe(1);
  });

  test('at 390 px the bottom bar opens the same search: a landline by its tail', async ({
    page,
    request,
  }) => {
    const u = unique();
    const digits = String(Date.now()).slice(-7);
    const name = `Fixo Final ${u}`;
    const { token } = await apiLogin(request, 'admin@demo.mandato.app');
    const created = await request.post('/api/people', {
      headers: { 'X-Schema': 'demo', Authorization: `Bearer ${token}` },
      data: { name, cellphone: `6199${digits}`, phoneTwo: `613${digits}` },
    });
    expect(created.status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await page.getByRole('button', { name: 'Ações rápidas' }).click();
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).fill(`3${digits.slice(0, 3)} ${digits.slice(3)}`);
    const option = dialog(page).getByRole('option', { name: new RegExp(name) });
    await expect(option).toContainText(`(61) 3${digits.slice(0, 3)}-${digits.slice(3)}`);
    await expect(dialog(page).getByRole('option')).toHaveCount(1);
    await expectAccessible(page, 'ações rápidas 390 px');
    await page.screenshot({ path: `${SHOTS}/quick-search-390.png` });
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('a team-only user has no quick actions', async ({ page }) => {
    await login(page, 'equipe@demo.mandato.app');
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pessoas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ações rápidas' })).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toHaveCount(0);
  });
});
