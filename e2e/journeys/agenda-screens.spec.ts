import type { Page } from '@playwright/test';
import { calendarEvent, dayFromToday, openAgenda, viewButton } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, openPeople, row, unique } from '../people-support.ts';
import { apiLogin, DEMO, login } from '../support.ts';

const SHOTS = '../test-results/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** An agenda with an all-day and a timed event today, and a person with two interactions. */
async function seed(request: import('@playwright/test').APIRequestContext) {
  const u = unique();
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  const schedule = await request.post('/api/schedules', {
    headers,
    data: { name: `Mandato ${u}`, color: 'PURPLE' },
  });
  const scheduleCode = (await schedule.json()).data.code as number;
  const today = dayFromToday(0);
  for (const data of [
    { title: 'Sessão plenária na câmara', beginDate: today, endDate: today, entireDay: true },
    {
      title: 'Reunião com lideranças',
      beginDate: `${today} 09:00`,
      endDate: `${today} 10:30`,
      entireDay: false,
    },
  ]) {
    expect((await request.post('/api/events', { headers, data: { ...data, scheduleCode } })).status()).toBe(
      200,
    );
  }
  const name = `AAA Tela ${u}`;
  const person = await request.post('/api/people', { headers, data: { name } });
  const personCode = (await person.json()).data.code as number;
  const me = (await (await request.get('/api/users/me', { headers })).json()).data.code as string;
  for (const [day, status, description] of [
    [dayFromToday(-2), 'IN_PROGRESS', 'Retornar sobre a demanda da rua'],
    [dayFromToday(-1), 'CONCLUDED', 'Visita ao bairro'],
  ] as const) {
    await request.post('/api/people-contacts', {
      headers,
      data: {
        source: 'PHONE',
        description,
        beginDate: `${day} 10:00`,
        endDate: `${day} 10:05`,
        userResponsibleCode: me,
        status,
        personCode,
      },
    });
  }
  return { scheduleCode, name, headers };
}

for (const width of [1280, 390]) {
  test(`agenda, interactions and profile at ${width} px`, async ({ page, request }) => {
    const mobile = width < 768;
    await page.setViewportSize({ width, height: mobile ? 844 : 900 });
    const { scheduleCode, name, headers } = await seed(request);
    await login(page);
    await openAgenda(page);
    // day view by default below 768 px, week view above; side panel beside the calendar, and on a
    // phone the events first with 'Minhas Agendas' after them (issue 28)
    await expect(page.locator(mobile ? '.fc-timeGridDay-view' : '.fc-timeGridWeek-view')).toBeVisible();
    const side = await page.locator(mobile ? '.agenda-schedules-panel' : '.agenda-side').boundingBox();
    const calendar = await page.locator('.agenda-main').boundingBox();
    if (mobile) expect((side?.y ?? 0) > (calendar?.y ?? 0)).toBe(true);
    else expect((side?.x ?? 0) < (calendar?.x ?? 0)).toBe(true);
    await expect(calendarEvent(page, 'Reunião co…')).toBeVisible();
    await shot(page, `agenda-${mobile ? 'day' : 'week'}-${width}`);
    await viewButton(page, mobile ? 'Semana' : 'Dia').click();
    await shot(page, `agenda-${mobile ? 'week' : 'day'}-${width}`);
    await viewButton(page, 'Lista').click();
    await shot(page, `agenda-list-${width}`);

    await page.getByRole('button', { name: 'Nova Agenda' }).click();
    await expect(drawer(page, 'Agenda')).toBeVisible();
    await shot(page, `agenda-schedule-drawer-${width}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Novo Evento' }).click();
    const event = drawer(page, 'Evento');
    await event.getByText('Hora', { exact: true }).click();
    await event.getByRole('button', { name: 'Salvar' }).click();
    await shot(page, `agenda-event-drawer-${width}`);
    await page.keyboard.press('Escape');
    await page
      .locator('.agenda-schedules__item')
      .first()
      .getByRole('button', { name: /Integrar agenda/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Integre sua agenda' })).toBeVisible();
    await shot(page, `agenda-integrate-${width}`);
    await page.keyboard.press('Escape');

    if (mobile) {
      await page.goto('/demo/pessoas');
      await expect(page.getByRole('region', { name: 'Pessoas' })).toBeVisible();
    } else await openPeople(page);
    const target = mobile ? page.getByTestId('record-card').filter({ hasText: name }) : row(page, name);
    await target.getByRole('button', { name: 'Editar' }).click();
    const person = drawer(page, 'Editar pessoa');
    await person.getByRole('tab', { name: 'Interações' }).click();
    await expect(person.getByText('Atrasado')).toBeVisible();
    await shot(page, `interactions-${width}`);
    await person.getByRole('button', { name: 'Nova atividade' }).click();
    await expect(page.getByRole('dialog', { name: 'Interação' })).toBeVisible();
    await shot(page, `interactions-form-${width}`);
    await page.keyboard.press('Escape');

    await page.goto('/demo/perfil');
    await expect(page.getByLabel('Nome', { exact: true })).not.toHaveValue('');
    await shot(page, `profile-${width}`);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await shot(page, `profile-password-${width}`);
    await request.delete(`/api/schedules/${scheduleCode}`, { headers });
  });
}
