import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTenantSchema } from '../session/useSession.ts';
import { pageTitleOf } from './pageTitleOf.ts';

/**
 * Sets the tab's title from the path for every route (mounted once, in RootLayout, before the
 * page): a screen that knows more (a shot's editor, the sponsor form's configured title) sets its
 * own after this one, and its cleanup gives this title back.
 */
export function PageTitle() {
  const { pathname } = useLocation();
  const schema = useTenantSchema();
  const title = pageTitleOf(pathname, schema);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
