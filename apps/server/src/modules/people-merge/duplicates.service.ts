import type { DuplicateGroup, DuplicatesPage, DuplicatesQuery } from '@mandato/domain';
import { pageOffset } from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toDay, toIso, toTime } from '../../platform/dates.ts';
import { peopleVisibility } from '../people/people.policy.ts';
import { enqueueDuplicatesBuild } from './duplicates.job.ts';
import { duplicatesRepository } from './duplicates.repository.ts';

/** A build asked for this long ago and not finished is taken as lost (its job failed) and asked again. */
const BUILD_LOST_MS = 10 * 60 * 1000;

/**
 * GET /api/people/duplicates: a page of the candidate groups last found, best score first. When
 * people changed since they were found, a new search is queued (the page still answers the last
 * groups, with `refreshing`). A user who sees only the contacts they created sees only the groups
 * of such contacts; without ROLE_CRM, none.
 */
export async function listDuplicates(
  ctx: RequestContext,
  auth: AuthContext,
  query: DuplicatesQuery,
): Promise<DuplicatesPage> {
  const visibility = peopleVisibility(auth);
  let state = await duplicatesRepository.state(ctx);
  const version = await duplicatesRepository.peopleVersion(ctx);
  const lost = state.requestedAt !== null && Date.now() - toTime(state.requestedAt) > BUILD_LOST_MS;
  if (state.peopleVersion !== version && (!state.building || lost)) {
    await duplicatesRepository.startBuild(ctx, version);
    await enqueueDuplicatesBuild(ctx.app, ctx);
    state = await duplicatesRepository.state(ctx);
  }
  const answer = { refreshedAt: toIso(state.refreshedAt), refreshing: state.building !== null };
  if (!visibility.contacts || state.generation === '0') return { items: [], total: 0, ...answer };

  const { rows, total } = await duplicatesRepository.page(
    ctx,
    state,
    visibility.ownerId,
    query.itemsPerPage,
    pageOffset(query),
  );
  const people = await duplicatesRepository.people(
    ctx,
    rows.flatMap((r) => r.person_ids),
    visibility.ownerId,
  );
  const byId = new Map(people.map((p) => [String(p.id), p]));
  const items: DuplicateGroup[] = [];
  for (const row of rows) {
    // a person merged or removed since the groups were found leaves the group
    const members = row.person_ids.flatMap((id) => {
      const p = byId.get(id);
      if (!p) return [];
      return [
        {
          code: Number(p.id),
          name: p.name,
          ...(p.cpf ? { cpf: p.cpf } : {}),
          ...(p.email ? { email: p.email } : {}),
          ...(p.cellphone ? { mobile: p.cellphone } : {}),
          ...(p.birth_date ? { birthDate: toDay(p.birth_date) } : {}),
          createdAt: toIso(p.created_at),
        },
      ];
    });
    if (members.length >= 2) items.push({ key: row.key, keys: row.keys, score: row.score, people: members });
  }
  return { items, total, ...answer };
}
