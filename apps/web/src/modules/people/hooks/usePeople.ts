import type { FilterExpression, ListAnswer, Person } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ordering } from '../../../platform/ui/list/ordering.ts';
import { getPerson, searchPeople } from '../api.ts';
import { peopleQuery } from '../searchQuery.ts';
import { peopleKeys } from './peopleKeys.ts';

/** A page of people or team members matching the expression (refetched on every visit). */
export function usePeopleSearch(search: {
  type: 'PERSON' | 'TEAM' | null;
  expression: FilterExpression;
  page: number;
  ordering: Ordering;
}) {
  const { type, expression, page, ordering } = search;
  return useQuery<ListAnswer<Person>>({
    queryKey: peopleKeys.search(type, expression, page, ordering),
    queryFn: ({ signal }) => searchPeople(peopleQuery(type ?? 'PERSON', expression, page, ordering), signal),
    enabled: type !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The person being edited, read fresh each time the drawer opens. */
export function usePerson(code: number | undefined) {
  return useQuery({
    queryKey: peopleKeys.one(code),
    queryFn: ({ signal }) => getPerson(code as number, signal),
    enabled: code !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
