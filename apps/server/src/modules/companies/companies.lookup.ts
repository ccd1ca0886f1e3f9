import type { FilterExpression } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { companiesRepository } from './companies.repository.ts';
import { companiesGeoRepository } from './companies-geo.repository.ts';

/** For other modules, inside their transaction: the tenant's companies among `ids` ({id, name}). */
export function companyNames(ctx: TenantContext, ids: readonly string[]) {
  return companiesRepository.namesOf(ctx, [...new Set(ids)]);
}

/** For the segments module: how many of the tenant's companies match the expression. */
export function countCompanies(ctx: TenantContext, expression: FilterExpression) {
  return companiesRepository.count(ctx, expression);
}

/** Operator path (demo sample): inserts a company as given, in the caller's transaction. */
export function insertCompany(
  ctx: TenantContext,
  values: Parameters<typeof companiesRepository.insert>[1],
  createdBy: string,
): Promise<string> {
  return companiesRepository.insert(ctx, values, createdBy);
}

/** For the geocoding job (issue 12): companies waiting for the geocoder and the writes of a batch. */
export const companiesGeo = {
  pending: companiesGeoRepository.pending,
  nextRetryAt: companiesGeoRepository.nextRetryAt,
  write: companiesGeoRepository.write,
};
