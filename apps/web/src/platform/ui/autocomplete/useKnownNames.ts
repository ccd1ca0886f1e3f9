import type { CodeName } from '@mandato/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lookup } from './lookup.ts';

/** Names of selected codes: the ones already known, and a list-names call for the others. */
export function useKnownNames(lookup: Lookup, codes: number[], initial: CodeName[] = []) {
  const [names, setNames] = useState<Map<number, string>>(
    () => new Map(initial.map((c) => [c.code, c.name])),
  );
  const asked = useRef(new Set<number>());
  const remember = useCallback((items: CodeName[]) => {
    if (!items.length) return;
    setNames((prev) => {
      const next = new Map(prev);
      for (const item of items) next.set(item.code, item.name);
      return next;
    });
  }, []);

  // a request is not dropped when the component renders again (its codes are no longer missing
  // then), only when it unmounts; after a failure the code keeps showing as #code
  const pending = useRef(new Set<AbortController>());
  useEffect(() => {
    const controllers = pending.current;
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, []);

  const missing = codes.filter((c) => !names.has(c) && !asked.current.has(c));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!missingKey) return;
    const wanted = missingKey.split(',').map(Number);
    for (const c of wanted) asked.current.add(c);
    const controller = new AbortController();
    pending.current.add(controller);
    lookup
      .names(wanted, controller.signal)
      .then(remember)
      .catch(() => undefined)
      .finally(() => pending.current.delete(controller));
  }, [missingKey, lookup, remember]);

  return { names, remember };
}
