import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { openPeople, row, unique } from '../people-support.ts';
import { apiLogin, DEMO, login } from '../support.ts';

const SHOTS = '../test-results/screens';

interface Listed {
  name: string | null;
  email: string | null;
  tags: { name: string }[];
}

const TAGS = ['Liderança comunitária', 'Juventude', 'Educação', 'Esporte', 'Saúde'];

/**
 * People like the demo sample's longest (names that share their first words, long e-mails, phones)
 * and one, first in the name order, with more tags than a row shows.
 */
async function seed(request: APIRequestContext) {
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}`, 'X-Schema': DEMO.slug };
  const tagCodes: number[] = [];
  for (const name of TAGS) {
    const tag = await request.post('/api/tags', { headers, data: { name } });
    tagCodes.push((await tag.json()).data.code);
  }
  const u = unique();
  const person = {
    name: `AAA Colunas Nascimento Queiroz ${u}`,
    email: `aaa.colunas.${u}.nascimento.queiroz@exemplo.com.br`,
    tags: tagCodes,
  };
  for (const data of [
    person,
    {
      name: `Ana Farias Queiroz ${u}`,
      email: `ana.farias.queiroz.${u}@exemplo.com.br`,
      tags: tagCodes.slice(0, 2),
    },
    { name: `Ana Farias Queiroz Siqueira ${u}`, cellphone: '71982827939', tags: tagCodes.slice(4) },
    {
      name: `Leandro Siqueira Ribeiro ${u}`,
      email: `eduarda.nascimento144.${u}@exemplo.com.br`,
      cellphone: '21991436630',
      tags: tagCodes.slice(0, 3),
    },
  ]) {
    expect((await request.post('/api/people', { headers, data })).status()).toBe(200);
  }
  // the first page as the screen asks for it (name order)
  const search = await request.post('/api/people/search', {
    headers,
    data: {
      expression: [],
      type: 'PERSON',
      page: 1,
      itemsPerPage: 50,
      orderingCriteria: 'name',
      orderingAscending: true,
    },
  });
  const firstPage = (await search.json()).data.list as Listed[];
  // in the order the list gives them
  const tagNames = firstPage.find((p) => p.name === person.name)?.tags.map((t) => t.name) ?? [];
  expect(tagNames).toHaveLength(5);
  return { person, tagNames, firstPage };
}

/** Column positions by header text (the selection column comes first). */
async function columnIndex(page: Page, title: string) {
  const titles = await page.locator('.ant-table-thead th').allInnerTexts();
  const index = titles.findIndex((t) => t.trim() === title);
  expect(index, `coluna ${title}`).toBeGreaterThan(0);
  return index;
}

/** Whether the cell, or anything in it, is wider than its box or ends in an ellipsis. */
const isCut = (cell: Locator) =>
  cell.evaluate((td) =>
    [td, ...td.querySelectorAll<HTMLElement>('*')].some(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 ||
        (getComputedStyle(element).textOverflow === 'ellipsis' &&
          getComputedStyle(element).overflow !== 'visible'),
    ),
  );

test('people: at 1280 px no name, e-mail or phone of the first page is cut; a cut tag list shows all on focus', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { person, tagNames, firstPage } = await seed(request);
  await login(page);
  await openPeople(page);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(firstPage.length);
  await expect(row(page, person.name)).toBeVisible();

  const nameAt = await columnIndex(page, 'Nome');
  const emailAt = await columnIndex(page, 'E-mail');
  const phoneAt = await columnIndex(page, 'Telefone');
  for (const [i, listed] of firstPage.entries()) {
    const cells = rows.nth(i).locator('td');
    const name = cells.nth(nameAt);
    const email = cells.nth(emailAt);
    await expect(name).toHaveText(listed.name?.trim() ? listed.name : '[Sem Nome]');
    await expect(email).toHaveText(listed.email ?? '');
    for (const [column, cell] of [
      ['Nome', name],
      ['E-mail', email],
      ['Telefone', cells.nth(phoneAt)],
    ] as const) {
      expect(await isCut(cell), `${column} da linha ${i + 1} (${listed.name})`).toBe(false);
    }
  }
  // nothing hides to the right of the table either
  const sideways = await page
    .locator('.people-table .ant-table-content')
    .evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(sideways).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/people-list-1280.png` });

  // the "+2" of the cut tag list is the tab stop after the influence button; focus shows every tag
  const mine = row(page, person.name);
  await mine.getByRole('button', { name: 'Influência: 0' }).focus();
  await page.keyboard.press('Tab');
  const more = mine.getByRole('button', { name: `+2 (todas as tags: ${tagNames.join(', ')})` });
  await expect(more).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(tagNames.join(', '));
  await page.screenshot({ path: `${SHOTS}/people-list-tags-focus-1280.png` });
});
