import { ROLES, type Role } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { addTeamPerson } from '../people/team-person.lookup.ts';
import { usersRepository } from './users.repository.ts';

/**
 * Every actor × target × user-management route, against a model of the rules written here apart
 * from the domain's: nobody acts on a user holding a permission they lack, nobody changes their own
 * access or grants what they lack, a login e-mail changes only by its owner or by ROLE_CONFIG.
 * A refused call answers 403 (404 where the row is not visible) and changes nothing.
 */
const ACTORS: Record<string, Role[]> = {
  team: ['ROLE_TEAM'],
  teamCrm: ['ROLE_TEAM', 'ROLE_CRM'],
  teamConfig: ['ROLE_TEAM', 'ROLE_CONFIG'],
  crmAll: ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'],
  config: ['ROLE_CONFIG'],
  admin: [...ROLES],
};
const TARGETS: Record<string, Role[]> = {
  newMember: [],
  teamOnly: ['ROLE_TEAM'],
  crm: ['ROLE_CRM'],
  admin: [...ROLES],
};
const ACTIONS = [
  'view',
  'keepAccess',
  'grantConfig',
  'deactivate',
  'resetPassword',
  'changeOthersPassword',
  'editName',
  'editLoginEmail',
  'removePerson',
] as const;
type Action = (typeof ACTIONS)[number];

const covers = (actor: Role[], target: Role[]) => {
  const held = new Set(actor.includes('ROLE_CRM_ALL_DATA') ? [...actor, 'ROLE_CRM'] : actor);
  return target.every((r) => held.has(r));
};

/** The status the rules call for. */
function expected(actor: Role[], target: Role[], action: Action, self: boolean): number {
  const team = actor.includes('ROLE_TEAM');
  const peopleRoute = team || actor.includes('ROLE_CRM');
  const over = covers(actor, target);
  switch (action) {
    case 'view':
      return self || team ? 200 : 403;
    case 'keepAccess':
    case 'deactivate':
      return team && !self && over ? 200 : 403;
    case 'grantConfig':
      return team && !self && over && actor.includes('ROLE_CONFIG') ? 200 : 403;
    case 'resetPassword':
      return team && over ? 200 : 403;
    case 'changeOthersPassword':
      return self ? 400 : 403; // own: the wrong current password
    case 'editName':
      if (!peopleRoute) return 403;
      if (!team) return 404; // team rows are not visible without ROLE_TEAM
      return self || over ? 200 : 403;
    case 'editLoginEmail':
      if (!peopleRoute) return 403;
      if (!team) return 404;
      return self || (actor.includes('ROLE_CONFIG') && over) ? 200 : 403;
    case 'removePerson':
      if (!peopleRoute) return 403;
      if (!team) return 404;
      return !self && over ? 200 : 403;
  }
}

describe(`user management: roles × routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let sequence = 0;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
  });
  afterAll(() => t.close());

  /** A team member with a login and a team-person record, without a password (fast to make). */
  async function buildMember(permissions: Role[]) {
    return withTenant(t.db, tenant.id, async (ctx) => {
      const email = `alvo-${sequence++}@exemplo.com`;
      const user = await usersRepository.insert(ctx, {
        name: 'Alvo',
        email,
        passwordHash: null,
        active: true,
        permissions,
      });
      const personId = await addTeamPerson(ctx, { userId: user.id, name: 'Alvo', email });
      return { id: user.id, code: user.code, email, personId: String(personId) };
    });
  }
  type Member = Awaited<ReturnType<typeof buildMember>>;

  const snapshot = (code: string) =>
    withTenant(t.db, tenant.id, async ({ trx }) =>
      trx
        .selectFrom('users')
        .select(['name', 'email', 'active', 'permissions', 'pending_password_hash'])
        .where('code', '=', code)
        .executeTakeFirst(),
    );

  function request(who: Caller, target: Member, action: Action, targetPermissions: Role[]) {
    const users = `/api/users/${target.code}`;
    switch (action) {
      case 'view':
        return call(t, who, 'GET', users);
      case 'keepAccess':
        return call(t, who, 'PUT', `${users}/change-permissions`, {
          active: true,
          permissions: targetPermissions,
        });
      case 'grantConfig':
        return call(t, who, 'PUT', `${users}/change-permissions`, {
          active: true,
          permissions: [...targetPermissions, 'ROLE_CONFIG'],
        });
      case 'deactivate':
        return call(t, who, 'PUT', `${users}/change-permissions`, {
          active: false,
          permissions: targetPermissions,
        });
      case 'resetPassword':
        return call(t, who, 'PUT', `${users}/reset-password`);
      case 'changeOthersPassword':
        return call(t, who, 'PUT', `${users}/change-password`, {
          oldPassword: 'a'.repeat(64),
          newPassword: 'b'.repeat(64),
        });
      case 'editName':
        return call(t, who, 'PUT', `/api/people/${target.personId}`, {
          name: 'Outro Nome',
          email: target.email,
        });
      case 'editLoginEmail':
        return call(t, who, 'PUT', `/api/people/${target.personId}`, {
          name: 'Alvo',
          email: `trocado-${sequence++}@exemplo.com`,
        });
      case 'removePerson':
        return call(t, who, 'DELETE', `/api/people/${target.personId}`);
    }
  }

  for (const [actorName, actorPermissions] of Object.entries(ACTORS)) {
    it(`as ${actorName} (${actorPermissions.join(', ')})`, async () => {
      const actor = await signedIn(t, tenant, actorPermissions);
      const failures: string[] = [];
      for (const [targetName, targetPermissions] of Object.entries(TARGETS)) {
        for (const action of ACTIONS) {
          const target = await buildMember(targetPermissions);
          const before = await snapshot(target.code);
          const answer = await request(actor, target, action, targetPermissions);
          const want = expected(actorPermissions, targetPermissions, action, false);
          if (answer.status !== want) {
            failures.push(
              `${action} on ${targetName}: ${answer.status} (want ${want}) ${answer.body?.message}`,
            );
          }
          if (want >= 400 && JSON.stringify(await snapshot(target.code)) !== JSON.stringify(before)) {
            failures.push(`${action} on ${targetName} was refused but changed the user`);
          }
        }
      }
      // on oneself: the actor's own team-person record and login
      const own = await withTenant(t.db, tenant.id, ({ trx }) =>
        trx
          .selectFrom('people')
          .innerJoin('users', 'users.id', 'people.user_id')
          .select('people.id')
          .where('users.code', '=', actor.user.code)
          .executeTakeFirstOrThrow(),
      );
      const self = { id: '', code: actor.user.code, email: actor.user.email, personId: String(own.id) };
      for (const action of [
        'view',
        'keepAccess',
        'grantConfig',
        'changeOthersPassword',
        'editName',
        'removePerson',
      ] as const) {
        const answer = await request(actor, self, action, actorPermissions);
        const want = expected(actorPermissions, actorPermissions, action, true);
        if (answer.status !== want) failures.push(`${action} on self: ${answer.status} (want ${want})`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('ROLE_CRM_ALL_DATA brings ROLE_CRM on the server, and only who holds both grants it', async () => {
    const admin = await signedIn(t, tenant, [...ROLES]);
    const target = await buildMember([]);
    const granted = await call(t, admin, 'PUT', `/api/users/${target.code}/change-permissions`, {
      active: true,
      permissions: ['ROLE_CRM_ALL_DATA'],
    });
    expect(granted.status).toBe(200);
    expect([...granted.body.data.permissions].sort()).toEqual(['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    expect([...((await snapshot(target.code))?.permissions ?? [])].sort()).toEqual([
      'ROLE_CRM',
      'ROLE_CRM_ALL_DATA',
    ]);
    const lacksCrm = await signedIn(t, tenant, ['ROLE_TEAM', 'ROLE_CRM_ALL_DATA']);
    const other = await buildMember([]);
    expect(
      (
        await call(t, lacksCrm, 'PUT', `/api/users/${other.code}/change-permissions`, {
          active: true,
          permissions: ['ROLE_CRM_ALL_DATA'],
        })
      ).status,
    ).toBe(200); // who holds ROLE_CRM_ALL_DATA holds ROLE_CRM by implication
    const teamOnly = await signedIn(t, tenant, ['ROLE_TEAM']);
    const third = await buildMember([]);
    const refused = await call(t, teamOnly, 'PUT', `/api/users/${third.code}/change-permissions`, {
      active: true,
      permissions: ['ROLE_CRM_ALL_DATA'],
    });
    expect(refused.status).toBe(403);
    expect((await snapshot(third.code))?.permissions).toEqual([]);
  });

  it('replays the reported takeover as a ROLE_TEAM user: every step refused, nothing changed', async () => {
    const admin = await buildMember([...ROLES]);
    const attacker = await signedIn(t, tenant, ['ROLE_TEAM']);
    const before = await snapshot(admin.code);
    const steal = await call(t, attacker, 'PUT', `/api/people/${admin.personId}`, {
      name: 'Alvo',
      email: 'atacante@exemplo.com',
    });
    expect(steal.status).toBe(403);
    const forgot = await t.api.inject({
      method: 'PUT',
      url: '/api/auth/forgot-password',
      headers: { 'x-schema': tenant.slug },
      payload: { email: 'atacante@exemplo.com' },
    });
    expect(forgot.statusCode).toBe(404);
    const demote = await call(t, attacker, 'PUT', `/api/users/${admin.code}/change-permissions`, {
      active: false,
      permissions: [],
    });
    expect(demote.status).toBe(403);
    expect((await call(t, attacker, 'PUT', `/api/users/${admin.code}/reset-password`)).status).toBe(403);
    expect((await call(t, attacker, 'DELETE', `/api/people/${admin.personId}`)).status).toBe(403);
    expect(await snapshot(admin.code)).toEqual(before);
    const mailed = await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where(sql<boolean>`payload->>'userCode' = ${admin.code}`)
      .execute();
    expect(mailed).toEqual([]);
  });
});
