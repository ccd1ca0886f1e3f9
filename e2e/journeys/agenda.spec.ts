import { expectAccessible } from '../accessibility.ts';
import { calendarEvent, dayFromToday, openAgenda, scheduleRow, viewButton } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { confirmPopover, drawer, modal, pickOption, unique } from '../people-support.ts';
import { apiLogin, DEMO, login, notice } from '../support.ts';

test.describe('agenda: schedules, events, views, filter and subscription', () => {
  test('create an agenda, an all-day and a timed event; week, day and list views; filter; subscribe', async ({
    page,
    context,
    request,
  }) => {
    const u = unique();
    const agenda = `Gabinete ${u}`;
    const allDay = `Plenária ${u}`;
    const timed = `Reunião com prefeito ${u}`;
    await login(page);
    await openAgenda(page);
    await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
    await expect(page.locator('.fc-col-header-cell').first()).toContainText(/dom/i);

    // agenda drawer: name required, colour, save
    await page.getByRole('button', { name: 'Nova Agenda' }).click();
    const scheduleForm = drawer(page, 'Agenda');
    await scheduleForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(scheduleForm.getByText('Campo Obrigatório')).toBeVisible();
    await expectAccessible(page, 'nova agenda (erro)');
    await scheduleForm.getByLabel('Nome', { exact: true }).fill(agenda);
    await expect(scheduleForm.getByRole('radio', { name: 'Azul', exact: true })).toBeChecked();
    await expect(scheduleForm.getByRole('radio')).toHaveCount(18);
    await scheduleForm.getByRole('radio', { name: 'Verde', exact: true }).check();
    await scheduleForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Agenda salva com sucesso')).toBeVisible();
    await expect(scheduleForm).toBeHidden();
    await expect(scheduleRow(page, agenda).getByRole('checkbox')).toBeChecked();

    // 'Novo Evento': all-day by default; hours required in 'Hora' mode
    await page.getByRole('button', { name: 'Novo Evento' }).click();
    let eventForm = drawer(page, 'Evento');
    await expect(eventForm.getByText('Dia', { exact: true })).toBeVisible();
    await expect(eventForm.getByLabel('Hora de início')).toBeHidden();
    await eventForm.getByLabel('Título', { exact: true }).fill(allDay);
    await eventForm.getByLabel('Agenda', { exact: true }).click();
    await pickOption(page, agenda);
    await eventForm.getByText('Hora', { exact: true }).click();
    await eventForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(eventForm.getByText('Informe o horário de início e término')).toBeVisible();
    await eventForm.getByText('Dia', { exact: true }).click();
    await eventForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Evento salvo com sucesso')).toBeVisible();
    await expect(eventForm).toBeHidden();
    await expect(page.locator('.fc-daygrid-body .fc-event').filter({ hasText: 'Plenária' })).toBeVisible();

    // a click on a slot of the day view opens a one-hour event at the clicked time
    await viewButton(page, 'Dia').click();
    await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
    await page.locator('.fc-timegrid-slot-lane[data-time="10:00:00"]').click();
    eventForm = drawer(page, 'Evento');
    await expect(eventForm.getByLabel('Hora de início')).toHaveValue('10:00');
    await expect(eventForm.getByLabel('Hora de término')).toHaveValue('11:00');
    await eventForm.getByLabel('Título', { exact: true }).fill(timed);
    await eventForm.getByLabel('Agenda', { exact: true }).click();
    await pickOption(page, agenda);
    await eventForm.getByLabel('Hora de término').fill('1130');
    await expect(eventForm.getByLabel('Hora de término')).toHaveValue('11:30');
    await eventForm.getByLabel('Local', { exact: true }).fill('Prefeitura');
    await eventForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Evento salvo com sucesso')).toBeVisible();

    // day view: both events, titles cut at 10 characters
    await expect(calendarEvent(page, 'Reunião co…')).toBeVisible();
    await expect(calendarEvent(page, 'Plenária')).toBeVisible();
    await expect(calendarEvent(page, 'Reunião co…')).toContainText('10:00');
    // week view
    await viewButton(page, 'Semana').click();
    await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
    await expect(calendarEvent(page, 'Reunião co…')).toBeVisible();
    await expect(calendarEvent(page, 'Plenária')).toBeVisible();
    // list view: whole titles
    await viewButton(page, 'Lista').click();
    await expect(page.locator('.fc-list')).toBeVisible();
    await expect(calendarEvent(page, timed)).toBeVisible();
    await expect(calendarEvent(page, allDay)).toBeVisible();

    // filter: unchecking the agenda hides its events
    await scheduleRow(page, agenda).getByRole('checkbox').uncheck();
    await expect(calendarEvent(page, timed)).toBeHidden();
    await expect(calendarEvent(page, allDay)).toBeHidden();
    await scheduleRow(page, agenda).getByRole('checkbox').check();
    await expect(calendarEvent(page, timed)).toBeVisible();

    // subscription: copy the address and fetch the iCalendar feed
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await scheduleRow(page, agenda)
      .getByRole('button', { name: `Integrar agenda ${agenda}` })
      .click();
    const integrate = modal(page, 'Integre sua agenda');
    await expect(integrate.getByText('Google Agenda:')).toBeVisible();
    await expect(integrate.getByText('Outlook:')).toBeVisible();
    await expect(integrate.getByText('Calendário da Apple:')).toBeVisible();
    const url = await integrate.getByLabel('Endereço da agenda').inputValue();
    expect(url).toMatch(/\/api\/calendar\/demo\.[\w-]+\.ics$/);
    await integrate.getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByText('Endereço copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const feed = await request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const ics = await feed.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${timed}`);
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${allDay}`);
    await integrate.locator('.ant-modal-close').click();
    await expect(integrate).toBeHidden();

    // remove the timed event, then the agenda with its events
    await calendarEvent(page, timed).click();
    eventForm = drawer(page, 'Evento');
    await expect(eventForm.getByLabel('Título', { exact: true })).toHaveValue(timed);
    await eventForm.getByRole('button', { name: 'Remover' }).click();
    await confirmPopover(page, 'Você tem certeza que deseja remover esse evento?');
    await expect(eventForm).toBeHidden();
    await expect(calendarEvent(page, timed)).toBeHidden();
    await scheduleRow(page, agenda)
      .getByRole('button', { name: `Editar agenda ${agenda}` })
      .click();
    const editSchedule = drawer(page, 'Agenda');
    await expect(editSchedule.getByLabel('Nome', { exact: true })).toHaveValue(agenda);
    await editSchedule.getByRole('button', { name: 'Remover' }).click();
    await confirmPopover(page, 'Você tem certeza que deseja remover essa agenda e todos os seus eventos?');
    await expect(scheduleRow(page, agenda)).toHaveCount(0);
    await expect(calendarEvent(page, allDay)).toBeHidden();
  });

  test('moving to a week outside the loaded range loads its events', async ({ page, request }) => {
    const u = unique();
    const { token } = await apiLogin(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
    const schedule = await request.post('/api/schedules', {
      headers,
      data: { name: `Futuro ${u}`, color: 'ORANGE' },
    });
    expect(schedule.status()).toBe(200);
    const scheduleCode = (await schedule.json()).data.code as number;
    const later = dayFromToday(14);
    const created = await request.post('/api/events', {
      headers,
      data: { title: `Lá ${u}`, beginDate: later, endDate: later, entireDay: true, scheduleCode },
    });
    expect(created.status()).toBe(200);

    await login(page);
    await openAgenda(page);
    await expect(calendarEvent(page, `Lá ${u}`)).toHaveCount(0);
    const loads = page.waitForResponse((r) => r.url().includes('/api/events?'));
    await page.locator('.fc-next-button').click();
    await loads;
    await page.locator('.fc-next-button').click();
    await expect(calendarEvent(page, `Lá ${u}`)).toBeVisible();
    // the month mini calendar goes back to today (two weeks ahead may already show the next month)
    const today = page.locator(`.agenda-side td[title="${dayFromToday(0)}"]`);
    if ((await today.count()) === 0) await page.getByRole('button', { name: 'Mês anterior' }).click();
    await today.click();
    await expect(calendarEvent(page, `Lá ${u}`)).toHaveCount(0);
    await request.delete(`/api/schedules/${scheduleCode}`, { headers });
  });
});
