import { isApiError } from '../../platform/api/errors.ts';

/** The server's pt-BR message of a failed public request, else the screen's own. */
export function sponsorErrorText(error: unknown, fallback: string) {
  return isApiError(error) && error.body?.message ? error.body.message : fallback;
}
