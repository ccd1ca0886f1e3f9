import {
  EMAIL_START_TEXTS,
  type ListAnswer,
  type OutboxMarkKind,
  SHOT_LIST_VIEWS,
  SHOT_SCREEN_TEXTS,
  SHOT_STATUSES,
  SHOT_TEXTS,
  type ShotListView,
  type ShotReportKey,
  type ShotType,
  type SmsShotReportKey,
} from '@mandato/domain';
import { mktApi } from '../marketing/mktClient.ts';

/** The campaign path of a channel (spec 3 §7.1: /mkt/emails/…, /mkt/sms/…). */
const CAMPAIGN = { EMAIL: '/mkt/emails/campaign', SMS: '/mkt/sms/campaign' } as const;
const acting = { errorText: SHOT_TEXTS.actionError, debounceMs: 0 };

/** spec 3 §9: the shot lists load page 1, 100 per page. */
export const SHOT_LIST_PAGE_SIZE = 100;

/** GET /api/mkt/{emails|sms}/campaign for a list view (its status set and ordering, newest first). */
export const listShots = (type: ShotType, view: ShotListView, signal?: AbortSignal) =>
  mktApi.get(CAMPAIGN[type], {
    query: {
      status: SHOT_LIST_VIEWS[view].statuses.join(','),
      orderingCriteria: SHOT_LIST_VIEWS[view].orderingCriteria,
      orderingAscending: 'false',
      page: 1,
      itemsPerPage: SHOT_LIST_PAGE_SIZE,
    },
    signal,
    errorText: SHOT_TEXTS.listError,
  });

/** The e-mails a new one may start from (issue 40 item 2): the newest, of every status. */
export const START_FROM_COUNT = 6;

/** GET /api/mkt/emails/campaign: the caller's newest e-mail shots (what they may see), any status. */
export const listEmailsToStartFrom = (signal?: AbortSignal) =>
  mktApi.get(CAMPAIGN.EMAIL, {
    query: {
      status: SHOT_STATUSES.join(','),
      orderingCriteria: 'code',
      orderingAscending: 'false',
      page: 1,
      itemsPerPage: START_FROM_COUNT,
    },
    signal,
    notifyError: false,
    errorText: EMAIL_START_TEXTS.previousError,
  });

/** GET /api/mkt/{emails|sms}/campaign/{code}; a 404 is silent (the screen shows 'Conteúdo não encontrado'). */
export const getShot = (type: ShotType, code: string | number, signal?: AbortSignal) =>
  mktApi.get(`${CAMPAIGN[type]}/{id}`, { path: { id: code }, signal, errorText: SHOT_TEXTS.shotError });

/** DELETE /api/mkt/{emails|sms}/campaign/{code} (drafts only) */
export const removeShot = (type: ShotType, code: number) =>
  mktApi.delete(`${CAMPAIGN[type]}/{id}`, { path: { id: code }, ...acting });

/** POST /api/mkt/{emails|sms}/campaign/clone/{code}: the new draft */
export const cloneShot = (type: ShotType, code: number) =>
  mktApi.post(`${CAMPAIGN[type]}/clone/{id}`, { path: { id: code }, ...acting });

/** POST /api/mkt/{emails|sms}/campaign/unschedule/{code}: back to draft */
export const unscheduleShot = (type: ShotType, code: number) =>
  mktApi.post(`${CAMPAIGN[type]}/unschedule/{id}`, { path: { id: code }, ...acting });

const reportInit = (page: number, itemsPerPage: number, signal?: AbortSignal) => ({
  query: { page, itemsPerPage },
  signal,
  errorText: SHOT_SCREEN_TEXTS.reportError,
});

/** GET /api/mkt/{emails|sms}/campaign/{code}/reports/{report}: one details tab, one page (the channel's tabs) */
export const getShotReport = (
  type: ShotType,
  code: number,
  report: ShotReportKey | SmsShotReportKey,
  page: number,
  itemsPerPage: number,
  signal?: AbortSignal,
) =>
  type === 'EMAIL'
    ? mktApi.get('/mkt/emails/campaign/{id}/reports/{report}', {
        path: { id: code, report: report as ShotReportKey },
        ...reportInit(page, itemsPerPage, signal),
      })
    : mktApi.get('/mkt/sms/campaign/{id}/reports/{report}', {
        path: { id: code, report: report as SmsShotReportKey },
        ...reportInit(page, itemsPerPage, signal),
      });

/** A message of the embedded transport's outbox (the dispatch engineer's contract). */
export interface OutboxItem {
  id: string;
  channel: ShotType;
  shotCode: number | null;
  to: string;
  from: string;
  subject: string;
  createdAt: string;
  marked: OutboxMarkKind | null;
  /** a test send's message (issue 40): it cannot be marked or answered */
  test: boolean;
}
export interface OutboxMessage extends OutboxItem {
  html: string | null;
  text: string | null;
  headers: Record<string, unknown>;
}
export interface OutboxPage extends ListAnswer<OutboxItem> {
  /** whether the embedded transport is the one sending (no SMTP configured) */
  inUse: boolean;
}

/** GET /api/mkt/outbox: a channel's messages (both when not given), newest first */
export const listOutbox = (
  channel: ShotType | undefined,
  page: number,
  itemsPerPage: number,
  signal?: AbortSignal,
  notifyError = true,
) =>
  mktApi.get('/mkt/outbox', {
    query: { ...(channel ? { channel } : {}), page, itemsPerPage },
    signal,
    notifyError,
    errorText: SHOT_SCREEN_TEXTS.outboxError,
  });

/** GET /api/mkt/outbox/{id}: the message with its HTML, text and headers */
export const getOutboxMessage = (id: string, signal?: AbortSignal) =>
  mktApi.get('/mkt/outbox/{id}', { path: { id }, signal, errorText: SHOT_SCREEN_TEXTS.outboxError });

/** POST /api/mkt/outbox/{id}/mark: e-mail delivered, bounced or spam; SMS delivered or failed */
export const markOutboxMessage = (id: string, as: OutboxMarkKind) =>
  mktApi.post('/mkt/outbox/{id}/mark', { path: { id }, body: { as }, ...acting });

/** POST /api/mkt/outbox/{id}/reply (SMS): the reply the number sends back, as the provider would report it */
export const replyOutboxMessage = (id: string, text: string) =>
  mktApi.post('/mkt/outbox/{id}/reply', { path: { id }, body: { text }, ...acting });
