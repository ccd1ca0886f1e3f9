import { AUTOCOMPLETE_DEBOUNCE_MS, QUICK_SEARCH_MAX_LENGTH } from '@mandato/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { quickSearchPeople } from './api.ts';
import { quickActionsKeys } from './quickActionsKeys.ts';

/** `value`, once it stopped changing for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * People matching the typed text by name, e-mail or phone, 350 ms after the last keystroke
 * (spec 2 §9); a newer text cancels the older request (react-query aborts its signal).
 */
export function useQuickSearch(text: string) {
  const trimmed = text.trim().slice(0, QUICK_SEARCH_MAX_LENGTH);
  const settled = useSettled(trimmed, AUTOCOMPLETE_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: quickActionsKeys.search(settled),
    queryFn: ({ signal }) => quickSearchPeople(settled, signal),
    enabled: settled !== '',
    staleTime: 0,
  });
  const waiting = trimmed !== '' && (trimmed !== settled || query.isFetching);
  return {
    people: trimmed && settled ? (query.data?.list ?? []) : [],
    more: query.data?.more ?? false,
    loading: waiting,
    failed: query.isError,
  };
}
