import type { Company, ListAnswer, Person } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crmApi } from '../api/crmApi.ts';
import { companiesQuery, isPersonType, peopleQuery } from '../api/searchQuery.ts';
import type { ScreenState } from './screenState.ts';

/**
 * The list of the screen: POST /people/search for people and team, /companies/search for
 * voting places. Refreshes when segment, expression, sort or page change (query key), or when
 * a mutation invalidates ['people'] / ['companies'].
 */
export function useRecordsList(state: ScreenState) {
  const personType = isPersonType(state.type) ? state.type : null;
  const people = useQuery<ListAnswer<Person>>({
    queryKey: ['people', 'search', personType, state.expression, state.page, state.ordering],
    queryFn: ({ signal }) =>
      crmApi.people.search(
        peopleQuery(personType ?? 'PERSON', state.expression, state.page, state.ordering),
        signal,
      ),
    enabled: personType !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const companies = useQuery<ListAnswer<Company>>({
    queryKey: ['companies', 'search', state.expression, state.page, state.ordering],
    queryFn: ({ signal }) =>
      crmApi.companies.search(companiesQuery(state.expression, state.page, state.ordering), signal),
    enabled: personType === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return { people, companies };
}
