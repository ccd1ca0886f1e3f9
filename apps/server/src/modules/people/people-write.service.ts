import {
  AUDIT_SUBJECTS,
  CRM_MESSAGES,
  PERSON_MESSAGES,
  type Person,
  type PersonSave,
  type Vote,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import { recordAudit } from '../../platform/audit/audit-log.repository.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { createTeamUser, deactivateTeamUser, updateTeamUserContact } from '../users/users.service.ts';
import { assertType, peopleVisibility } from './people.policy.ts';
import { personValues } from './people.present.ts';
import { type PersonRow, peopleRepository } from './people.repository.ts';
import { checkReferences, presentOne, visiblePerson } from './people.service.ts';

const teamNeedsEmail = () => badRequest(PERSON_MESSAGES.general, { email: [PERSON_MESSAGES.teamNeedsEmail] });

/** POST /people: a contact (ROLE_CRM), or with isUser a team member and its inactive login (ROLE_TEAM). */
export async function createPerson(
  ctx: RequestContext,
  auth: AuthContext,
  body: PersonSave,
): Promise<Person> {
  assertType(auth, body.isUser ? 'TEAM' : 'PERSON');
  await checkReferences(ctx, auth, body);
  const values = personValues(body);
  let userId: string | null = null;
  if (body.isUser) {
    if (!body.email) throw teamNeedsEmail();
    const user = await createTeamUser(ctx, {
      name: body.name ?? body.email,
      email: body.email,
      cellphone: body.cellphone,
    });
    userId = user.id;
  }
  const id = await peopleRepository.insert(ctx, {
    ...values,
    is_team: body.isUser,
    user_id: userId,
    created_by: auth.user.id,
  });
  return presentOne(ctx, id);
}

/** PUT /people/{id}: whole form; a team member keeps an e-mail and its login follows name/e-mail. */
export async function updatePerson(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: PersonSave,
): Promise<Person> {
  const current = await visiblePerson(ctx, auth, id);
  await checkReferences(ctx, auth, body, current);
  if (current.is_team && !body.email) throw teamNeedsEmail();
  if (current.is_team && current.user_id && body.email) {
    await updateTeamUserContact(ctx, auth, String(current.user_id), {
      name: body.name ?? body.email,
      email: body.email,
    });
  }
  await peopleRepository.update(ctx, id, personValues(body));
  return presentOne(ctx, id);
}

/** Removing a team member also switches off its login; nobody removes their own record. */
async function remove(ctx: TenantContext, auth: AuthContext, rows: PersonRow[]) {
  if (rows.some((r) => String(r.user_id ?? '') === auth.user.id)) throw forbidden(CRM_MESSAGES.removeSelf);
  for (const row of rows)
    if (row.is_team && row.user_id) await deactivateTeamUser(ctx, auth, String(row.user_id));
  await peopleRepository.deleteMany(
    ctx,
    rows.map((r) => String(r.id)),
  );
}

export async function deletePerson(ctx: RequestContext, auth: AuthContext, id: string) {
  const person = await visiblePerson(ctx, auth, id);
  await remove(ctx, auth, [person]);
  await recordAudit(ctx, {
    action: 'PERSON_DELETE',
    subject: AUDIT_SUBJECTS.personDelete(id),
    detail: { code: id, team: Boolean(person.is_team) },
  });
  return { code: Number(id) };
}

/** DELETE /people/delete-many: all or nothing; any code not visible → 404. */
export async function deletePeople(ctx: RequestContext, auth: AuthContext, codes: number[]) {
  const ids = [...new Set(codes.map(String))];
  const found = await peopleRepository.findVisibleMany(ctx, peopleVisibility(auth), ids);
  if (found.length !== ids.length) throw notFound(CRM_MESSAGES.bulkRemove);
  await remove(ctx, auth, found);
  await recordAudit(ctx, {
    action: 'BULK_DELETE',
    subject: AUDIT_SUBJECTS.peopleBulkDelete(found.length),
    detail: { count: found.length, codes: ids.join(',') },
  });
  return { total: found.length };
}

export async function updateVote(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  vote: Vote,
): Promise<Person> {
  await visiblePerson(ctx, auth, id);
  await peopleRepository.update(ctx, id, { vote });
  return presentOne(ctx, id);
}

/** Spec 2 §4: a positive number marks a mobiliser; 0 removes it, or is refused when there is none. */
export async function markAsInfluence(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  influence: number,
): Promise<Person> {
  const current = await visiblePerson(ctx, auth, id);
  if (influence <= 0 && Number(current.influence) <= 0) {
    throw badRequest(PERSON_MESSAGES.influencePositive, { influence: [PERSON_MESSAGES.influencePositive] });
  }
  await peopleRepository.update(ctx, id, { influence: Math.max(0, influence) });
  return presentOne(ctx, id);
}

export async function removeInfluence(ctx: RequestContext, auth: AuthContext, id: string): Promise<Person> {
  await visiblePerson(ctx, auth, id);
  await peopleRepository.update(ctx, id, { influence: 0 });
  return presentOne(ctx, id);
}

/**
 * POST /people/{id}/set-as-team (ROLE_TEAM, and the contact visible to the caller): the person
 * becomes a team member with a new login user, inactive and without permissions.
 */
export async function setAsTeam(ctx: RequestContext, auth: AuthContext, id: string): Promise<Person> {
  assertType(auth, 'TEAM');
  const current = await visiblePerson(ctx, auth, id);
  if (current.is_team) throw badRequest(CRM_MESSAGES.alreadyTeam);
  if (!current.email) throw teamNeedsEmail();
  const user = await createTeamUser(ctx, {
    name: current.name ?? current.email,
    email: current.email,
    cellphone: current.cellphone,
  });
  await peopleRepository.update(ctx, id, { is_team: true, user_id: user.id });
  return presentOne(ctx, id);
}
