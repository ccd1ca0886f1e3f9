import { DONATION_SANDBOX_TEXTS } from '@mandato/domain';
import type { FastifyReply } from 'fastify';

const T = DONATION_SANDBOX_TEXTS;

/** No script, no inline style, forms to this origin only, never framed. */
export const PAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value made safe for HTML. */
export const escapeHtml = (value: string | number) =>
  String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A page: the 'Ambiente de testes' banner above everything, the one stylesheet, pt-BR. */
export function page(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(T.banner)}</title>
<link rel="stylesheet" href="/_sandbox/estilo.css">
</head>
<body>
<div class="banner" role="note"><strong>${escapeHtml(T.banner)}</strong> <span>${escapeHtml(T.bannerDetail)}</span></div>
<main${options.wide ? ' class="wide"' : ''}>
${body}
</main>
</body>
</html>
`;
}

export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY)
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** A page that only says what went wrong (not found, too many attempts, refused). */
export const messagePage = (reply: FastifyReply, status: number, title: string, message: string) =>
  sendPage(
    reply,
    status,
    page(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`),
  );

/** Paths answered with pages rather than provider JSON. */
export const isPagePath = (url: string) => url.startsWith('/doar/') || /^\/_sandbox\/?(\?|$)/.test(url);
