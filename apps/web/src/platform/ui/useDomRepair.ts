import { type RefObject, useEffect } from 'react';

/**
 * Runs `repair` on the container now and after every change of its subtree: for third-party
 * markup (calendar, tables) that needs an accessibility fix each time it re-renders. `repair` must
 * be idempotent (its own changes trigger it once more) and stable (a module-level function).
 */
export function useDomRepair(container: RefObject<HTMLElement | null>, repair: (root: HTMLElement) => void) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    repair(root);
    const observer = new MutationObserver(() => repair(root));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, repair]);
}
