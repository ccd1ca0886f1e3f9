import type { LoginAnswer, SessionUser, TenantSchema } from '@mandato/domain';
import { createIndexedDbKeyStore } from './keyStore.ts';
import { createSecureStorage, SESSION_STORAGE_KEY, type SecureStorage } from './secureStorage.ts';
import { EMPTY_DOMAIN, EMPTY_STATE, type SessionState } from './types.ts';

type Listener = () => void;

function isExpired(expiresAt: string, now: number): boolean {
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at <= now;
}

/**
 * Session + domain data of the browser. Lives in memory, mirrored encrypted in localStorage
 * (or memory only when no key is available). Subscribable for React (useSyncExternalStore).
 */
export class SessionStore {
  private state: SessionState = EMPTY_STATE;
  private readonly listeners = new Set<Listener>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly storage: SecureStorage<SessionState>,
    private readonly now: () => number = Date.now,
  ) {}

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Loads the persisted state (call once before rendering). Expired sessions are dropped. */
  async hydrate(): Promise<void> {
    const stored = await this.storage.load();
    if (!stored) return;
    const session =
      stored.session && !isExpired(stored.session.expiresAt, this.now()) ? stored.session : null;
    this.state = { session, domain: session ? { ...EMPTY_DOMAIN, ...stored.domain } : EMPTY_DOMAIN };
    if (!session) this.storage.clear();
    this.emit();
  }

  /** Waits until every pending write reached storage. */
  flush(): Promise<void> {
    return this.writes;
  }

  signIn(answer: LoginAnswer, slug: string): void {
    const keepSchema = this.state.domain.schema?.slug === slug ? this.state.domain.schema : null;
    this.set({
      session: {
        user: answer.user,
        token: answer.token,
        expiresAt: answer.expiresAt,
        integrationKeys: answer.integrationKeys,
        slug,
        updateDate: new Date(this.now()).toISOString(),
      },
      domain: { schema: keepSchema, marketingToken: null },
    });
  }

  setUser(user: SessionUser): void {
    if (!this.state.session) return;
    this.set({ ...this.state, session: { ...this.state.session, user } });
  }

  setSchema(schema: TenantSchema | null): void {
    this.set({ ...this.state, domain: { ...this.state.domain, schema } });
  }

  setMarketingToken(marketingToken: string | null): void {
    this.set({ ...this.state, domain: { ...this.state.domain, marketingToken } });
  }

  /** Logout: session and tenant schema cleared (spec 1 §4). */
  clear(): void {
    this.state = EMPTY_STATE;
    this.writes = this.writes.then(() => this.storage.clear());
    this.emit();
  }

  /** Another tab signed out: mirror it without writing. */
  syncFromOtherTab(event: StorageEvent): void {
    if (event.key === SESSION_STORAGE_KEY && event.newValue === null && this.state.session) {
      this.state = EMPTY_STATE;
      this.emit();
    }
  }

  private set(next: SessionState): void {
    this.state = next;
    const snapshot = next;
    this.writes = this.writes.then(() => this.storage.save(snapshot)).catch(() => undefined);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The app's session store. */
export const sessionStore = new SessionStore(createSecureStorage<SessionState>(createIndexedDbKeyStore()));
