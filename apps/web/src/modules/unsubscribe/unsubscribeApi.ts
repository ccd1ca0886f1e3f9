import type { UnsubscribeConfirm } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** The public page's calls: no session and no X-Schema (the link id finds the tenant). */
const PUBLIC = { auth: false, schema: null, notifyError: false, debounceMs: 0 } as const;

export const getUnsubscribeInfo = (linkId: string) =>
  typedApi.get('/public/unsubscribe/{linkId}', { path: { linkId }, ...PUBLIC });

/**
 * The route reads its body itself (the page's JSON or the mail client's RFC 8058 one-click form), so
 * the document describes none: the body is the domain's type, untyped by the document.
 */
export const confirmUnsubscribe = (linkId: string, body: UnsubscribeConfirm) =>
  typedApi.post('/public/unsubscribe/{linkId}', { path: { linkId }, body: body as never, ...PUBLIC });
