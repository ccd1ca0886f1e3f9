import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildCompany, buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { normalizeText } from './address.ts';
import { recordHttpGeocoder } from './geocoding.repository.ts';
import { OfflineMunicipalities, offlineMunicipalities } from './offline-source.ts';

describe('offline table of municipalities', () => {
  const table = offlineMunicipalities();

  it('holds every municipality of Brazil once, with its UF and a point inside Brazil', () => {
    // IBGE's 5,570 plus Boa Esperança do Norte (MT), installed in 2025 (data/SOURCE.md)
    expect(table.all.length).toBe(5571);
    expect(new Set(table.all.map((m) => m.ibge)).size).toBe(5571);
    expect(new Set(table.all.map((m) => m.uf)).size).toBe(27);
    for (const m of table.all) {
      expect(m.latitude, m.name).toBeGreaterThan(-34);
      expect(m.latitude, m.name).toBeLessThan(5.5);
      expect(m.longitude, m.name).toBeGreaterThan(-74);
      expect(m.longitude, m.name).toBeLessThan(-28.5);
    }
    expect(table.all.filter((m) => m.uf === 'SP').length).toBe(645);
    expect(table.all.filter((m) => m.uf === 'MG').length).toBe(853);
  });

  it('places the seats where they are', () => {
    const near = (city: string, uf: string, lat: number, lon: number) => {
      const m = table.find(city, uf);
      expect(m, city).toBeDefined();
      expect(Math.abs((m?.latitude ?? 0) - lat), city).toBeLessThan(0.1);
      expect(Math.abs((m?.longitude ?? 0) - lon), city).toBeLessThan(0.1);
    };
    near('São Paulo', 'SP', -23.55, -46.63);
    near('Manaus', 'AM', -3.1, -60.0);
    near('Brasília', 'DF', -15.78, -47.93);
    near('Porto Alegre', 'RS', -30.03, -51.21);
    near('Recife', 'PE', -8.05, -34.9);
    expect(table.find('São Paulo', 'SP')?.ibge).toBe(3550308);
  });

  it('matches names without accents or case, and UFs by their code', () => {
    for (const name of ['Sao Paulo', 'SÃO PAULO', '  são   paulo ', 'sao-paulo'])
      expect(table.find(name, 'SP')?.ibge, name).toBe(3550308);
    expect(table.find('São Paulo', 'sp')?.ibge).toBe(3550308);
    expect(table.find("santa barbara d'oeste", 'SP')?.name).toBe("Santa Bárbara d'Oeste");
    expect(table.find('Sao Joao del Rei', 'MG')?.name).toBe('São João del Rei');
    // the UF decides between namesakes; a wrong UF finds nothing
    expect(table.find('Bom Jesus', 'RS')?.uf).toBe('RS');
    expect(table.find('Bom Jesus', 'PI')?.uf).toBe('PI');
    expect(table.find('Manaus', 'SP')).toBeUndefined();
    // without a UF only a name no other municipality has
    expect(table.find('Manaus', null)?.ibge).toBe(1302603);
    expect(table.find('Bom Jesus', '')).toBeUndefined();
    expect(table.find('', 'SP')).toBeUndefined();
    expect(table.answer({ city: 'manaus', state: 'AM' })).toMatchObject({
      precision: 'CITY',
      source: 'offline',
    });
  });

  it('normalises like search_norm (unaccent + lower) with punctuation folded', () => {
    expect(normalizeText('Ção-Ãé  Í')).toBe('cao ae i');
    expect(
      new OfflineMunicipalities('ibge,uf,nome,latitude,longitude\n1,SP,Tést,-1,-2\n').find('TEST', 'SP'),
    ).toMatchObject({ ibge: 1 });
  });
});

/** The geocoding columns of people, straight from the table. */
async function geoOfPeople(t: TestApp, tenant: BuiltTenant) {
  return withTenant(t.db, tenant.id, (ctx) =>
    ctx.trx
      .selectFrom('people')
      .select([
        'id',
        'name',
        'city',
        'latitude',
        'longitude',
        'geo_status',
        'geo_precision',
        'geo_source',
        'geocoded_at',
        'geo_attempts',
        'geo_next_at',
      ])
      .where('is_team', '=', false)
      .orderBy('id')
      .execute(),
  );
}

async function geoJobs(t: TestApp) {
  return t.db.kysely
    .selectFrom('jobs')
    .select(['queue', 'state', 'singleton_key', 'run_at'])
    .where('queue', 'like', 'geocoding.%')
    .execute();
}

const address = (city: string | null, state: string | null, extra: Record<string, unknown> = {}) => ({
  address: { city, state, ...extra },
});

describe(`geocoding with the offline source (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES]);
  });
  afterAll(() => t.close());

  it('lands a person with a valid city and state on its city in the statement that saves it, with no job', async () => {
    const p = await buildPerson(t, admin, { name: 'Ana Centro', ...address('SÃO PAULO', 'SP') });
    const none = await buildPerson(t, admin, { name: 'Bia Sem Endereço' });
    const lost = await buildPerson(t, admin, {
      name: 'Caio Perdido',
      ...address('Cidade Que Não Existe', 'SP'),
    });
    // no UF (the form asks for it; older data may lack it): a name only one municipality has
    // answers, one many UFs share does not
    const [alone, shared] = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .insertInto('people')
        .values([
          { tenant_id: ctx.tenantId, name: 'Davi Sem UF', city: 'manacapuru' },
          { tenant_id: ctx.tenantId, name: 'Eva Sem UF', city: 'Bom Jesus' },
        ])
        .returning('id as code')
        .execute(),
    );
    const rows = await geoOfPeople(t, tenant);
    const byCode = (code: unknown) => rows.find((r) => String(r.id) === String(code));
    const ana = byCode(p.code);
    expect(ana).toMatchObject({ geo_status: 'DONE', geo_precision: 'CITY', geo_source: 'offline' });
    expect(ana?.latitude).toBeCloseTo(-23.53, 1);
    expect(ana?.longitude).toBeCloseTo(-46.64, 1);
    expect(ana?.geocoded_at).toBeInstanceOf(Date);
    expect(byCode(none.code)).toMatchObject({ geo_status: 'NO_ADDRESS', latitude: null });
    expect(byCode(lost.code)).toMatchObject({ geo_status: 'NOT_FOUND', latitude: null, geo_precision: null });
    expect(byCode(alone?.code)).toMatchObject({ geo_status: 'DONE', geo_precision: 'CITY' });
    expect(byCode(alone?.code)?.longitude).toBeCloseTo(-60.6, 0);
    expect(byCode(shared?.code)).toMatchObject({ geo_status: 'NOT_FOUND', latitude: null });
    // the offline source needs no job: nothing was queued
    expect(await geoJobs(t)).toEqual([]);
  });

  it('with an HTTP geocoder configured, shows the city at once and leaves the row to the job', async () => {
    await recordHttpGeocoder(t.db.kysely, true);
    try {
      const p = await buildPerson(t, admin, { name: 'Fábio Espera', ...address('Natal', 'RN') });
      const lost = await buildPerson(t, admin, { name: 'Gil Espera', ...address('Lugar Nenhum', 'RN') });
      let rows = await geoOfPeople(t, tenant);
      const fabio = rows.find((r) => String(r.id) === String(p.code));
      expect(fabio).toMatchObject({ geo_status: 'PENDING', geo_precision: 'CITY', geo_source: 'offline' });
      expect(fabio?.latitude).toBeCloseTo(-5.79, 1);
      expect(rows.find((r) => String(r.id) === String(lost.code))).toMatchObject({
        geo_status: 'PENDING',
        latitude: null,
      });
      const jobs = await geoJobs(t);
      expect(jobs.filter((j) => j.state === 'pending' && j.singleton_key === `geo:${tenant.id}`).length).toBe(
        1,
      );
      // this app has no HTTP geocoder after all: the job settles them with the offline answer
      await t.worker.drain();
      rows = await geoOfPeople(t, tenant);
      expect(rows.find((r) => String(r.id) === String(p.code))).toMatchObject({ geo_status: 'DONE' });
      expect(rows.find((r) => String(r.id) === String(lost.code))).toMatchObject({ geo_status: 'NOT_FOUND' });
    } finally {
      await recordHttpGeocoder(t.db.kysely, false);
    }
    // the job is done and freed its key: nothing else waits
    expect((await geoJobs(t)).filter((j) => j.state === 'pending')).toEqual([]);
  });

  it('re-geocodes a changed address, leaves a point alone when other fields change, and keeps MANUAL points', async () => {
    const p = await buildPerson(t, admin, { name: 'Duda Muda', ...address('Recife', 'PE') });
    await t.worker.drain();
    const byCode = async () => (await geoOfPeople(t, tenant)).find((r) => String(r.id) === String(p.code));
    expect(await byCode()).toMatchObject({ geo_status: 'DONE', geo_precision: 'CITY' });

    // another field: the point stays, no job
    let res = await call(t, admin, 'PUT', `/api/people/${p.code}`, {
      name: 'Duda Muda',
      profession: 'Professora',
      ...address('Recife', 'PE'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await byCode()).toMatchObject({ geo_status: 'DONE', geo_precision: 'CITY' });
    expect((await geoJobs(t)).filter((j) => j.state === 'pending')).toEqual([]);

    // a new address: the new city in the same save
    res = await call(t, admin, 'PUT', `/api/people/${p.code}`, {
      name: 'Duda Muda',
      ...address('Manaus', 'AM'),
    });
    expect(res.status).toBe(200);
    const moved = await byCode();
    expect(moved).toMatchObject({ geo_status: 'DONE', geo_precision: 'CITY' });
    expect(moved?.latitude).toBeCloseTo(-3.12, 1);

    // a point placed by hand (what update-coordinates writes) survives saves of the same address
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .updateTable('people')
        .set({
          latitude: -3.05,
          longitude: -59.95,
          geo_precision: 'MANUAL',
          geo_source: 'MANUAL',
          geo_status: 'DONE',
        })
        .where('id', '=', String(p.code))
        .execute(),
    );
    await call(t, admin, 'PUT', `/api/people/${p.code}`, { name: 'Duda M.', ...address('Manaus', 'AM') });
    await t.worker.drain();
    expect(await byCode()).toMatchObject({ geo_precision: 'MANUAL', latitude: -3.05, longitude: -59.95 });
    // … and an address change in the same statement as a new point keeps that point
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .updateTable('people')
        .set({
          city: 'Manacapuru',
          latitude: -3.3,
          longitude: -60.6,
          geo_precision: 'MANUAL',
          geo_status: 'DONE',
        })
        .where('id', '=', String(p.code))
        .execute(),
    );
    expect(await byCode()).toMatchObject({ geo_status: 'DONE', geo_precision: 'MANUAL', latitude: -3.3 });
    // a new address alone replaces it
    await call(t, admin, 'PUT', `/api/people/${p.code}`, { name: 'Duda M.', ...address('Belém', 'PA') });
    await t.worker.drain();
    expect(await byCode()).toMatchObject({
      geo_status: 'DONE',
      geo_precision: 'CITY',
      geo_source: 'offline',
    });
    expect((await byCode())?.latitude).toBeCloseTo(-1.45, 1);
  });

  it('geocodes companies the same way', async () => {
    const c = await buildCompany(t, admin, { name: 'Escola de Curitiba', ...address('curitiba', 'PR') });
    await t.worker.drain();
    const row = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('companies')
        .select(['latitude', 'geo_status', 'geo_precision'])
        .where('id', '=', String(c.code))
        .executeTakeFirstOrThrow(),
    );
    expect(row).toMatchObject({ geo_status: 'DONE', geo_precision: 'CITY' });
    expect(row.latitude).toBeCloseTo(-25.42, 1);
  });

  it('geocodes an insert of 1,000 rows in one statement (an import batch) as it writes them', async () => {
    const other = await buildTenant(t);
    const cities = [
      ['São Paulo', 'SP'],
      ['Rio de Janeiro', 'RJ'],
      ['Salvador', 'BA'],
      ['Fortaleza', 'CE'],
      ['Nowhere', 'SP'],
    ] as const;
    await withTenant(t.db, other.id, (ctx) =>
      ctx.trx
        .insertInto('people')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            tenant_id: ctx.tenantId,
            name: `Importada ${i}`,
            city: cities[i % 5]?.[0],
            state: cities[i % 5]?.[1],
          })),
        )
        .execute(),
    );
    expect((await geoJobs(t)).filter((j) => j.singleton_key === `geo:${other.id}`)).toEqual([]);
    const counts = await withTenant(t.db, other.id, (ctx) =>
      ctx.trx
        .selectFrom('people')
        .select(['geo_status', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('geo_status')
        .orderBy('geo_status')
        .execute(),
    );
    expect(counts.map((c) => [c.geo_status, Number(c.n)])).toEqual([
      ['DONE', 800],
      ['NOT_FOUND', 200],
    ]);
  });
});
