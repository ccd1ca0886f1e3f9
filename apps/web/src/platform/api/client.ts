import { REQUEST_DEBOUNCE_MS } from '@mandato/domain/plain';
import { waitDebounce } from './debounce.ts';
import { isFailureStatus, unwrapEnvelope } from './envelope.ts';
import { buildErrorNotice, type NoticeText } from './errorNotice.ts';
import { ApiError, type ApiErrorBody, isCancelled, RequestCancelledError } from './errors.ts';
import { serializeParams, toQueryString } from './params.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Statuses that are not shown as notifications unless the caller asks (spec 1 §8). */
const SILENT_STATUSES = [401, 403, 404];

export interface RequestOptions {
  method?: HttpMethod;
  /** Path below the API base, e.g. '/auth/login'. */
  path: string;
  /** GET: sent in the query; other methods: the JSON body. Serialised (trim, dates, recursion). */
  params?: unknown;
  /** A FormData body (multipart uploads) is sent as is. */
  formData?: FormData;
  signal?: AbortSignal;
  /** Send the session bearer token (default true). */
  auth?: boolean;
  /** A bearer token to use instead of the session's (e.g. right after login). */
  token?: string;
  /** Overrides the X-Schema header (default: the current tenant). `null` sends none. */
  schema?: string | null;
  /** Title of the error notice when the answer has no `message`. */
  errorText?: string;
  /** false: no notice at all (the caller handles the error). */
  notifyError?: boolean;
  /** Statuses among 401/403/404 that should be shown anyway. */
  notifyStatuses?: number[];
  /** Unwrap the `{data}` envelope (default true). */
  unwrap?: boolean;
  /** 'blob': a successful answer is returned as a Blob (file downloads); failures read as JSON. */
  responseType?: 'json' | 'blob';
  /** Debounce before issuing (default 100 ms). */
  debounceMs?: number;
  /**
   * false: a 401 or "wrong tenant" 403 answer does not run the session-expired or wrong-tenant
   * flow (e.g. the logout call, made while the session is being cleared anyway).
   */
  sessionErrors?: boolean;
}

export interface ApiClientDeps {
  baseUrl: string;
  fetch?: typeof fetch;
  /** Current bearer token, if signed in. */
  getToken: () => string | null;
  /** Current tenant slug for X-Schema. */
  getSchema: () => string | null;
  /** Shows an error notice. */
  notifyError: (notice: NoticeText) => void;
  /** A 401 on an authenticated request (session expired). */
  onUnauthorized: () => void;
  /** A 403 saying the tenant does not match the session. */
  onInvalidSchema: () => void;
  /** Decides whether a 403 answer means "wrong tenant" (vs. a missing role). */
  isInvalidSchemaAnswer?: (body: ApiErrorBody | null) => boolean;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function asErrorBody(body: unknown): ApiErrorBody | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  return body as ApiErrorBody;
}

export interface ApiClient {
  request<T>(options: RequestOptions): Promise<T>;
  get<T>(
    path: string,
    params?: unknown,
    options?: Omit<RequestOptions, 'path' | 'params' | 'method'>,
  ): Promise<T>;
  post<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'path' | 'params' | 'method'>,
  ): Promise<T>;
  put<T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'path' | 'params' | 'method'>,
  ): Promise<T>;
  delete<T>(
    path: string,
    params?: unknown,
    options?: Omit<RequestOptions, 'path' | 'params' | 'method'>,
  ): Promise<T>;
}

/** The one request layer of the web app (spec 1 §4, §7, §8). */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function shouldNotify(options: RequestOptions, status: number): boolean {
    if (options.notifyError === false) return false;
    if (SILENT_STATUSES.includes(status)) return options.notifyStatuses?.includes(status) ?? false;
    return true;
  }

  async function request<T>(options: RequestOptions): Promise<T> {
    const method = options.method ?? 'GET';
    await waitDebounce(options.debounceMs ?? REQUEST_DEBOUNCE_MS, options.signal);

    const headers: Record<string, string> = {
      Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
    };
    const token = options.auth === false ? null : (options.token ?? deps.getToken());
    if (token) headers.Authorization = `Bearer ${token}`;
    const schema = options.schema === undefined ? deps.getSchema() : options.schema;
    if (schema) headers['X-Schema'] = schema;

    let url = `${deps.baseUrl}${options.path}`;
    let body: BodyInit | undefined;
    if (options.formData) {
      body = options.formData;
    } else if (method === 'GET') {
      url += toQueryString(options.params);
    } else if (options.params !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(serializeParams(options.params));
    }

    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted || isCancelled(error)) throw new RequestCancelledError();
      const failure = new ApiError('network', 0, null, options.errorText ?? 'Falha de conexão');
      if (options.notifyError !== false) deps.notifyError(buildErrorNotice(null, options.errorText));
      throw failure;
    }

    if (options.responseType === 'blob' && !isFailureStatus(response.status)) {
      try {
        return (await response.blob()) as T;
      } catch (error) {
        if (options.signal?.aborted || isCancelled(error)) throw new RequestCancelledError();
        throw error;
      }
    }

    let json: unknown;
    try {
      json = await readJson(response);
    } catch (error) {
      if (options.signal?.aborted || isCancelled(error)) throw new RequestCancelledError();
      throw error;
    }
    if (options.signal?.aborted) throw new RequestCancelledError();

    if (isFailureStatus(response.status)) {
      const errorBody = asErrorBody(json);
      const sessionErrors = token !== null && options.sessionErrors !== false;
      if (sessionErrors && response.status === 401) deps.onUnauthorized();
      if (sessionErrors && response.status === 403 && (deps.isInvalidSchemaAnswer?.(errorBody) ?? true)) {
        deps.onInvalidSchema();
      }
      if (shouldNotify(options, response.status))
        deps.notifyError(buildErrorNotice(errorBody, options.errorText));
      throw new ApiError('http', response.status, errorBody);
    }

    if (options.unwrap === false) return json as T;
    try {
      return unwrapEnvelope<T>(json, response.status);
    } catch (error) {
      if (error instanceof ApiError && options.notifyError !== false) {
        deps.notifyError(buildErrorNotice(error.body, options.errorText));
      }
      throw error;
    }
  }

  return {
    request,
    get: (path, params, options) => request({ ...options, method: 'GET', path, params }),
    post: (path, body, options) => request({ ...options, method: 'POST', path, params: body }),
    put: (path, body, options) => request({ ...options, method: 'PUT', path, params: body }),
    delete: (path, params, options) => request({ ...options, method: 'DELETE', path, params }),
  };
}
