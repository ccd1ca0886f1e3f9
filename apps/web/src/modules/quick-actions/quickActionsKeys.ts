import { peopleKeys } from '../people/hooks/peopleKeys.ts';

/** Under the people keys: a saved or removed person (people mutations) refreshes the quick search. */
export const quickActionsKeys = {
  search: (text: string) => [...peopleKeys.all, 'quick-search', text] as const,
};
