import type { RefObject } from 'react';
import { useDomRepair } from '../../platform/ui/useDomRepair.ts';

function repairCalendar(root: HTMLElement) {
  for (const icon of root.querySelectorAll<HTMLElement>('.fc-icon:not([aria-hidden])')) {
    icon.setAttribute('aria-hidden', 'true');
  }
  for (const layout of root.querySelectorAll<HTMLElement>(
    'table.fc-scrollgrid[role="grid"], table.fc-scrollgrid > :is(thead, tbody)[role="rowgroup"]',
  )) {
    layout.setAttribute('role', 'presentation');
  }
  for (const table of root.querySelectorAll<HTMLElement>('.fc-scroller table[role="presentation"]')) {
    table.setAttribute('role', 'grid');
    for (const group of table.querySelectorAll<HTMLElement>(
      ':scope > :is(thead, tbody)[role="presentation"]',
    )) {
      group.setAttribute('role', 'rowgroup');
    }
  }
  for (const scroller of root.querySelectorAll<HTMLElement>('.fc-scroller:not([tabindex])')) {
    scroller.tabIndex = 0;
  }
}

/**
 * FullCalendar's scroll panes cannot be reached by keyboard, and its toolbar chevrons are
 * `role="img"` spans without a name. Its grid markup also nests the panes between an outer
 * `role="grid"` layout table and the rows, so a focusable pane would break that ARIA tree. While the
 * calendar re-renders, this:
 * - hides the chevrons from assistive technology (their buttons carry the name);
 * - puts each scroll pane in the tab order;
 * - makes the outer layout table presentational and the inner tables, which hold the rows and
 *   cells, the grids.
 */
export function useAccessibleCalendar(container: RefObject<HTMLElement | null>) {
  useDomRepair(container, repairCalendar);
}
