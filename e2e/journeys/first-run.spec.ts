import { calendarEvent, openAgenda, scheduleRow } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, listItem, row, unique } from '../people-support.ts';
import { apiLogin, DEMO, login, notice } from '../support.ts';

test.describe('first run: an agenda from the event drawer, the team route', () => {
  test('with no agenda, the event drawer offers Nova Agenda and selects the agenda it creates', async ({
    page,
    request,
  }) => {
    const u = unique();
    const agenda = `Primeira ${u}`;
    const title = `Ato ${u}`;
    // the team user of the demo removes its own agendas (its personal one included, issue 28)
    const { token } = await apiLogin(request, DEMO.team);
    const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
    const before = await request.get('/api/schedules', { headers });
    expect(before.status()).toBe(200);
    type Own = { code: number; isOwner: boolean; name: string; color: string };
    const own = ((await before.json()).data.list as Own[]).filter((s) => s.isOwner);
    for (const s of own) {
      expect((await request.delete(`/api/schedules/${s.code}`, { headers })).status()).toBe(200);
    }
    expect((await (await request.get('/api/schedules', { headers })).json()).data.total).toBe(0);

    await login(page, DEMO.team);
    await openAgenda(page);
    await expect(
      page.getByRole('complementary', { name: 'Minhas Agendas' }).getByText('Nenhum item disponível'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Novo Evento' }).click();
    const eventForm = drawer(page, 'Evento');
    await eventForm.getByLabel('Título', { exact: true }).fill(title);
    await expect(
      eventForm.getByText('Nenhuma agenda disponível. Crie uma agenda para salvar o evento.'),
    ).toBeVisible();

    // 'Nova Agenda' inside the event drawer: the agenda drawer opens over it
    await eventForm.getByRole('button', { name: 'Nova Agenda' }).click();
    const scheduleForm = drawer(page, 'Agenda');
    await scheduleForm.getByLabel('Nome', { exact: true }).fill(agenda);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/schedules') && r.request().method() === 'POST',
    );
    await scheduleForm.getByRole('button', { name: 'Salvar' }).click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const scheduleCode = (await answer.json()).data.code as number;
    await expect(notice(page, 'Agenda salva com sucesso')).toBeVisible();
    await expect(scheduleForm).toBeHidden();

    // back in the event drawer: the new agenda is selected and the offer is gone
    await expect(eventForm).toBeVisible();
    await expect(
      eventForm.locator('.ant-select').filter({ has: page.locator('#event-schedule') }),
    ).toContainText(agenda);
    await expect(eventForm.getByRole('button', { name: 'Nova Agenda' })).toHaveCount(0);
    await expect(eventForm.getByLabel('Título', { exact: true })).toHaveValue(title);
    await eventForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(notice(page, 'Evento salvo com sucesso')).toBeVisible();
    await expect(eventForm).toBeHidden();
    await expect(scheduleRow(page, agenda).getByRole('checkbox')).toBeChecked();
    await expect(calendarEvent(page, title)).toBeVisible();

    // leave the team user as it was: with its own agendas again
    expect((await request.delete(`/api/schedules/${scheduleCode}`, { headers })).status()).toBe(200);
    for (const s of own) {
      const data = { name: s.name, color: s.color };
      expect((await request.post('/api/schedules', { headers, data })).status()).toBe(200);
    }
  });

  test('/{slug}/pessoas/equipe opens the team list, /{slug}/pessoas the people list', async ({ page }) => {
    await login(page);
    const teamSearch = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/people/search') &&
        r.request().method() === 'POST' &&
        r.request().postDataJSON()?.type === 'TEAM',
    );
    await page.goto(`/${DEMO.slug}/pessoas/equipe`);
    expect((await teamSearch).status()).toBe(200);
    await expect(page).toHaveURL(/\/demo\/pessoas\/equipe$/);
    await expect(page.getByLabel('Nome da lista de segmentação')).toHaveValue('Equipe');
    await expect(listItem(page, 'Equipe')).toHaveClass(/ant-menu-item-selected/);
    // team rows: the demo's users, with the permissions key
    await expect(row(page, 'Equipe Demo').getByRole('button', { name: 'Acesso e Permissões' })).toBeVisible();
    await expect(row(page, 'Administrador Demo')).toBeVisible();

    // the menu's 'Pessoas' goes back to the people list
    const peopleSearch = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/people/search') &&
        r.request().method() === 'POST' &&
        r.request().postDataJSON()?.type === 'PERSON',
    );
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pessoas' })
      .click();
    expect((await peopleSearch).status()).toBe(200);
    await expect(page).toHaveURL(/\/demo\/pessoas$/);
    await expect(page.getByLabel('Nome da lista de segmentação')).toHaveValue('Pessoas');
    await expect(listItem(page, 'Pessoas')).toHaveClass(/ant-menu-item-selected/);
  });
});
