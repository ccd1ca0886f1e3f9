import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from './errors.ts';
import type { RequestState } from './requestState.ts';

export interface UseRequestResult<T, A extends unknown[]> {
  state: RequestState;
  data: T | undefined;
  error: unknown;
  /** Starts the request; a newer call cancels the previous one (which stays silent). */
  run: (...args: A) => Promise<T | undefined>;
  cancel: () => void;
}

/**
 * Imperative requests for screens (form submits, actions) with the spec's states:
 * notTried → awaiting → success | error | cancelled. Unmounting cancels.
 */
export function useRequest<T, A extends unknown[]>(
  perform: (signal: AbortSignal, ...args: A) => Promise<T>,
): UseRequestResult<T, A> {
  const [state, setState] = useState<RequestState>('notTried');
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const controller = useRef<AbortController | null>(null);
  const performRef = useRef(perform);
  performRef.current = perform;

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const run = useCallback(async (...args: A) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState('awaiting');
    setError(undefined);
    try {
      const result = await performRef.current(current.signal, ...args);
      if (current.signal.aborted) return undefined;
      setData(result);
      setState('success');
      return result;
    } catch (failure) {
      if (current.signal.aborted || isCancelled(failure)) {
        if (controller.current === current || controller.current === null) setState('cancelled');
        return undefined;
      }
      setError(failure);
      setState('error');
      return undefined;
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }, []);

  useEffect(() => cancel, [cancel]);

  return { state, data, error, run, cancel };
}
