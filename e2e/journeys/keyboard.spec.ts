import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { calendarEvent, openAgenda } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, row, unique } from '../people-support.ts';
import { apiLogin, DEMO, notice } from '../support.ts';

/**
 * Moves focus with Tab (Shift+Tab when `backwards`) until `target` has it, failing when it is not
 * reached in `limit` presses: the control is reachable by keyboard, in a sensible order.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}) {
  const handle = await target.elementHandle();
  for (let i = 0; i < limit; i++) {
    const focused = await page.evaluate(
      (element) =>
        !!element && (document.activeElement === element || element.contains(document.activeElement)),
      handle,
    );
    if (focused) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`não alcançado pelo teclado em ${limit} tabulações: ${target}`);
}

test.describe('keyboard only: no mouse from login to saving', () => {
  test('login, filter the people, open a person and save', async ({ page, request }) => {
    const name = `Teclado ${unique()}`;
    const { token } = await apiLogin(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
    expect((await request.post('/api/people', { headers, data: { name } })).status()).toBe(200);

    await page.goto('/login');
    await tabTo(page, page.getByLabel('Domínio'));
    await page.keyboard.type(DEMO.slug);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await page.keyboard.type(DEMO.admin);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Senha')).toBeFocused();
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/demo\/agenda$/);

    // the main menu: Pessoas by keyboard
    await tabTo(page, page.getByRole('link', { name: 'Pessoas', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Pessoas' })).toBeVisible();

    // filter: Campo → Nome, Operador → contém, Valor → the name
    const unit = page.getByTestId('filter-unit').first();
    await tabTo(page, unit.getByLabel('Campo'));
    await page.keyboard.type('Nome');
    await expect(
      page.locator('.ant-select-dropdown:visible').getByText('Nome', { exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await tabTo(page, unit.getByLabel('Operador'));
    await page.keyboard.type('contém');
    await expect(
      page.locator('.ant-select-dropdown:visible').getByText('contém', { exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Enter');
    await tabTo(page, unit.getByLabel('Valor'));
    await page.keyboard.type(name);
    await expect(row(page, name)).toBeVisible();
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expectAccessible(page, 'pessoas filtradas pelo teclado');

    // open the person, change a field, save
    await tabTo(page, row(page, name).getByRole('button', { name: 'Editar' }));
    await page.keyboard.press('Enter');
    const person = drawer(page, 'Editar pessoa');
    await expect(person).toBeVisible();
    await tabTo(page, person.getByLabel('Profissão', { exact: true }));
    await page.keyboard.type('Professora');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/people') && r.request().method() === 'PUT',
    );
    await tabTo(page, person.getByRole('button', { name: 'Salvar' }));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(notice(page, 'Cadastro salvo com sucesso!')).toBeVisible();
  });

  test('agenda: create an event', async ({ page, request }) => {
    const title = `Teclado ${unique()}`;
    const { token } = await apiLogin(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
    const schedule = await request.post('/api/schedules', {
      headers,
      data: { name: `Teclado ${title}`, color: 'GREEN' },
    });
    expect(schedule.status()).toBe(200);
    await page.goto('/login');
    await tabTo(page, page.getByLabel('Domínio'));
    await page.keyboard.type(DEMO.slug);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.admin);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/demo\/agenda$/);
    await openAgenda(page);

    await tabTo(page, page.getByRole('button', { name: 'Novo Evento' }));
    await page.keyboard.press('Enter');
    const event = drawer(page, 'Evento');
    await expect(event).toBeVisible();
    await tabTo(page, event.getByLabel('Título', { exact: true }));
    await page.keyboard.type(title);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/events') && r.request().method() === 'POST',
    );
    await tabTo(page, event.getByRole('button', { name: 'Salvar' }));
    await page.keyboard.press('Enter');
    expect((await created).status()).toBe(200);
    await expect(notice(page, 'Evento salvo com sucesso')).toBeVisible();
    await expect(event).toBeHidden();
    await expect(calendarEvent(page, 'Teclado').first()).toBeVisible();
  });
});
