import fs from 'node:fs';
import path from 'node:path';

/**
 * The pages a visitor opens from a link outside the app (issue 28): the sponsor sign-up
 * (/{slug}/convite and /{slug}/convite/{id}), the sender activation link and the unsubscribe link.
 * The paths the web build's public.html routes (apps/web/src/PublicApp.tsx).
 */
const STANDALONE_PAGE =
  /^\/(?:[^/]+\/convite(?:\/[^/]*)?|sender-email-confirm\/[^/]+\/[^/]+\/[^/]+|descadastrar\/[^/]+)\/?$/;

export function isStandalonePage(pathname: string): boolean {
  return STANDALONE_PAGE.test(pathname);
}

/**
 * The HTML page of a path of the built web app: public.html (its own small entry, no session, no
 * offline worker) for a standalone page, index.html (the app) for the rest. A build without
 * public.html sends index.html for all: the app routes the standalone pages too.
 */
export function webPageOf(dist: string): (pathname: string) => Buffer {
  const app = fs.readFileSync(path.join(dist, 'index.html'));
  const publicFile = path.join(dist, 'public.html');
  const standalone = fs.existsSync(publicFile) ? fs.readFileSync(publicFile) : app;
  return (pathname) => (isStandalonePage(pathname) ? standalone : app);
}
