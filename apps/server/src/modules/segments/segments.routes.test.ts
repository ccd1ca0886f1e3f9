import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompany,
  buildPerson,
  buildSegment,
  type Caller,
  call,
  signedIn,
} from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const voteIs = (vote: string) => [{ units: [{ field: 'vote', operator: '=', values: [vote] }] }];

describe(`segments routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let alice: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
    await buildPerson(t, admin, { name: 'A', vote: 'CONQUERED' });
    await buildPerson(t, admin, { name: 'B', vote: 'CONQUERED' });
    await buildPerson(t, alice, { name: 'C', vote: 'CONQUERED' });
    await buildPerson(t, alice, { name: 'D', vote: 'LOST' });
    await buildCompany(t, admin, { name: 'Escola', address: { state: 'SP' } });
  });
  afterAll(() => t.close());

  it('lists the special segment first, then saved ones, 8 per page, totals for the caller', async () => {
    const conquered = await buildSegment(t, admin, { name: 'Conquistados', expression: voteIs('CONQUERED') });
    expect(conquered).toMatchObject({ type: 'PERSON', special: false, total: 3 });
    for (let i = 1; i <= 8; i++) await buildSegment(t, admin, { name: `Lista ${i}` });
    const first = await call(t, admin, 'GET', '/api/segments?type=PERSON');
    expect(first.body.data.total).toBe(10);
    expect(first.body.data.list).toHaveLength(8);
    expect(first.body.data.list[0]).toEqual({
      code: 1,
      name: 'Pessoas',
      type: 'PERSON',
      expression: [],
      special: true,
      total: 4,
    });
    expect(first.body.data.list[1]).toMatchObject({ name: 'Conquistados', total: 3 });
    const second = await call(t, admin, 'GET', '/api/segments?type=PERSON&page=2');
    expect(second.body.data.list.map((s: { name: string }) => s.name)).toEqual(['Lista 7', 'Lista 8']);
    // Alice sees only what she created: totals follow
    const mine = await call(t, alice, 'GET', `/api/segments/${conquered.code}`);
    expect(mine.body.data.total).toBe(1);
    expect((await call(t, alice, 'GET', '/api/segments/1')).body.data.total).toBe(2);
    const team = await call(t, admin, 'GET', '/api/segments?type=TEAM');
    expect(team.body.data.list[0]).toMatchObject({ code: 2, name: 'Equipe', special: true, total: 2 });
    const companies = await call(t, admin, 'GET', '/api/segments/3');
    expect(companies.body.data).toMatchObject({ name: 'Locais de Votação', total: 1 });
    const byList = await call(t, admin, 'GET', `/api/people?segmentCode=${conquered.code}`);
    expect(byList.body.data.total).toBe(3);
  });

  it('creates, updates and removes (toogle-active) a saved segment', async () => {
    const seg = await buildSegment(t, admin, {
      name: 'SP',
      type: 'COMPANY',
      expression: [{ units: [{ field: 'state', operator: '=', values: ['SP'] }] }],
    });
    expect(seg.total).toBe(1);
    const updated = await call(t, admin, 'PUT', `/api/segments/${seg.code}`, {
      name: 'RJ',
      type: 'COMPANY',
      expression: [{ units: [{ field: 'state', operator: 'IN', values: ['RJ'] }] }],
    });
    expect(updated.body.data).toMatchObject({ name: 'RJ', total: 0 });
    const names = await call(t, admin, 'GET', '/api/segments/names?types=COMPANY');
    expect(names.body.data).toEqual([
      { code: 3, name: 'Locais de Votação', type: 'COMPANY', special: true },
      { code: seg.code, name: 'RJ', type: 'COMPANY', special: false },
    ]);
    const removed = await call(t, admin, 'PUT', `/api/segments/${seg.code}/toogle-active`);
    expect(removed.body.data).toEqual({ code: seg.code, active: false });
    expect((await call(t, admin, 'GET', `/api/segments/${seg.code}`)).status).toBe(404);
    expect((await call(t, admin, 'GET', '/api/segments/names?types=COMPANY')).body.data).toHaveLength(1);
    expect((await call(t, admin, 'PUT', `/api/segments/${seg.code}/toogle-active`)).body.data.active).toBe(
      true,
    );
  });

  it('refuses to change the special segments and invalid expressions', async () => {
    for (const code of [1, 2, 3]) {
      const update = await call(t, admin, 'PUT', `/api/segments/${code}`, {
        name: 'x',
        type: 'PERSON',
        expression: [],
      });
      expect(update.status).toBe(403);
      expect(update.body.message).toMatch(/não podem ser alteradas ou removidas/);
      expect((await call(t, admin, 'PUT', `/api/segments/${code}/toogle-active`)).status).toBe(403);
    }
    const bad = await call(t, admin, 'POST', '/api/segments', {
      name: 'Ruim',
      type: 'COMPANY',
      expression: [{ units: [{ field: 'vote', operator: '=', values: ['LOST'] }] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(['Campo de filtro não permitido: vote']);
    const noName = await call(t, admin, 'POST', '/api/segments', {
      name: ' ',
      type: 'PERSON',
      expression: [],
    });
    expect(noName.body.errors.name).toEqual(['Nome é obrigatório']);
    const op = await call(t, admin, 'POST', '/api/segments', {
      name: 'Op',
      type: 'PERSON',
      expression: [{ units: [{ field: 'name', operator: 'IN', values: ['a'] }] }],
    });
    expect(op.body.errors).toEqual(['Operador IN não permitido para o campo name']);
    expect((await call(t, admin, 'GET', '/api/segments/99')).status).toBe(404);
    expect((await call(t, admin, 'GET', '/api/segments/x')).status).toBe(400);
    expect((await call(t, admin, 'GET', '/api/segments?type=OTHER')).status).toBe(400);
  });

  it('guards types by role and tenants', async () => {
    const teamOnly = await signedIn(t, tenant, ['ROLE_TEAM']);
    expect((await call(t, teamOnly, 'GET', '/api/segments?type=PERSON')).status).toBe(403);
    expect((await call(t, teamOnly, 'GET', '/api/segments?type=TEAM')).status).toBe(200);
    expect((await call(t, teamOnly, 'GET', '/api/segments/names')).body.data).toEqual([
      { code: 2, name: 'Equipe', type: 'TEAM', special: true },
    ]);
    expect(
      (await call(t, alice, 'POST', '/api/segments', { name: 'T', type: 'TEAM', expression: [] })).status,
    ).toBe(403);
    const personSeg = await buildSegment(t, admin, { name: 'Pessoas X' });
    expect((await call(t, teamOnly, 'GET', `/api/segments/${personSeg.code}`)).status).toBe(403);
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES]);
    expect((await call(t, stranger, 'GET', `/api/segments/${personSeg.code}`)).status).toBe(404);
    expect((await call(t, stranger, 'PUT', `/api/segments/${personSeg.code}/toogle-active`)).status).toBe(
      404,
    );
    expect((await call(t, stranger, 'GET', `/api/people?segmentCode=${personSeg.code}`)).status).toBe(404);
  });
});
