import { type RefObject, useCallback } from 'react';
import { useDomRepair } from '../../platform/ui/useDomRepair.ts';

/**
 * antd tables with `scroll.x` scroll sideways on a narrow screen; a scrollable region must take the
 * keyboard focus (WCAG 2.1.1, axe 'scrollable-region-focusable'). Idempotent, as useDomRepair asks.
 */
export function useScrollableTables(container: RefObject<HTMLElement | null>, label: string) {
  const repair = useCallback(
    (root: HTMLElement) => {
      for (const region of root.querySelectorAll<HTMLElement>('.ant-table-content')) {
        if (region.getAttribute('tabindex') !== '0') region.setAttribute('tabindex', '0');
        if (region.getAttribute('role') !== 'region') region.setAttribute('role', 'region');
        if (region.getAttribute('aria-label') !== label) region.setAttribute('aria-label', label);
      }
    },
    [label],
  );
  useDomRepair(container, repair);
}
