import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { peopleRepository } from './people.repository.ts';

/**
 * For other modules, inside their transaction: the people among `ids` the caller may see (their
 * visibility from people.policy.ts `peopleVisibility`), as id and name, by name.
 */
export function visiblePeopleNames(
  ctx: TenantContext,
  vis: PeopleVisibility,
  ids: readonly string[],
): Promise<{ id: string; name: string | null }[]> {
  return peopleRepository.namesOf(ctx, vis, [...new Set(ids)]);
}
