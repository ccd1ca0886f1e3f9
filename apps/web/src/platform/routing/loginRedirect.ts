/** State given to /login when a tenant route needs a session: prefill the domain, come back after. */
export interface LoginRedirectState {
  domain?: string;
  from?: string;
}

export function readLoginRedirectState(state: unknown): LoginRedirectState {
  if (state === null || typeof state !== 'object') return {};
  const { domain, from } = state as Record<string, unknown>;
  return {
    domain: typeof domain === 'string' ? domain : undefined,
    from: typeof from === 'string' ? from : undefined,
  };
}

/** Where to go after login: back to the requested page of the same tenant, else the default route. */
export function afterLoginPath(slug: string, state: unknown, fallback: string): string {
  const { from } = readLoginRedirectState(state);
  return from?.startsWith(`/${slug}/`) ? from : fallback;
}
