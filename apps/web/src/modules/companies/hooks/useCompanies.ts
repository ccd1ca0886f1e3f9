import type { Company, FilterExpression, ListAnswer } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ordering } from '../../../platform/ui/list/ordering.ts';
import { getCompany, searchCompanies } from '../api.ts';
import { companiesQuery } from '../searchQuery.ts';
import { companiesKeys } from './companiesKeys.ts';

/** A page of voting places matching the expression (refetched on every visit). */
export function useCompaniesSearch(
  search: { expression: FilterExpression; page: number; ordering: Ordering },
  enabled: boolean,
) {
  const { expression, page, ordering } = search;
  return useQuery<ListAnswer<Company>>({
    queryKey: companiesKeys.search(expression, page, ordering),
    queryFn: ({ signal }) => searchCompanies(companiesQuery(expression, page, ordering), signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The voting place being edited, read fresh each time the drawer opens. */
export function useCompany(code: number | undefined) {
  return useQuery({
    queryKey: companiesKeys.one(code),
    queryFn: ({ signal }) => getCompany(code as number, signal),
    enabled: code !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
