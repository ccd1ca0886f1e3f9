import type { ReactNode } from 'react';

/**
 * One control of the phone bar or of the expanded column with its visible label: the control
 * fills the cell (the touch target) and the label lies over it without catching the tap, so a
 * control drawn elsewhere (the quick actions) gets the same label as the menu's own links.
 */
export function MenuCell({ caption, children }: { caption?: string; children: ReactNode }) {
  if (!caption) return children;
  return (
    <div className="main-menu__cell">
      {children}
      <span className="main-menu__caption" aria-hidden="true">
        {caption}
      </span>
    </div>
  );
}
