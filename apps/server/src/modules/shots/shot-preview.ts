import { decodeAttribute, escapeAttribute } from '../../platform/html/html-attribute.ts';
import { SHOT_PUBLIC_PATHS } from './shot-links.ts';

/** The path of an absolute http(s) URL, or undefined. */
function pathOf(url: string): URL | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A sent message's HTML as the outbox screen shows it (issue 39 item 3): opening it there is not the
 * recipient opening it. Every image whose source is an open pixel (any host: PUBLIC_URL may have
 * changed since the send) is removed, and every click link is replaced by its destination, so a
 * preview never reaches the tracking endpoints. The stored message keeps both (it is what was sent).
 */
export function untrackedHtml(html: string): string {
  const withoutPixels = html.replace(/<img\b[^>]*>/gi, (img) => {
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(img);
    const url = src && pathOf(decodeAttribute((src[1] ?? src[2] ?? src[3] ?? '').trim()));
    return url?.pathname.startsWith(SHOT_PUBLIC_PATHS.open) ? '' : img;
  });
  return withoutPixels.replace(
    /(<a\b[^>]*?\shref\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi,
    (whole, start: string, dq?: string, sq?: string, bare?: string) => {
      const url = pathOf(decodeAttribute((dq ?? sq ?? bare ?? '').trim()));
      if (!url?.pathname.startsWith(SHOT_PUBLIC_PATHS.click)) return whole;
      const target = url.searchParams.get('u');
      // a click link without its target: nowhere to go, and never the tracked link
      return `${start}"${target && pathOf(target) ? escapeAttribute(target) : '#'}"`;
    },
  );
}
