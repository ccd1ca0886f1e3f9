import type { Expression, SqlBool } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { companiesRepository } from './companies.repository.ts';

/** For other modules, inside their transaction: the tenant's companies among `ids` ({id, name}). */
export function companyNames(ctx: TenantContext, ids: readonly string[]) {
  return companiesRepository.namesOf(ctx, [...new Set(ids)]);
}

/** For the segments module: companies matching a compiled filter (alias `c`). */
export function countCompanies(ctx: TenantContext, filter: Expression<SqlBool> | undefined) {
  return companiesRepository.count(ctx, filter);
}
