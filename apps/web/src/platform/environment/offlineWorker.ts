import { matchPath } from 'react-router';
import { PUBLIC_PATHS } from '../routing/paths.ts';

/**
 * Pages a visitor reaches from a link without using the app: the sponsor sign-up, and the sender
 * activation and unsubscribe links of an e-mail. They install no offline worker, which would
 * download the app for a one-off visit (issue 28).
 */
const STANDALONE_PAGES = [PUBLIC_PATHS.senderConfirm, PUBLIC_PATHS.unsubscribe, '/:slug/convite/*'];

/** Whether opening this path registers the offline worker (every page but the standalone ones). */
export function installsOfflineWorker(pathname: string): boolean {
  return !STANDALONE_PAGES.some((path) => matchPath(path, pathname) !== null);
}
