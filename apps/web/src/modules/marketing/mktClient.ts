import { api } from '../../platform/api/api.ts';
import type { ApiClient, RequestOptions } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { createTypedApi, type TypedApi } from '../../platform/api/typedClient.ts';
import { sessionStore } from '../../platform/session/sessionStore.ts';

/** Renew the marketing token this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

interface Cached {
  token: string;
  expiresAt: number;
  /** the session token and tenant it was made with: a new session logs in to marketing again */
  session: string;
  slug: string;
}

export interface MarketingSession {
  token: string;
  slug: string;
}

/**
 * The marketing service client (spec 3 §7.1, DESIGN.md §3 /api/mkt): logs in with the user's
 * session (`POST /mkt/auth/login {slug}` — the secret stays on the server), keeps the token in
 * memory, renews it before it expires or when the server refuses it (401: once, then the error
 * goes up) and sends it as the bearer of every marketing call. A 403 (no ROLE_MARKETING any more,
 * or no marketing module) is thrown as is: the screen sends the user to the default route (§6).
 */
export function createMarketingClient(
  base: Pick<ApiClient, 'request'>,
  currentSession: () => MarketingSession | null,
  now: () => number = Date.now,
) {
  let cached: Cached | null = null;
  let pending: Promise<Cached> | null = null;
  const sessionApi = createTypedApi(base.request);

  async function login(session: MarketingSession): Promise<Cached> {
    const answer = await sessionApi.post('/mkt/auth/login', {
      body: { slug: session.slug },
      debounceMs: 0,
      notifyError: false,
    });
    return {
      token: answer.data.token,
      expiresAt: Date.parse(answer.data.expiresAt),
      session: session.token,
      slug: session.slug,
    };
  }

  async function token(fresh = false): Promise<string> {
    const session = currentSession();
    if (!session) throw new ApiError('http', 401, null);
    const usable =
      cached &&
      !fresh &&
      cached.session === session.token &&
      cached.slug === session.slug &&
      cached.expiresAt - RENEW_BEFORE_MS > now();
    if (usable && cached) return cached.token;
    if (!pending) {
      pending = login(session).finally(() => {
        pending = null;
      });
    }
    cached = await pending;
    return cached.token;
  }

  async function request<T>(options: RequestOptions): Promise<T> {
    const attempt = async (fresh: boolean) =>
      base.request<T>({ ...options, token: await token(fresh), sessionErrors: false });
    try {
      return await attempt(false);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      cached = null;
      return attempt(true);
    }
  }

  return {
    ...createTypedApi(request),
    request,
    /** forget the token (tests, logout) */
    reset() {
      cached = null;
    },
  };
}

/** The app's marketing client, on the session of the session store. */
export const mkt = createMarketingClient(api, () => {
  const session = sessionStore.getState().session;
  return session ? { token: session.token, slug: session.slug } : null;
});

/** The marketing calls, typed from the server's OpenAPI document like the app's (`typedApi`). */
export const mktApi: TypedApi = mkt;

/** Whether an error from the marketing service means "no access": the caller goes to the default route. */
export const isMarketingForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
