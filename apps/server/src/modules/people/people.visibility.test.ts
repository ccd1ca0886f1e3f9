import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, loginAs, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`people visibility and team (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
    bob = await signedIn(t, tenant, ['ROLE_CRM'], 'Bob');
  });
  afterAll(() => t.close());

  const names = (body: { data: { list: { name: string }[] } }) => body.data.list.map((p) => p.name).sort();

  it('without ROLE_CRM_ALL_DATA a user sees and changes only the contacts they created', async () => {
    const own = await buildPerson(t, alice, { name: 'Contato da Alice' });
    const foreign = await buildPerson(t, bob, { name: 'Contato do Bob', influence: 3 });
    const search = await call(t, alice, 'POST', '/api/people/search', {});
    expect(names(search.body)).toEqual(['Contato da Alice']);
    expect(search.body.data.total).toBe(1);
    expect((await call(t, alice, 'GET', '/api/people?segmentCode=1')).body.data.total).toBe(1);
    expect((await call(t, alice, 'GET', '/api/people/names')).body.data.total).toBe(1);
    expect((await call(t, alice, 'GET', `/api/people/list-names?codes=${foreign.code}`)).body.data).toEqual(
      [],
    );
    expect((await call(t, alice, 'GET', '/api/segments/1')).body.data.total).toBe(1);
    for (const [method, path, body] of [
      ['GET', ''],
      ['PUT', '', { name: 'Tomado' }],
      ['DELETE', ''],
      ['PUT', '/update-vote', { vote: 'LOST' }],
      ['PUT', '/mark-as-influence', { influence: 0 }],
      ['PUT', '/remove-influence'],
    ] as const) {
      expect(
        (await call(t, alice, method, `/api/people/${foreign.code}${path}`, body)).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    const many = await call(t, alice, 'DELETE', '/api/people/delete-many', {
      codes: [own.code, foreign.code],
    });
    expect(many.status).toBe(404);
    const godfather = await call(t, alice, 'POST', '/api/people', { name: 'X', godfatherCode: foreign.code });
    expect(godfather.body.errors.godfatherCode).toEqual(['Valor inválido para o campo']);
    // the admin (all data) sees both, unchanged
    const all = await call(t, admin, 'POST', '/api/people/search', {
      expression: [{ units: [{ field: 'name', operator: 'STARTS_WITH', values: ['Contato'] }] }],
    });
    expect(names(all.body)).toEqual(['Contato da Alice', 'Contato do Bob']);
    expect((await call(t, admin, 'GET', `/api/people/${foreign.code}`)).body.data.influence).toBe(3);
    expect((await call(t, alice, 'PUT', `/api/people/${own.code}`, { name: 'Renomeado' })).status).toBe(200);
  });

  it('requires ROLE_CRM for contacts and ROLE_TEAM for team members', async () => {
    const teamOnly = await signedIn(t, tenant, ['ROLE_TEAM'], 'Só Equipe');
    const nobody = await signedIn(t, tenant, ['ROLE_REPORT']);
    const contact = await buildPerson(t, admin, { name: 'Contato' });
    expect((await call(t, teamOnly, 'POST', '/api/people/search', { type: 'PERSON' })).status).toBe(403);
    expect((await call(t, teamOnly, 'GET', `/api/people/${contact.code}`)).status).toBe(404);
    expect((await call(t, teamOnly, 'POST', '/api/people', { name: 'Novo' })).status).toBe(403);
    const team = await call(t, teamOnly, 'POST', '/api/people/search', { type: 'TEAM' });
    expect(team.status).toBe(200);
    expect(names(team.body)).toEqual(['Admin', 'Alice', 'Bob', 'Só Equipe', 'Usuária Teste'].sort());
    expect((await call(t, alice, 'POST', '/api/people/search', { type: 'TEAM' })).status).toBe(403);
    expect((await call(t, alice, 'GET', '/api/people?segmentCode=2')).status).toBe(403);
    expect((await call(t, nobody, 'POST', '/api/people/search', {})).status).toBe(403);
    expect((await call(t, alice, 'POST', `/api/people/${contact.code}/set-as-team`)).status).toBe(403);
  });

  it('isolates tenants: another tenant’s people and tags do not exist', async () => {
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES]);
    const theirs = await buildPerson(t, stranger, { name: 'De outro tenant' });
    const theirTag = await buildTag(t, stranger, 'Tag alheia');
    expect((await call(t, admin, 'GET', `/api/people/${theirs.code}`)).status).toBe(404);
    expect((await call(t, admin, 'PUT', `/api/people/${theirs.code}`, { name: 'x' })).status).toBe(404);
    expect((await call(t, admin, 'DELETE', `/api/people/${theirs.code}`)).status).toBe(404);
    const search = await call(t, admin, 'POST', '/api/people/search', {
      expression: [{ units: [{ field: 'name', operator: '=', values: ['De outro tenant'] }] }],
    });
    expect(search.body.data.total).toBe(0);
    const tagged = await call(t, admin, 'POST', '/api/people', { name: 'Ana', tags: [theirTag.code] });
    expect(tagged.status).toBe(400);
    expect(tagged.body.errors.tags).toEqual(['Valor inválido para o campo']);
    const crossToken = await call(
      t,
      { ...admin, headers: { ...admin.headers, 'x-schema': other.slug } },
      'GET',
      `/api/people/${theirs.code}`,
    );
    expect(crossToken.status).toBe(403);
  });

  it('turns a contact into an inactive team member with a login user', async () => {
    const noEmail = await buildPerson(t, admin, { name: 'Sem e-mail' });
    const refused = await call(t, admin, 'POST', `/api/people/${noEmail.code}/set-as-team`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.email).toEqual(['Informe um e-mail válido para prosseguir']);
    const taken = await buildPerson(t, admin, { name: 'Duplicada', email: alice.user.email });
    const conflict = await call(t, admin, 'POST', `/api/people/${taken.code}/set-as-team`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('Este e-mail já é usado por outro usuário');
    const contact = await buildPerson(t, admin, { name: 'Nova Equipe', email: 'nova.equipe@exemplo.com.br' });
    const made = await call(t, admin, 'POST', `/api/people/${contact.code}/set-as-team`);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ isUser: true, user: { active: false } });
    const access = await call(t, admin, 'GET', `/api/users/${made.body.data.user.code}`);
    expect(access.body.data).toMatchObject({ active: false, permissions: [] });
    expect((await call(t, admin, 'POST', `/api/people/${contact.code}/set-as-team`)).status).toBe(400);
    const team = await call(t, admin, 'GET', '/api/people?segmentCode=2&itemsPerPage=200');
    expect(names(team.body)).toContain('Nova Equipe');
    // activated with a password, the new member signs in
    await call(t, admin, 'PUT', `/api/users/${made.body.data.user.code}/change-permissions`, {
      active: true,
      permissions: ['ROLE_CRM'],
    });
    expect((await call(t, admin, 'GET', `/api/people/${contact.code}`)).body.data.user.active).toBe(true);
  });

  it('creates a team member with isUser, keeps its login in step and removes it', async () => {
    const created = await call(t, admin, 'POST', '/api/people', {
      name: 'Membro',
      email: 'membro@exemplo.com.br',
      isUser: true,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ isUser: true, user: { active: false } });
    const code = created.body.data.code;
    const dup = await call(t, admin, 'PUT', `/api/people/${code}`, {
      name: 'Membro',
      email: alice.user.email,
    });
    expect(dup.status).toBe(409);
    const noEmail = await call(t, admin, 'PUT', `/api/people/${code}`, { name: 'Membro' });
    expect(noEmail.body.errors.email).toEqual(['Informe um e-mail válido para prosseguir']);
    await call(t, admin, 'PUT', `/api/people/${code}`, { name: 'Membro Novo', email: 'novo@exemplo.com.br' });
    const userCode = created.body.data.user.code;
    await call(t, admin, 'PUT', `/api/users/${userCode}/change-permissions`, {
      active: true,
      permissions: [],
    });
    expect((await call(t, admin, 'GET', `/api/users/${userCode}`)).body.data.active).toBe(true);
    expect((await call(t, admin, 'DELETE', `/api/people/${code}`)).status).toBe(200);
    expect((await call(t, admin, 'GET', `/api/users/${userCode}`)).body.data.active).toBe(false);
    const self = await call(t, admin, 'POST', '/api/people/search', {
      type: 'TEAM',
      expression: [{ units: [{ field: 'name', operator: '=', values: ['Admin'] }] }],
    });
    const mine = self.body.data.list[0].code;
    expect((await call(t, admin, 'DELETE', `/api/people/${mine}`)).status).toBe(403);
  });

  it('keeps the team person of a user in step with the profile', async () => {
    const me = await signedIn(t, tenant, ['ROLE_TEAM'], 'Perfil Antigo');
    const res = await call(t, me, 'PUT', '/api/users/me', {
      name: 'Perfil Novo',
      email: 'perfil.novo@exemplo.com.br',
      cellphone: '(81) 99999-0000',
    });
    expect(res.status).toBe(200);
    const found = await call(t, me, 'POST', '/api/people/search', {
      type: 'TEAM',
      expression: [{ units: [{ field: 'name', operator: '=', values: ['Perfil Novo'] }] }],
    });
    expect(found.body.data.list).toMatchObject([
      {
        email: 'perfil.novo@exemplo.com.br',
        cellphone: '81999990000',
        user: { code: me.user.code, active: true },
      },
    ]);
  });

  it('counts the tenant contacts (non-team people) in the plan consumption', async () => {
    const local = await buildTenant(t);
    const who = await signedIn(t, local, [...ROLES]);
    await buildPerson(t, who);
    await buildPerson(t, who);
    const res = await call(t, who, 'GET', '/api/sys-admin/plans/consumption');
    expect(res.body.data).toEqual({ totalUsersUsed: 1, totalContactsUsed: 2 });
    expect(await loginAs(t, local, who.user.email)).toEqual(expect.any(String));
  });
});
