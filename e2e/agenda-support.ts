import { expect, type Page } from '@playwright/test';

/** The date `days` from today in the browser's zone (America/Sao_Paulo), 'YYYY-MM-DD'. */
export function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Opens the agenda and waits for the calendar. */
export async function openAgenda(page: Page, slug = 'demo') {
  await page.goto(`/${slug}/agenda`);
  await expect(page.getByRole('region', { name: 'Agenda' })).toBeVisible();
  await expect(page.locator('.fc')).toBeVisible();
}

/** A FullCalendar view button ('Dia', 'Semana', 'Lista') of the toolbar. */
export const viewButton = (page: Page, name: string) =>
  page.locator('.fc-header-toolbar').getByRole('button', { name, exact: true });

/** An event of the calendar by its shown text. */
export const calendarEvent = (page: Page, text: string) =>
  page.locator('.fc-event, .fc-list-event').filter({ hasText: text });

/** The 'Minhas Agendas' row of a schedule. */
export const scheduleRow = (page: Page, name: string) =>
  page.getByRole('complementary', { name: 'Minhas Agendas' }).locator('li').filter({ hasText: name });
