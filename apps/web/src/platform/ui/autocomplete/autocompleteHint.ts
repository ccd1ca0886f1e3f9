import { AUTOCOMPLETE_TEXTS } from './autocompleteTexts.ts';

/** The hint shown in an autocomplete's empty dropdown (spec 2 §8). */
export function autocompleteHint(search: string, loading: boolean): string {
  if (loading) return AUTOCOMPLETE_TEXTS.loading;
  if (!search.trim()) return AUTOCOMPLETE_TEXTS.start;
  return AUTOCOMPLETE_TEXTS.none;
}
