/** Body of an API error answer (DESIGN §3). */
export interface ApiErrorBody {
  message?: string;
  errors?: string | string[] | Record<string, string | string[]>;
}

export type ApiErrorKind = 'http' | 'network' | 'envelope';

/** A failed request: HTTP status outside 200–399, a network failure or a malformed answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly body: ApiErrorBody | null;

  constructor(kind: ApiErrorKind, status: number, body: ApiErrorBody | null, message?: string) {
    super(message ?? body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

/** A request the caller cancelled (or that a newer request replaced). Always silent. */
export class RequestCancelledError extends Error {
  constructor() {
    super('Requisição cancelada');
    this.name = 'RequestCancelledError';
  }
}

export function isCancelled(error: unknown): boolean {
  return (
    error instanceof RequestCancelledError ||
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'CancelledError')
  );
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
