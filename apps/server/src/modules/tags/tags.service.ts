import type { CodeName, ListAnswer } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import type { AuthContext } from '../auth/auth.guard.ts';
import { type TagRecord, tagsRepository } from './tags.repository.ts';

export const presentTag = (t: TagRecord): CodeName => ({ code: Number(t.id), name: t.name });

export async function searchTags(
  app: AppContext,
  auth: AuthContext,
  query: { searchString?: string; page: number; itemsPerPage: number },
): Promise<ListAnswer<CodeName>> {
  const result = await withTenant(app.db, auth.tenant.id, (ctx) =>
    tagsRepository.search(ctx, query.searchString?.trim() ?? '', query.page, query.itemsPerPage),
  );
  return { list: result.list.map(presentTag), total: result.total };
}

export async function listTags(app: AppContext, auth: AuthContext, codes: number[]): Promise<CodeName[]> {
  const tags = await withTenant(app.db, auth.tenant.id, (ctx) => tagsByIds(ctx, codes.map(String)));
  return tags.map(presentTag);
}

export async function createTag(app: AppContext, auth: AuthContext, name: string): Promise<CodeName> {
  const tag = await withTenant(app.db, auth.tenant.id, (ctx) => tagsRepository.insertOrGet(ctx, name.trim()));
  return presentTag(tag);
}

/** For other modules, inside their transaction: the tenant's tags among `ids`. */
export function tagsByIds(ctx: TenantContext, ids: readonly string[]): Promise<TagRecord[]> {
  return tagsRepository.byIds(ctx, [...new Set(ids)]);
}
