import { QUICK_SEARCH_ITEMS, type QuickSearchAnswer } from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { visibilityOfType } from './people.policy.ts';
import { quickSearchRows } from './people-quick-search.repository.ts';

/** GET /people/quick-search: contacts (ROLE_CRM; only one's own without ROLE_CRM_ALL_DATA). */
export async function quickSearchPeople(
  ctx: RequestContext,
  auth: AuthContext,
  text: string,
): Promise<QuickSearchAnswer> {
  const rows = await quickSearchRows(
    ctx,
    visibilityOfType(auth, 'PERSON'),
    text.trim(),
    QUICK_SEARCH_ITEMS + 1,
  );
  return {
    list: rows.slice(0, QUICK_SEARCH_ITEMS).map((r) => ({
      code: Number(r.id),
      name: r.name,
      email: r.email,
      cellphone: r.cellphone,
    })),
    more: rows.length > QUICK_SEARCH_ITEMS,
  };
}
