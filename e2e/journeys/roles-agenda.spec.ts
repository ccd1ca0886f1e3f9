import type { Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { calendarEvent, dayFromToday, openAgenda, scheduleRow } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, unique } from '../people-support.ts';
import { DEMO, login, notice } from '../support.ts';

const SHOTS = process.env.E2E_SHOTS ?? '../test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

test.describe('issue 28: a team user, the import route and the personal agenda', () => {
  test('ROLE_TEAM is sent away from the people import before any upload, and imports the team', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, DEMO.team);
    await page.goto(`/${DEMO.slug}/pessoas/importar/pessoas`);
    await expect(
      page.getByText('Você não tem permissão para acessar esse módulo, portanto será redirecionado'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${DEMO.slug}/agenda$`));

    // the team list offers its own import, which opens
    await page.goto(`/${DEMO.slug}/pessoas/equipe`);
    await page.getByRole('button', { name: 'Importar' }).click();
    await expect(page).toHaveURL(new RegExp(`/${DEMO.slug}/pessoas/importar/equipe$`));
    await expect(page.getByRole('heading', { name: 'Importar Equipe' })).toBeVisible();
  });

  test('ROLE_TEAM saves a new event in its personal agenda, preselected', async ({ page }) => {
    const title = `Pessoal ${unique()}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, DEMO.team);
    await openAgenda(page);
    await expect(scheduleRow(page, 'Equipe Demo')).toBeVisible();
    await page.getByRole('button', { name: 'Novo Evento' }).click();
    const eventForm = drawer(page, 'Evento');
    await expect(
      eventForm.locator('.ant-select').filter({ has: page.locator('#event-schedule') }),
    ).toContainText('Equipe Demo');
    await eventForm.getByLabel('Título', { exact: true }).fill(title);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/events') && r.request().method() === 'POST',
    );
    await eventForm.getByRole('button', { name: 'Salvar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(notice(page, 'Evento salvo com sucesso')).toBeVisible();
    await expect(eventForm).toBeHidden();
    await expect(calendarEvent(page, 'Pessoal').first()).toBeVisible();
    await shot(page, 'agenda-team-1280');
  });

  test('on a phone the events come first, the month behind Escolher data', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);
    await openAgenda(page);
    await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
    const calendar = await page.locator('.agenda-main').boundingBox();
    const agendas = await page.getByRole('complementary', { name: 'Minhas Agendas' }).boundingBox();
    // the day's grid starts on the first screen, the agendas after it
    expect(calendar?.y ?? 844).toBeLessThan(400);
    expect((agendas?.y ?? 0) > (calendar?.y ?? 0)).toBe(true);
    await expect(page.getByRole('button', { name: 'Mês anterior' })).toHaveCount(0);
    await shot(page, 'agenda-phone-390');

    const pick = page.getByRole('button', { name: /Escolher data/ });
    await expect(pick).toHaveAttribute('aria-expanded', 'false');
    await pick.click();
    await expect(pick).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Mês anterior' })).toBeVisible();
    await expectAccessible(page, 'agenda no celular com o mês aberto');
    await shot(page, 'agenda-phone-month-390');
    // a picked day moves the calendar and folds the month away
    const loads = page.waitForResponse((r) => r.url().includes('/api/events?'));
    await page.getByRole('button', { name: 'Próximo mês' }).click();
    const [year, month] = dayFromToday(0).split('-').map(Number) as [number, number];
    const fifteenth = `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-15`;
    await page.locator(`.agenda-month-toggle td[title="${fifteenth}"]`).click();
    await loads;
    await expect(pick).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Mês anterior' })).toHaveCount(0);
    await expect(pick).toContainText(fifteenth.split('-').reverse().join('/'));
  });
});
