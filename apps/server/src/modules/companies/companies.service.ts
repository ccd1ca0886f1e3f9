import {
  type CodeName,
  type CompaniesSearch,
  type Company,
  type CompanySave,
  CRM_MESSAGES,
  type ListAnswer,
  MESSAGES,
  PERSON_MESSAGES,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { addressColumns } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { peopleVisibility } from '../people/people.policy.ts';
import { codeName, presentAddress } from '../people/people-display.lookup.ts';
import { visiblePeopleNames } from '../people/people-names.lookup.ts';
import { tagsByIds } from '../tags/tags.service.ts';
import { type CompanyRow, type CompanyValues, companiesRepository } from './companies.repository.ts';

async function present(ctx: TenantContext, rows: CompanyRow[]): Promise<Company[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.tag_ids ?? []).map(String)))];
  const tags = new Map((await tagsByIds(ctx, ids)).map((t) => [t.id, t.name]));
  return rows.map((r) => ({
    code: Number(r.id),
    name: r.name,
    cnpj: r.cnpj,
    email: r.email,
    phone: r.phone,
    address: presentAddress(r),
    tags: (r.tag_ids ?? [])
      .map(String)
      .filter((id) => tags.has(id))
      .map((id) => codeName(id, tags.get(id) ?? null)),
    mainContact: r.main_contact_id ? codeName(r.main_contact_id, r.main_contact_name) : null,
    createDate: new Date(r.created_at).toISOString(),
  }));
}

function values(c: CompanySave): CompanyValues {
  return {
    name: c.name,
    cnpj: c.cnpj ?? null,
    email: c.email ?? null,
    phone: c.phone ?? null,
    ...addressColumns(c.address),
    main_contact_id: c.mainContactPersonCode ? String(c.mainContactPersonCode) : null,
    tag_ids: c.tags.map(String),
  };
}

/** Tags must exist in the tenant; a new main contact must be a person the caller may see. */
async function checkReferences(ctx: TenantContext, auth: AuthContext, c: CompanySave, current?: CompanyRow) {
  const errors: Record<string, string[]> = {};
  if (c.tags.length > 0 && (await tagsByIds(ctx, c.tags.map(String))).length !== c.tags.length) {
    errors.tags = [MESSAGES.invalidNested];
  }
  const contact = c.mainContactPersonCode ? String(c.mainContactPersonCode) : undefined;
  if (
    contact &&
    contact !== String(current?.main_contact_id ?? '') &&
    (await visiblePeopleNames(ctx, peopleVisibility(auth), [contact])).length === 0
  ) {
    errors.mainContactPersonCode = [MESSAGES.invalidNested];
  }
  if (Object.keys(errors).length > 0) throw badRequest(PERSON_MESSAGES.general, errors);
}

async function one(ctx: TenantContext, id: string): Promise<CompanyRow> {
  const row = await companiesRepository.findById(ctx, id);
  if (!row) throw notFound(CRM_MESSAGES.companyNotFound);
  return row;
}

export async function searchCompanies(
  ctx: RequestContext,
  _auth: AuthContext,
  body: CompaniesSearch,
): Promise<ListAnswer<Company>> {
  const { ids, total } = await companiesRepository.search(ctx, body.expression, body);
  return { list: await present(ctx, await companiesRepository.findByIds(ctx, ids)), total };
}

export async function companiesNames(
  ctx: RequestContext,
  _auth: AuthContext,
  query: { searchString?: string; page: number; itemsPerPage: number },
): Promise<ListAnswer<CodeName>> {
  const result = await companiesRepository.names(
    ctx,
    query.searchString?.trim() ?? '',
    query.page,
    query.itemsPerPage,
  );
  return { list: result.list.map((r) => codeName(r.id, r.name)), total: result.total };
}

export async function companiesListNames(
  ctx: RequestContext,
  _auth: AuthContext,
  codes: number[],
): Promise<CodeName[]> {
  const rows = await companiesRepository.namesOf(ctx, codes.map(String));
  return rows.map((r) => codeName(r.id, r.name));
}

export async function getCompany(ctx: RequestContext, _auth: AuthContext, id: string): Promise<Company> {
  return (await present(ctx, [await one(ctx, id)]))[0] as Company;
}

export async function createCompany(
  ctx: RequestContext,
  auth: AuthContext,
  body: CompanySave,
): Promise<Company> {
  await checkReferences(ctx, auth, body);
  const id = await companiesRepository.insert(ctx, values(body), auth.user.id);
  return (await present(ctx, [await one(ctx, id)]))[0] as Company;
}

export async function updateCompany(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: CompanySave,
): Promise<Company> {
  await checkReferences(ctx, auth, body, await one(ctx, id));
  await companiesRepository.update(ctx, id, values(body));
  return (await present(ctx, [await one(ctx, id)]))[0] as Company;
}

export async function deleteCompany(ctx: RequestContext, _auth: AuthContext, id: string) {
  await one(ctx, id);
  await companiesRepository.deleteMany(ctx, [id]);
  return { code: Number(id) };
}

/** POST /companies/delete-many: all or nothing; any unknown code → 404. */
export async function deleteCompanies(ctx: RequestContext, _auth: AuthContext, codes: number[]) {
  const ids = [...new Set(codes.map(String))];
  if ((await companiesRepository.namesOf(ctx, ids)).length !== ids.length)
    throw notFound(CRM_MESSAGES.bulkRemove);
  return { total: await companiesRepository.deleteMany(ctx, ids) };
}
