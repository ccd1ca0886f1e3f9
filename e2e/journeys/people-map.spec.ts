import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../accessibility.ts';
import { expect, test } from '../fixtures.ts';
import { drawer, openPeople, pickOption, row, searchAndPick, unique } from '../people-support.ts';
import { apiLogin, DEMO, login, notice } from '../support.ts';

/** Where the journey's people live: four cities in four different cells of the zoom-4 grid. */
const PLACES = [
  {
    city: 'Porto Velho',
    state: 'RO',
    votes: ['CONQUERED', 'CONQUERED', 'CONQUERED'],
    kind: 'CONQUERED',
    color: 'rgb(35, 120, 4)',
  },
  { city: 'Cuiabá', state: 'MT', votes: ['LOST', 'LOST'], kind: 'LOST', color: 'rgb(207, 19, 34)' },
  { city: 'Boa Vista', state: 'RR', votes: ['TO_CONQUER'], kind: 'TO_CONQUER', color: 'rgb(173, 78, 0)' },
  {
    city: 'Palmas',
    state: 'TO',
    votes: ['TO_CONQUER', 'CONQUERED'],
    kind: 'MIXED',
    color: 'rgb(114, 46, 209)',
  },
] as const;
const BRAZIL_AT_ZOOM_4 = { south: -48, west: -106, north: 12, east: 6, zoom: 4 };

/**
 * Set-up through the API: the people (with city and state), then waits until the geocoder (the
 * offline municipality table) has placed all of them — a condition read from the map API itself.
 */
async function createPeople(request: APIRequestContext, prefix: string) {
  const { token } = await apiLogin(request, DEMO.admin);
  const headers = { 'X-Schema': DEMO.slug, Authorization: `Bearer ${token}` };
  let n = 0;
  for (const place of PLACES) {
    for (const vote of place.votes) {
      n += 1;
      const res = await request.post('/api/people', {
        headers,
        data: {
          name: `${prefix} ${String(n).padStart(2, '0')}`,
          vote,
          address: { city: place.city, state: place.state },
        },
      });
      expect(res.status()).toBe(200);
    }
  }
  const expression = [{ units: [{ field: 'name', operator: 'STARTS_WITH', values: [prefix] }] }];
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/people/list-coordinates', {
          headers,
          data: { expression, viewport: BRAZIL_AT_ZOOM_4 },
        });
        return (await res.json()).data?.total;
      },
      { message: 'as pessoas da jornada no mapa (geocodificação)', timeout: 30_000 },
    )
    .toBe(n);
}

test('people: the map of a filter (pins by vote without tiles, drawer, person, revalidate)', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const prefix = `Mapa ${unique()}`;
  await createPeople(page.request, prefix);
  // no tile server: the pins and the drawer must work without the background map
  const tiles: string[] = [];
  await page.route(/tile\.openstreetmap\.org/, (route) => {
    tiles.push(route.request().url());
    return route.abort();
  });
  await login(page);
  await openPeople(page);

  // the filter: name starts with the prefix
  const unit = page.getByTestId('filter-group').first().getByTestId('filter-unit').last();
  await searchAndPick(page, unit.getByLabel('Campo'), 'Nome');
  await unit.getByLabel('Operador').click();
  await pickOption(page, 'começa com');
  await unit.getByLabel('Valor').fill(prefix);
  await expect(row(page, `${prefix} 08`)).toBeVisible();
  await expect(page.getByTestId('list-footer')).toContainText('Total: 8');

  // the map: one pin per city, coloured by vote, with the count
  const pinsAnswer = page.waitForResponse(
    (res) => res.url().endsWith('/api/people/list-coordinates') && res.request().method() === 'POST',
  );
  await page.getByText('Mapa', { exact: true }).click();
  expect((await pinsAnswer).status()).toBe(200);
  const map = page.getByTestId('map-view');
  const pins = map.getByTestId('map-pin');
  await expect(pins).toHaveCount(4);
  for (const place of PLACES) {
    const pin = map.locator(`[data-testid="map-pin"][data-kind="${place.kind}"]`);
    await expect(pin).toHaveText(String(place.votes.length));
    await expect(pin).toHaveCSS('background-color', place.color);
    await expect(pin).toHaveAttribute('role', 'button');
  }
  expect(tiles.length).toBeGreaterThan(0);
  // after 10 s without tiles the failure indicator shows; the pins stay
  await expect(page.getByTestId('map-tiles-failed')).toBeVisible({ timeout: 15_000 });
  await expect(pins).toHaveCount(4);
  await expectAccessible(page, 'mapa de pessoas');

  // a pin (by keyboard) opens 'Pessoas nesta localização': Contatos and Resumo de Votos
  const mixed = map.locator('[data-testid="map-pin"][data-kind="MIXED"]');
  const located = page.waitForResponse((res) => res.url().endsWith('/api/people/find-by-location'));
  await mixed.focus();
  await page.keyboard.press('Enter');
  expect((await located).status()).toBe(200);
  const sheet = drawer(page, 'Pessoas nesta localização');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('tab', { name: 'Contatos' })).toHaveAttribute('aria-selected', 'true');
  await expect(sheet.getByRole('button', { name: `Abrir ${prefix} 07` })).toBeVisible();
  await expect(sheet.getByRole('button', { name: `Abrir ${prefix} 08` })).toBeVisible();
  await expect(sheet.getByTestId('map-drawer-footer')).toHaveText('Total: 2 (mostrando de 1 a 2)');
  await expectAccessible(page, 'pessoas nesta localização');
  await sheet.getByRole('tab', { name: 'Resumo de Votos' }).click();
  await expect(sheet.getByTestId('map-summary-total')).toContainText('2');
  await expect(sheet.getByTestId('map-summary-total')).toContainText('100% da localização');
  await expect(sheet.getByTestId('map-summary-toConquer')).toContainText('50% da localização');
  await expect(sheet.getByTestId('map-summary-conquered')).toContainText('50% da localização');
  await expect(sheet.getByTestId('map-summary-lost')).toContainText('0% da localização');
  await expectAccessible(page, 'resumo de votos');

  // a contact opens the person, as the list does
  await sheet.getByRole('tab', { name: 'Contatos' }).click();
  await sheet.getByRole('button', { name: `Abrir ${prefix} 08` }).click();
  const person = drawer(page, 'Editar pessoa');
  await expect(person).toBeVisible();
  await expect(person.getByLabel('Nome', { exact: true })).toHaveValue(`${prefix} 08`);
  await person.getByRole('button', { name: 'Cancelar' }).click();
  await expect(person).toBeHidden();
  await sheet.getByRole('button', { name: 'Close' }).or(sheet.getByLabel('Close')).first().click();
  await expect(sheet).toBeHidden();

  // 'Revalidar pontos' (ROLE_TEAM and the double-check module): confirmation, then progress
  await page.getByRole('button', { name: 'Revalidar pontos' }).click();
  const confirm = page.getByRole('dialog', {
    name: 'Deseja continuar e rechecar o(s) ponto(s) em mais de um seviço de localização?',
  });
  await expect(confirm).toBeVisible();
  const started = page.waitForResponse(
    (res) => res.url().endsWith('/api/people/revalidate-coordinates') && res.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Sim' }).click();
  expect((await started).status()).toBe(200);
  await expect(notice(page, 'Revalidação iniciada')).toBeVisible();
  await expect(page.getByTestId('revalidate-progress')).toHaveText(
    /Revalidação de pontos concluída|Revalidando pontos/,
  );
  await expect(page.getByTestId('revalidate-progress')).toHaveText('Revalidação de pontos concluída', {
    timeout: 30_000,
  });
  await expect(pins).toHaveCount(4);

  // 'Mover pontos': the orange pin's person goes to the point clicked (the map's centre, in
  // Cuiabá's cell at zoom 4): one mixed pin of 3 there
  await map.locator('[data-testid="map-pin"][data-kind="TO_CONQUER"]').click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Mover pontos' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('map-moving')).toHaveText(/Clique no mapa no novo local destes pontos/);
  const moved = page.waitForResponse((res) => res.url().endsWith('/api/people/update-coordinates'));
  await map.getByRole('region', { name: 'Mapa de pessoas' }).click();
  expect((await moved).status()).toBe(200);
  await expect(notice(page, 'Coordenadas atualizadas com sucesso')).toBeVisible();
  await expect(pins).toHaveCount(3);
  await expect(map.locator('[data-testid="map-pin"][data-kind="TO_CONQUER"]')).toHaveCount(0);
  await expect(
    map.locator('[data-testid="map-pin"][data-kind="MIXED"]').filter({ hasText: '3' }),
  ).toHaveCount(1);
});

test.describe('on a 390 px screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('people: the map on a phone (pins tappable, drawer full width)', async ({ page }) => {
    const prefix = `Mapa ${unique()}`;
    await createPeople(page.request, prefix);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await login(page);
    await page.goto('/demo/pessoas');
    await expect(page.getByRole('region', { name: 'Pessoas' })).toBeVisible();
    const unit = page.getByTestId('filter-group').first().getByTestId('filter-unit').last();
    await searchAndPick(page, unit.getByLabel('Campo'), 'Nome');
    await unit.getByLabel('Operador').click();
    await pickOption(page, 'começa com');
    await unit.getByLabel('Valor').fill(prefix);
    await expect(page.getByTestId('list-footer')).toContainText('Total: 8');

    await page.getByText('Mapa', { exact: true }).click();
    const map = page.getByTestId('map-view');
    await expect(map.getByTestId('map-pin')).toHaveCount(4);
    await map.locator('[data-testid="map-pin"][data-kind="MIXED"]').click();
    const sheet = drawer(page, 'Pessoas nesta localização');
    await expect(sheet.getByRole('button', { name: `Abrir ${prefix} 07` })).toBeVisible();
    // The drawer slides in; poll its settled width (sub-pixel while the transform runs).
    const wrapper = page.locator('.ant-drawer-content-wrapper');
    await expect.poll(async () => Math.round((await wrapper.boundingBox())?.width ?? 0)).toBe(390);
    await expectAccessible(page, 'pessoas nesta localização (celular)');
  });
});
