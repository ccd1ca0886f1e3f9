import { MESSAGES } from '@mandato/domain/plain';
import { notifications } from '../notifications/notifier.ts';
import { logout } from '../session/logout.ts';
import { sessionStore } from '../session/sessionStore.ts';
import { createApiClient } from './client.ts';
import { handleUnauthorized } from './sessionExpired.ts';
import { createTypedApi } from './typedClient.ts';

export const API_BASE_URL = '/api';

/**
 * The app's api client. X-Schema is the tenant of the session (or of the anonymous schema being
 * looked up, passed per call). A 403 "wrong tenant" answer clears the tenant and goes to /login;
 * a 403 for a missing role is an ordinary error. Its paths are untyped strings: modules call the
 * API through `typedApi` below; this one carries other typed clients (the marketing one).
 */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  getToken: () => sessionStore.getState().session?.token ?? null,
  getSchema: () =>
    sessionStore.getState().session?.slug ?? sessionStore.getState().domain.schema?.slug ?? null,
  notifyError: (notice) => notifications().error({ title: notice.title, description: notice.description }),
  onUnauthorized: handleUnauthorized,
  onInvalidSchema: logout,
  isInvalidSchemaAnswer: (body) =>
    body?.message === MESSAGES.invalidSchema || body?.message === MESSAGES.loginInactiveDomain,
});

/** The app's API calls, typed from the server's OpenAPI document (typedClient.ts). */
export const typedApi = createTypedApi(api.request);
