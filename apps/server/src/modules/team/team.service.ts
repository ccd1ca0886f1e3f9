import type { Profile, ProfileSave, SessionUser } from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import {
  addTeamPerson,
  saveTeamPersonAddress,
  syncTeamPerson,
  teamPersonAddress,
} from '../people/team-person.lookup.ts';
import {
  type CreateUserInput,
  insertPreparedUser,
  prepareUser,
  presentUser,
  updateOwnContact,
} from '../users/users.service.ts';

/**
 * A team member is a login (users) and a person record (people, is_team): this module keeps the
 * two in step where both change at once, so neither module needs the other.
 */

/** Operator path (CLI, demo seed): a login-capable user and their team person record. */
export async function createUser(app: Pick<AppContext, 'db'>, input: CreateUserInput): Promise<SessionUser> {
  const { tenant, user } = await prepareUser(app, input);
  return withTenant(app.db, tenant.id, async (ctx) => {
    const created = await insertPreparedUser(ctx, user);
    await addTeamPerson(ctx, { userId: created.id, name: created.name, email: created.email });
    return presentUser(created);
  });
}

/** GET /users/me: the session user plus the address block of their team person record. */
export async function getProfile(ctx: RequestContext, auth: AuthContext): Promise<Profile> {
  return { ...presentUser(auth.user), address: await teamPersonAddress(ctx, auth.user.id) };
}

/** PUT /users/me: name, e-mail, cellphone (login and team person) and, when sent, the address. */
export async function updateProfile(
  ctx: RequestContext,
  auth: AuthContext,
  body: ProfileSave,
): Promise<Profile> {
  const contact = { name: body.name, email: body.email, cellphone: body.cellphone };
  const user = await updateOwnContact(ctx, auth, contact);
  await syncTeamPerson(ctx, auth.user.id, contact);
  if (body.address !== undefined) await saveTeamPersonAddress(ctx, auth.user.id, body.address);
  return { ...user, address: await teamPersonAddress(ctx, auth.user.id) };
}
