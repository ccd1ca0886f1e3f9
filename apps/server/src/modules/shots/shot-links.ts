import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The public links of a recipient's message, all under PUBLIC_URL and named by the recipient's link
 * id (128 random bits, migration 0032): the unsubscribe page (GET shows a confirmation, the RFC 8058
 * one-click POST goes to the API path), the open pixel and the click redirect. A click link carries
 * the target URL and its HMAC under the shots' link key, so a changed target is refused: no open
 * redirect.
 */
export interface ShotLinks {
  /** the page a person opens from the footer link (web route, confirmation first) */
  unsubscribePage(linkId: string): string;
  /** List-Unsubscribe target: POST 'List-Unsubscribe=One-Click' unsubscribes at once (RFC 8058) */
  unsubscribeOneClick(linkId: string): string;
  openPixel(linkId: string): string;
  click(linkId: string, target: string): string;
  /** whether `signature` is the one `click` made for (linkId, target) */
  clickIsSigned(linkId: string, target: string, signature: string): boolean;
}

export const SHOT_PUBLIC_PATHS = {
  unsubscribePage: '/descadastrar/',
  unsubscribeApi: '/api/public/unsubscribe/',
  open: '/api/public/t/o/',
  click: '/api/public/t/c/',
} as const;

const sign = (key: Buffer, linkId: string, target: string) =>
  createHmac('sha256', key).update(`${linkId}\n${target}`, 'utf8').digest('base64url').slice(0, 22);

export function shotLinks(publicUrl: string, key: Buffer): ShotLinks {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    unsubscribePage: (linkId) => `${base}${SHOT_PUBLIC_PATHS.unsubscribePage}${linkId}`,
    unsubscribeOneClick: (linkId) => `${base}${SHOT_PUBLIC_PATHS.unsubscribeApi}${linkId}`,
    openPixel: (linkId) => `${base}${SHOT_PUBLIC_PATHS.open}${linkId}.gif`,
    click: (linkId, target) =>
      `${base}${SHOT_PUBLIC_PATHS.click}${linkId}?u=${encodeURIComponent(target)}&s=${sign(key, linkId, target)}`,
    clickIsSigned(linkId, target, signature) {
      const expected = Buffer.from(sign(key, linkId, target));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
