import { UNAUTHORIZED_LOCK_MS } from '@mandato/domain/plain';

export interface UnauthorizedHandlerOptions {
  /** Shows the 'Sessão Expirada!' notice. */
  notify: () => void;
  /** Clears the session and goes to /login. */
  expire: () => void;
  lockMs?: number;
  now?: () => number;
}

/**
 * The 401 flow, de-duplicated: any number of 401 answers within the lock window
 * (500 ms, spec 1 §4) produce one notice and one logout.
 */
export function createUnauthorizedHandler(options: UnauthorizedHandlerOptions): () => void {
  const lockMs = options.lockMs ?? UNAUTHORIZED_LOCK_MS;
  const now = options.now ?? Date.now;
  let lastHandledAt = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - lastHandledAt < lockMs) return;
    lastHandledAt = at;
    options.notify();
    options.expire();
  };
}
