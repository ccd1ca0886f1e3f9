import type { RefObject } from 'react';
import { useDomRepair } from '../useDomRepair.ts';

const FOCUSABLE = 'input, button, a[href], select, textarea, [tabindex]:not([tabindex="-1"])';

function untabHiddenRows(root: HTMLElement) {
  for (const element of root.querySelectorAll<HTMLElement>(`tr[aria-hidden="true"] :is(${FOCUSABLE})`)) {
    element.tabIndex = -1;
  }
}

/**
 * antd tables with fixed columns measure widths with an `aria-hidden` copy of the header row, and
 * that copy holds a second 'select all' checkbox a keyboard user would tab into without hearing
 * it. This takes whatever the copy holds out of the tab order while the table re-renders.
 */
export function useHiddenRowOutOfTabOrder(container: RefObject<HTMLElement | null>) {
  useDomRepair(container, untabHiddenRows);
}
