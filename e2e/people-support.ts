import { expect, type Locator, type Page } from '@playwright/test';

/** Opens the people screen and waits for the list. */
export async function openPeople(page: Page, slug = 'demo') {
  await page.goto(`/${slug}/pessoas`);
  await expect(page.getByRole('region', { name: 'Pessoas' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Segmentações' })).toBeVisible();
}

/** A saved list in the 'Segmentações' sider (not the submenu title of the same name). */
export const listItem = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Segmentações' })
    .locator('li.ant-menu-item')
    .filter({ hasText: new RegExp(`^${escapeRegExp(name)}$`) });

/** Selects a saved list in the sider once it has loaded. */
export async function openList(page: Page, name: string) {
  await expect(listItem(page, name)).toBeVisible();
  await listItem(page, name).click();
  await expect(page.getByLabel('Nome da lista de segmentação')).toHaveValue(name);
}

/** Opens a searchable antd select and picks the option typed (long lists are virtual). */
export async function searchAndPick(page: Page, select: Locator, label: string) {
  await select.click();
  await select.fill(label);
  await pickOption(page, label);
}

/** Picks an option of the open antd select dropdown. */
export async function pickOption(page: Page, label: string) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({
    has: page.locator(`.ant-select-item-option-content`, { hasText: new RegExp(`^${escapeRegExp(label)}$`) }),
  });
  await option.first().click();
}

/** Opens an antd select by its aria-label (inside `scope`) and picks an option. */
export async function selectIn(scope: Locator | Page, page: Page, ariaLabel: string, option: string) {
  await scope.getByLabel(ariaLabel, { exact: true }).click();
  await pickOption(page, option);
}

/** The drawer or modal titled `title` (antd gives both role dialog, named by the title). */
export const drawer = (page: Page, title: string) => page.getByRole('dialog', { name: title });
export const modal = drawer;

/** The confirm button of the visible Popconfirm. */
export async function confirmPopover(page: Page, text: string) {
  const pop = page.locator('.ant-popover:visible').filter({ hasText: text });
  await expect(pop).toBeVisible();
  await pop.getByRole('button', { name: 'Sim' }).click();
}

/** A table row of the list, by a text it holds. */
export const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

/** A unique suffix so journeys can run twice on the same database. */
export const unique = () => Date.now().toString(36).slice(-5);

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
