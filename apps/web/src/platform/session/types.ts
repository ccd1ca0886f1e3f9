import type { LoginAnswer, SessionUser, TenantSchema } from '@mandato/domain';

/** The signed-in session (spec 1 §3). `slug` is the tenant the token belongs to. */
export interface Session {
  user: SessionUser;
  token: string;
  expiresAt: string;
  integrationKeys: LoginAnswer['integrationKeys'];
  slug: string;
  /** When the session was stored or last refreshed (ISO). */
  updateDate: string;
}

/** Domain data persisted with the session (spec 1 §3). */
export interface DomainData {
  schema: TenantSchema | null;
  marketingToken: string | null;
}

export interface SessionState {
  session: Session | null;
  domain: DomainData;
}

export const EMPTY_DOMAIN: DomainData = { schema: null, marketingToken: null };
export const EMPTY_STATE: SessionState = { session: null, domain: EMPTY_DOMAIN };
