import type { CodeName, ListAnswer } from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type TagRecord, tagsRepository } from './tags.repository.ts';

export const presentTag = (t: TagRecord): CodeName => ({ code: Number(t.id), name: t.name });

export async function searchTags(
  ctx: RequestContext,
  _auth: AuthContext,
  query: { searchString?: string; page: number; itemsPerPage: number },
): Promise<ListAnswer<CodeName>> {
  const trimmed = query.searchString?.trim() ?? '';
  const result = await tagsRepository.search(ctx, trimmed, query.page, query.itemsPerPage);
  return { list: result.list.map(presentTag), total: result.total };
}

export async function listTags(
  ctx: RequestContext,
  _auth: AuthContext,
  codes: number[],
): Promise<CodeName[]> {
  return (await tagsByIds(ctx, codes.map(String))).map(presentTag);
}

export async function createTag(ctx: RequestContext, _auth: AuthContext, name: string): Promise<CodeName> {
  return presentTag(await tagsRepository.insertOrGet(ctx, name.trim()));
}

/** For other modules, inside their transaction: the tenant's tags among `ids`. */
export function tagsByIds(ctx: TenantContext, ids: readonly string[]): Promise<TagRecord[]> {
  return tagsRepository.byIds(ctx, [...new Set(ids)]);
}

/** For other modules (demo sample), inside their transaction: the tag of that name, created if new. */
export function ensureTag(ctx: TenantContext, name: string): Promise<TagRecord> {
  return tagsRepository.insertOrGet(ctx, name.trim());
}

/** For other modules (people import), inside their transaction: tags by name, missing ones created. */
export function ensureTags(ctx: TenantContext, names: readonly string[]): Promise<Map<string, string>> {
  return tagsRepository.ensureMany(ctx, names);
}
