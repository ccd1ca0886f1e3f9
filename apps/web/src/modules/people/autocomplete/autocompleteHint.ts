import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';

/** The hint shown in an autocomplete's empty dropdown (spec 2 §8). */
export function autocompleteHint(search: string, loading: boolean): string {
  if (loading) return PEOPLE_TEXTS.autocompleteLoading;
  if (!search.trim()) return PEOPLE_TEXTS.autocompleteStart;
  return PEOPLE_TEXTS.autocompleteNone;
}
