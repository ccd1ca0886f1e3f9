import { RequestCancelledError } from './errors.ts';

/** Waits `ms` before a request is issued; rejects at once when the signal aborts (spec 1 §4). */
export function waitDebounce(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new RequestCancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestCancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
