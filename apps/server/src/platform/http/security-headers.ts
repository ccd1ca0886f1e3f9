import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';

type Policy = Record<string, string[]>;

const serialize = (policy: Policy) =>
  Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');

/**
 * The CSP source of a URL template's origin: 'https://{s}.tile.openstreetmap.org/{z}/…' becomes
 * 'https://*.tile.openstreetmap.org' (a `{s}` subdomain placeholder is any subdomain).
 */
export function templateOrigin(name: string, template: string): string {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  const host = match?.[2]?.replace(/^\{s\}\./, '*.');
  if (!match || !host || !/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host)) {
    throw new Error(`Configuração inválida: ${name} deve ser um endereço http(s) (${template})`);
  }
  return `${match[1]}://${host}`.toLowerCase();
}

/** The policy of the web app (index.html and its files). */
export function appContentSecurityPolicy(
  config: Pick<Config, 'tileUrl' | 'cepUrl' | 'subscribeUrl'>,
): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Ant Design (CSS-in-JS) and FullCalendar add <style> elements at run time; see docs/decisions.md
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', templateOrigin('TILE_URL', config.tileUrl)],
    // FullCalendar's icon font is a data: URL inside its CSS
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", templateOrigin('VITE_CEP_URL', config.cepUrl)],
    // the plan purchase page /admin/assinar frames (SUBSCRIBE_URL, issue 13)
    ...(config.subscribeUrl
      ? { 'frame-src': ["'self'", templateOrigin('SUBSCRIBE_URL', config.subscribeUrl)] }
      : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The public sponsor sign-up page (/{slug}/convite/{id}, no login; issue 13): only its own
 * scripts, styles (Ant Design's run-time <style>), images and API; no map tiles, no CEP service,
 * no <base>, nothing frames it.
 */
export const SPONSOR_PAGE_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});
const isSponsorPage = (url: string) => /^\/[^/?#]+\/convite(?:[/?#]|$)/.test(url);

/** API answers are data, never a page: they may load nothing. */
export const API_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/** Swagger UI (/api/docs, outside production): its own scripts and styles, no outside origin. */
export const DOCS_CONTENT_SECURITY_POLICY = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

const isApi = (url: string) => /^\/api(?:[/?]|$)/.test(url);

/**
 * Security headers of every answer. A header a route set on purpose stays (the calendar feed's
 * Cache-Control and Referrer-Policy, Swagger UI's CSP); API answers default to no-store since
 * they carry personal data.
 */
export function registerSecurityHeaders(api: FastifyInstance, config: Config) {
  const appPolicy = appContentSecurityPolicy(config);
  api.addHook('onSend', async (request, reply) => {
    const apiAnswer = isApi(request.url);
    const headers: Record<string, string> = {
      'Content-Security-Policy': apiAnswer
        ? API_CONTENT_SECURITY_POLICY
        : isSponsorPage(request.url)
          ? SPONSOR_PAGE_CONTENT_SECURITY_POLICY
          : appPolicy,
      'Permissions-Policy': PERMISSIONS_POLICY,
      'Cross-Origin-Opener-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      ...(apiAnswer ? { 'Cache-Control': 'no-store' } : {}),
    };
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
  });
}
