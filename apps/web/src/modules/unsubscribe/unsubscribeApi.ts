import type { UnsubscribeAnswer, UnsubscribeConfirm, UnsubscribeInfo } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

/** The public page's calls: no session and no X-Schema (the link id finds the tenant). */
const PUBLIC = { auth: false, schema: null, notifyError: false, debounceMs: 0 } as const;

export const unsubscribePath = (linkId: string) => `/public/unsubscribe/${encodeURIComponent(linkId)}`;

export const getUnsubscribeInfo = (linkId: string) =>
  api.get<UnsubscribeInfo>(unsubscribePath(linkId), undefined, PUBLIC);

export const confirmUnsubscribe = (linkId: string, body: UnsubscribeConfirm) =>
  api.post<UnsubscribeAnswer>(unsubscribePath(linkId), body, PUBLIC);
