import { MAP_MESSAGES, mapCellOf, ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

type Location = {
  latitude: number;
  longitude: number;
  count: number;
  votes: { vote: string; count: number }[];
  cell: { zoom: number; row: number; column: number };
};

const BRAZIL = { south: -34, west: -74, north: 6, east: -28 };
const SP = { latitude: -23.552, longitude: -46.632 };
const RIO = { latitude: -22.91, longitude: -43.17 };
const RECIFE = { latitude: -8.05, longitude: -34.88 };
/** São Paulo and Rio (zoom 10), São Paulo's centre (zoom 14): views the size of a screen. */
const SOUTHEAST = { south: -24, west: -47, north: -22, east: -43 };
const SP_CENTRE = { south: -23.6, west: -46.7, north: -23.5, east: -46.6 };
const boundsAt = (zoom: number) => (zoom <= 7 ? BRAZIL : zoom <= 10 ? SOUTHEAST : SP_CENTRE);

describe(`people map (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let alice: Caller;

  /** A contact with its point (set in the database, as the geocoder would). */
  async function placed(
    who: Caller,
    name: string,
    vote: string,
    point: { latitude: number; longitude: number },
    extra: Record<string, unknown> = {},
  ) {
    const p = await buildPerson(t, who, { name, vote, ...extra });
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE people SET latitude = ${point.latitude}, longitude = ${point.longitude}, geo_status = 'DONE'
        WHERE id = ${String(p.code)}`.execute(trx),
    );
    return p;
  }

  const pins = async (
    who: Caller,
    zoom: number,
    body: Record<string, unknown> = {},
    bounds = boundsAt(zoom),
  ) => {
    const res = await call(t, who, 'POST', '/api/people/list-coordinates', {
      viewport: { ...bounds, zoom },
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: Location[]; total: number };
  };
  const pinAt = (list: Location[], point: { latitude: number; longitude: number }, zoom: number) => {
    const cell = mapCellOf(zoom, point.latitude, point.longitude);
    return list.find((l) => l.cell.row === cell.row && l.cell.column === cell.column);
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
    for (let i = 0; i < 12; i++) {
      await placed(
        admin,
        `Paulista ${String(i).padStart(2, '0')}`,
        i < 6 ? 'CONQUERED' : i < 10 ? 'TO_CONQUER' : 'LOST',
        {
          latitude: SP.latitude + i * 0.0001,
          longitude: SP.longitude - i * 0.0001,
        },
      );
    }
    await placed(admin, 'Carioca', 'LOST', RIO);
    await placed(alice, 'Recifense da Alice', 'CONQUERED', RECIFE);
    await buildPerson(t, admin, { name: 'Sem Endereço' });
  });
  afterAll(() => t.close());

  it('groups the people by the grid of the zoom, with the votes and the mean point of each cell', async () => {
    for (const [zoom, people] of [
      [4, 14],
      [7, 14],
      [10, 13],
      [14, 12],
    ] as const) {
      const { list, total } = await pins(admin, zoom);
      expect(total, `zoom ${zoom}`).toBe(people);
      const sp = pinAt(list, SP, zoom);
      expect(sp?.count, `zoom ${zoom}`).toBe(12);
      expect(sp?.votes).toEqual([
        { vote: 'TO_CONQUER', count: 4 },
        { vote: 'CONQUERED', count: 6 },
        { vote: 'LOST', count: 2 },
      ]);
      expect(sp?.latitude).toBeCloseTo(SP.latitude + 0.00055, 5);
      if (zoom <= 10)
        expect(pinAt(list, RIO, zoom)?.votes, `zoom ${zoom}`).toEqual([{ vote: 'LOST', count: 1 }]);
    }
    expect((await pins(admin, 4)).list.length).toBe(3);
    // zoom 1 (45° cells): Rio and Recife together, São Paulo apart
    expect((await pins(admin, 1)).list.map((l) => l.count).sort((a, b) => a - b)).toEqual([2, 12]);
    // at zoom 17 the Paulistas fall in separate cells
    const city = await pins(admin, 19, {}, { south: -23.553, west: -46.634, north: -23.55, east: -46.631 });
    expect(city.total).toBe(12);
    expect(city.list.length).toBeGreaterThan(1);
    // the viewport cuts the grid: only Recife's cell
    const northEast = await pins(admin, 10, {}, { south: -9, west: -36, north: -7, east: -34 });
    expect(northEast.list.map((l) => l.count)).toEqual([1]);
  });

  it('follows the expression (from the people, not the kept cells) and keeps the cells in step with writes', async () => {
    const lost = [{ units: [{ field: 'vote', operator: '=', values: ['LOST'] }] }];
    for (const [zoom, people] of [
      [4, 3],
      [10, 3],
      [14, 2],
    ] as const) {
      const { list, total } = await pins(admin, zoom, { expression: lost });
      expect(total).toBe(people);
      expect(pinAt(list, SP, zoom)?.votes).toEqual([{ vote: 'LOST', count: 2 }]);
    }
    const carioca = await buildPerson(t, admin, { name: 'Carioca 2', vote: 'CONQUERED' });
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE people SET latitude = ${RIO.latitude}, longitude = ${RIO.longitude} WHERE id = ${String(carioca.code)}`.execute(
        trx,
      ),
    );
    expect(pinAt((await pins(admin, 10)).list, RIO, 10)?.votes).toEqual([
      { vote: 'CONQUERED', count: 1 },
      { vote: 'LOST', count: 1 },
    ]);
    await call(t, admin, 'DELETE', `/api/people/${carioca.code}`);
    expect(pinAt((await pins(admin, 10)).list, RIO, 10)?.count).toBe(1);
  });

  it('answers a vote and one tag from the kept cells as the people do, through tag changes', async () => {
    const tag = await buildTag(t, admin, 'Saúde no mapa');
    const natal = { latitude: -5.79, longitude: -35.21 };
    const tagged: { code: number }[] = [];
    for (const [i, vote] of ['CONQUERED', 'CONQUERED', 'LOST'].entries()) {
      tagged.push(
        await placed(
          admin,
          `Potiguar ${i}`,
          vote,
          { latitude: natal.latitude + i * 0.0001, longitude: natal.longitude },
          {
            tags: [tag.code],
          },
        ),
      );
    }
    const around = { south: -5.9, west: -35.3, north: -5.7, east: -35.1 };
    const expression = [
      {
        units: [
          { field: 'tags', operator: 'IN', values: [tag.code] },
          'AND',
          { field: 'vote', operator: 'IN', values: ['CONQUERED', 'TO_CONQUER'] },
        ],
      },
    ];
    const counts = async () =>
      Promise.all(
        [4, 10, 12, 14].map(
          async (zoom) => (await pins(admin, zoom, { expression }, zoom <= 7 ? BRAZIL : around)).total,
        ),
      );
    expect(await counts()).toEqual([2, 2, 2, 2]);
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE people SET tag_ids = '{}' WHERE id = ${String(tagged[0]?.code)}`.execute(trx),
    );
    expect(await counts()).toEqual([1, 1, 1, 1]);
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE people SET vote = 'TO_CONQUER' WHERE id = ${String(tagged[2]?.code)}`.execute(trx),
    );
    expect(await counts()).toEqual([2, 2, 2, 2]);
    await call(t, admin, 'DELETE', `/api/people/${tagged[1]?.code}`);
    expect(await counts()).toEqual([1, 1, 1, 1]);
    // the whole map: the untagged person is still there
    const all = [{ units: [{ field: 'name', operator: 'STARTS_WITH', values: ['Potiguar'] }] }];
    expect((await pins(admin, 10, { expression: all }, around)).total).toBe(2);
    for (const code of [tagged[0]?.code, tagged[2]?.code])
      await call(t, admin, 'DELETE', `/api/people/${code}`);
  });

  it('pages the people of a pin by name, 10 a page, with the vote summary', async () => {
    const sp = pinAt((await pins(admin, 10)).list, SP, 10) as Location;
    const page = (n: number, extra: Record<string, unknown> = {}) =>
      call(t, admin, 'POST', '/api/people/find-by-location', {
        latitude: sp.latitude,
        longitude: sp.longitude,
        cell: sp.cell,
        page: n,
        ...extra,
      });
    const first = await page(1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.list.map((p: { name: string }) => p.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Paulista ${String(i).padStart(2, '0')}`),
    );
    expect(first.body.data.summary).toEqual({ total: 12, toConquer: 4, conquered: 6, lost: 2 });
    const second = await page(2);
    expect(second.body.data.list.map((p: { name: string }) => p.name)).toEqual([
      'Paulista 10',
      'Paulista 11',
    ]);
    const desc = await page(1, { orderingAscending: false, itemsPerPage: 3 });
    expect(desc.body.data.list.map((p: { name: string }) => p.name)).toEqual([
      'Paulista 11',
      'Paulista 10',
      'Paulista 09',
    ]);
    expect((await page(3)).body.data.list).toEqual([]);
  });

  it('without ROLE_CRM_ALL_DATA a user sees only their own contacts; the team needs ROLE_TEAM', async () => {
    const own = await pins(alice, 4);
    expect(own.total).toBe(1);
    expect(own.list[0]?.votes).toEqual([{ vote: 'CONQUERED', count: 1 }]);
    expect((await pins(alice, 14, {}, { south: -8.1, west: -34.9, north: -8, east: -34.8 })).total).toBe(1);
    expect((await pins(alice, 14)).total).toBe(0);
    const sp = pinAt((await pins(admin, 10)).list, SP, 10) as Location;
    const foreign = await call(t, alice, 'POST', '/api/people/find-by-location', { cell: sp.cell });
    expect(foreign.body.data.total).toBe(0);
    const moved = await call(t, alice, 'PUT', '/api/people/update-coordinates', {
      cell: sp.cell,
      latitude: -15.79,
      longitude: -47.88,
    });
    expect(moved.body.data.moved).toBe(0);
    const team = await call(t, alice, 'POST', '/api/people/list-coordinates', {
      type: 'TEAM',
      viewport: { ...BRAZIL, zoom: 4 },
    });
    expect(team.status).toBe(403);
    const reporter = await signedIn(t, tenant, ['ROLE_REPORT']);
    expect(
      (await call(t, reporter, 'POST', '/api/people/list-coordinates', { viewport: { ...BRAZIL, zoom: 4 } }))
        .status,
    ).toBe(403);
  });

  it('moves the people of a pin to a point in Brazil (MANUAL) and refuses points outside it', async () => {
    const rio = pinAt((await pins(admin, 10)).list, RIO, 10) as Location;
    const move = (latitude: number, longitude: number) =>
      call(t, admin, 'PUT', '/api/people/update-coordinates', { cell: rio.cell, latitude, longitude });
    for (const [lat, lon, message] of [
      [91, -43, MAP_MESSAGES.latitude],
      [-22, -181, MAP_MESSAGES.longitude],
      [48.85, 2.35, MAP_MESSAGES.outsideBrazil],
      [-40, -60, MAP_MESSAGES.outsideBrazil],
    ] as const) {
      const res = await move(lat, lon);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MAP_MESSAGES.updateFailed);
      expect(Object.values(res.body.errors).flat()).toContain(message);
    }
    const ok = await move(-15.79, -47.88);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.moved).toBe(1);
    const after = await pins(admin, 10);
    expect(pinAt(after.list, RIO, 10)).toBeUndefined();
    const brasilia = await pins(admin, 10, {}, { south: -16.5, west: -48.5, north: -15, east: -47 });
    expect(pinAt(brasilia.list, { latitude: -15.79, longitude: -47.88 }, 10)?.count).toBe(1);
    const row = await withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('people')
        .select(['geo_precision', 'geo_source', 'geo_status'])
        .where('name', '=', 'Carioca')
        .executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ geo_precision: 'MANUAL', geo_source: 'MANUAL', geo_status: 'DONE' });
  });

  it('refuses bad viewports in pt-BR', async () => {
    for (const viewport of [
      { ...BRAZIL, zoom: 0 },
      { ...BRAZIL, zoom: 14 },
      { south: 10, west: -74, north: -10, east: -28, zoom: 4 },
      { ...BRAZIL, south: -95, zoom: 4 },
    ]) {
      const res = await call(t, admin, 'POST', '/api/people/list-coordinates', { viewport });
      expect(res.status, JSON.stringify(viewport)).toBe(400);
      expect(res.body.message).toBe(MAP_MESSAGES.listFailed);
    }
  });

  it('isolates tenants: another tenant sees no pins and moves nobody', async () => {
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES], 'Estranha');
    expect((await pins(stranger, 4)).total).toBe(0);
    expect((await pins(stranger, 14)).total).toBe(0);
    const sp = pinAt((await pins(admin, 10)).list, SP, 10) as Location;
    const found = await call(t, stranger, 'POST', '/api/people/find-by-location', { cell: sp.cell });
    expect(found.body.data.total).toBe(0);
    const moved = await call(t, stranger, 'PUT', '/api/people/update-coordinates', {
      cell: sp.cell,
      latitude: -15.79,
      longitude: -47.88,
    });
    expect(moved.body.data.moved).toBe(0);
    expect(pinAt((await pins(admin, 10)).list, SP, 10)?.count).toBe(12);
  });
});
