import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { dayFromToday } from '../agenda-support.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, row, searchAndPick, unique } from '../people-support.ts';
import { apiLogin, DEMO, login, notice } from '../support.ts';

const SHOTS = '/tmp/shots-reports';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A godfather with a goal of 10 and 6 affiliates, one of them with a tag and two interactions. */
async function seed(request: APIRequestContext) {
  const u = unique();
  const { token, user } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data;
  };
  const godfather = await post('/api/people', { name: `Padrinho Relatório ${u}`, influence: 10 });
  const tag = await post('/api/tags', { name: `Relatório ${u}` });
  const affiliates = [];
  for (let i = 0; i < 6; i++) {
    affiliates.push(
      await post('/api/people', {
        name: `Afilhado ${u} ${i}`,
        vote: i % 2 ? 'CONQUERED' : 'TO_CONQUER',
        godfatherCode: godfather.code,
        ...(i === 0 ? { tags: [tag.code] } : {}),
      }),
    );
  }
  const person = affiliates[0];
  const today = dayFromToday(0);
  // one concluded today, one still open that ended at 00:05 today (overdue unless it is 00:0x now)
  await post('/api/people-contacts', {
    source: 'PHONE',
    description: `Concluída ${u}`,
    beginDate: `${today} 00:00`,
    endDate: `${today} 00:01`,
    userResponsibleCode: user.code,
    status: 'CONCLUDED',
    personCode: person.code,
  });
  await post('/api/people-contacts', {
    source: 'WHATSAPP',
    description: `Aguardando ${u}`,
    beginDate: `${today} 00:02`,
    endDate: `${today} 00:05`,
    userResponsibleCode: user.code,
    personCode: person.code,
  });
  return { u, godfather, person, tag, headers };
}

const number = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

test('reports: database status with growth chart, godfathers with export, interactions with filters and export, NPS', async ({
  page,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const { u, godfather, person } = await seed(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await login(page);

  // the menu
  await page.goto(`/${DEMO.slug}/relatorios`);
  const menu = page.getByRole('navigation', { name: 'Relatórios' });
  await expect(menu.getByRole('link')).toHaveCount(4);
  await expectAccessible(page, 'menu de relatórios');
  await shot(page, 'menu-1280');

  // Status da Base: the figures the API counts, and the chart of the default 6 months + this one
  const firstEntries = page.waitForResponse((r) =>
    r.url().includes('/api/reports/people/entries-per-period'),
  );
  // the figures of the page's own answer: other journeys may add people meanwhile
  const statusAnswer = page.waitForResponse((r) => r.url().includes('/api/reports/people/database-status'));
  await menu.getByRole('link', { name: /Status da Base/ }).click();
  expect((await firstEntries).status()).toBe(200);
  const status = (await (await statusAnswer).json()).data as { total: number; conquered: number };
  await expect(page.getByRole('heading', { name: 'Status da Base', level: 1 })).toBeVisible();
  await expect(page.getByTestId('database-status')).toContainText(number(status.total));
  await expect(page.getByTestId('database-status')).toContainText(number(status.conquered));
  await expect(page.getByTestId('growth-bar')).toHaveCount(7);
  await expect(page.locator('figcaption').getByText('Total de Cadastros no Mês')).toBeVisible();
  // this month holds at least the 7 people just created
  const thisMonth = Number(await page.getByTestId('growth-bar').last().getAttribute('data-total'));
  expect(thisMonth).toBeGreaterThanOrEqual(7);
  await expectAccessible(page, 'status da base');
  await shot(page, 'status-1280');
  // a preset: last 12 months
  const twelve = page.waitForResponse((r) => r.url().includes('/entries-per-period'));
  await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
  expect(new URL((await twelve).url()).searchParams.get('beginDate')).toMatch(/-01$/);
  await expect(page.getByTestId('growth-bar')).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Últimos 12 meses' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // future months cannot be picked
  await page.getByPlaceholder('Mês final').click();
  const picker = page.locator('.ant-picker-dropdown:visible');
  await expect(picker).toBeVisible();
  // next year's months are all in the future (this year's are not, in December)
  await picker.getByRole('button', { name: 'Próximo ano' }).last().click();
  await expect(picker.locator('.ant-picker-cell-disabled').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Apadrinhados: the godfather with '6 / 10', ordered by totalAffiliates descending, export
  await page.getByRole('link', { name: /Voltar para Relatórios/ }).click();
  const godfathers = page.waitForResponse((r) => r.url().includes('/api/reports/people/godfathers'));
  await page
    .getByRole('navigation', { name: 'Relatórios' })
    .getByRole('link', { name: /Apadrinhados/ })
    .click();
  const answer = await godfathers;
  expect(new URL(answer.url()).searchParams.get('orderingAscending')).toBe('false');
  const list = (await answer.json()).data.list as { totalAffiliates: number }[];
  expect(list.map((r) => r.totalAffiliates)).toEqual(
    [...list.map((r) => r.totalAffiliates)].sort((a, b) => b - a),
  );
  await expect(row(page, godfather.name)).toContainText('6 / 10');
  await expect(row(page, godfather.name)).toContainText('60%');
  await expectAccessible(page, 'apadrinhados');
  await shot(page, 'godfathers-1280');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('relatorio_apadrinhados.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(`${godfather.code};${godfather.name};10;6;"60,00"`);
  await expect(notice(page, 'Relatório exportado com sucesso')).toBeVisible();

  // Interações: quick dates, the advanced filters drawer, the coloured tags, export
  await page.goto(`/${DEMO.slug}/relatorios/interacoes`);
  await expect(page.getByRole('heading', { name: 'Interações', level: 1 })).toBeVisible();
  const todays = page.waitForResponse((r) => r.url().includes('/api/reports/interactions?'));
  await page.getByRole('button', { name: 'Hoje', exact: true }).click();
  expect((await todays).status()).toBe(200);
  await expect(row(page, `Concluída ${u}`).locator('[data-status="CONCLUDED"]')).toBeVisible();
  await expect(row(page, `Aguardando ${u}`).locator('[data-status="IN_PROGRESS"]')).toBeVisible();
  await expectAccessible(page, 'relatório de interações');
  await page.getByRole('button', { name: 'Filtros avançados' }).click();
  const filters = drawer(page, 'Filtros avançados');
  await expect(filters).toBeVisible();
  // 341 px once the opening animation ends
  await expect.poll(async () => Math.round((await filters.boundingBox())?.width ?? 0)).toBe(341);
  await searchAndPick(page, filters.getByLabel('Pessoa', { exact: true }), person.name);
  await filters.getByLabel('Situação', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Concluída' })
    .click();
  await expectAccessible(page, 'filtros avançados');
  await shot(page, 'interactions-filters-1280');
  const filtered = page.waitForResponse((r) => r.url().includes('/api/reports/interactions?'));
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  const params = new URL((await filtered).url()).searchParams;
  expect(params.get('personCode')).toBe(String(person.code));
  expect(params.get('status')).toBe('CONCLUDED');
  await expect(filters).toBeHidden();
  await expect(row(page, `Concluída ${u}`)).toBeVisible();
  await expect(row(page, `Aguardando ${u}`)).toHaveCount(0);
  await shot(page, 'interactions-1280');
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await exporting;
  expect(file.suggestedFilename()).toBe('exportacao_interacao.csv');
  const lines = fs
    .readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Concluída ${u}`);
  // Limpar goes back to this month, with no other filter
  await page.getByRole('button', { name: 'Filtros avançados' }).click();
  await filters.getByRole('button', { name: 'Limpar' }).click();
  await expect(filters.getByLabel('Situação', { exact: true })).toBeEnabled();
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  // (this month unfiltered is the page's first query: answered from the cache, no new request)
  await expect(filters).toBeHidden();
  await expect(row(page, `Aguardando ${u}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Este mês' })).toHaveAttribute('aria-pressed', 'true');

  // NPS: an honest 'Em breve'
  await page.goto(`/${DEMO.slug}/relatorios/nps`);
  await expect(page.getByText('Em breve')).toBeVisible();
  await shot(page, 'nps-1280');

  // 390 px: every report still reads
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${DEMO.slug}/relatorios/status-da-base`);
  await expect(page.getByTestId('growth-bar')).toHaveCount(7);
  await expectAccessible(page, 'status da base 390');
  await shot(page, 'status-390');
  await page.goto(`/${DEMO.slug}/relatorios/apadrinhados`);
  await expect(page.getByTestId('godfathers-table').locator('.ant-table-row').first()).toBeVisible();
  await expectAccessible(page, 'apadrinhados 390');
  await shot(page, 'godfathers-390');
  await page.goto(`/${DEMO.slug}/relatorios/interacoes`);
  await page.getByRole('button', { name: 'Hoje', exact: true }).click();
  await expect(row(page, `Concluída ${u}`)).toBeVisible();
  await shot(page, 'interactions-390');
  await page.getByRole('button', { name: 'Filtros avançados' }).click();
  await expect(drawer(page, 'Filtros avançados')).toBeVisible();
  await expectAccessible(page, 'filtros avançados 390');
  await shot(page, 'interactions-filters-390');
});
