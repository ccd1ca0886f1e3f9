import { useCompaniesSearch } from '../../companies/hooks/useCompanies.ts';
import { isPersonType } from '../../segments/segmentTypes.ts';
import { usePeopleSearch } from '../hooks/usePeople.ts';
import type { ScreenState } from './screenState.ts';

/**
 * The list of the screen: POST /people/search for people and team, /companies/search for
 * voting places. Refreshes when segment, expression, sort or page change (query key), or when
 * a write invalidates the people or companies searches.
 */
export function useRecordsList(state: ScreenState) {
  const personType = isPersonType(state.type) ? state.type : null;
  const { expression, page, ordering } = state;
  const people = usePeopleSearch({ type: personType, expression, page, ordering });
  const companies = useCompaniesSearch({ expression, page, ordering }, personType === null);
  return { people, companies };
}
