import { useCallback, useState } from 'react';

const KEY = 'mandato.menu.expanded';

function stored(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the desktop column is expanded (labels and the tenant's logo at a legible size) or the
 * spec's 67 px icons, as the user last left it in this browser.
 */
export function useMenuExpanded(): [boolean, (expanded: boolean) => void] {
  const [expanded, setExpanded] = useState(stored);
  const set = useCallback((next: boolean) => {
    setExpanded(next);
    try {
      window.localStorage.setItem(KEY, next ? '1' : '0');
    } catch {
      // private mode without storage: the choice lasts until the page reloads
    }
  }, []);
  return [expanded, set];
}
