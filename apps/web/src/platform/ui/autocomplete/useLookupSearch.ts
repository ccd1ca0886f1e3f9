import { AUTOCOMPLETE_DEBOUNCE_MS, type CodeName } from '@mandato/domain';
import { useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../api/errors.ts';
import type { Lookup } from './lookup.ts';

/**
 * Searches a lookup 350 ms after the last keystroke (spec 2 §9); a newer search cancels the
 * previous one. Empty text shows nothing (the hint says 'Comece a digitar').
 */
export function useLookupSearch(lookup: Lookup, search: string) {
  const [results, setResults] = useState<CodeName[]>([]);
  const [loading, setLoading] = useState(false);
  const lookupRef = useRef(lookup);
  lookupRef.current = lookup;

  useEffect(() => {
    const text = search.trim();
    if (!text) {
      setResults([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      lookupRef.current
        .search(text, controller.signal)
        .then((found) => {
          if (!controller.signal.aborted) setResults(found);
        })
        .catch((error: unknown) => {
          if (!isCancelled(error) && !controller.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  return { results, loading };
}
