import type { Database } from '../db/engine.ts';
import { migrationFiles, pendingMigrations } from '../db/migrate.ts';
import { healthRepository } from './health.repository.ts';
import type { Lifecycle } from './lifecycle.ts';

export interface ReadinessChecks {
  database: 'ok' | 'unreachable' | 'not-checked';
  migrations: 'current' | 'pending' | 'unknown';
  shuttingDown: boolean;
}

export interface ReadinessOptions {
  /** the database answers `SELECT 1` within this, or the app is not ready */
  timeoutMs?: number;
  /** how long a verdict on the migrations holds once they are all applied */
  currentForMs?: number;
  /** …and while some are not (another instance may be applying them) */
  pendingForMs?: number;
  /** the migrations this version expects (platform/db/migrate.ts) */
  files?: readonly string[];
}

/** `promise`'s value, or `fallback` once `ms` pass (the promise goes on; its end is ignored). */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What `GET /readyz` answers (issue 41): ready while not shutting down, the database answers a
 * trivial statement within `timeoutMs` and every migration of this version is applied. Cheap for a
 * probe every second: one `SELECT 1` (never two at once: a probe while one is out waits for it,
 * so a database that hangs leaves one statement pending, not one per probe), and the migrations,
 * read as the owner (a new connection on PostgreSQL), checked again only after `currentForMs`
 * (`pendingForMs` while some are missing).
 */
export class Readiness {
  readonly #timeoutMs: number;
  readonly #currentForMs: number;
  readonly #pendingForMs: number;
  readonly #files: readonly string[];
  #ping: Promise<boolean> | undefined;
  #migrations: { state: ReadinessChecks['migrations']; until: number } | undefined;
  #migrationCheck: Promise<ReadinessChecks['migrations']> | undefined;

  constructor(
    private readonly db: Database,
    private readonly lifecycle: Lifecycle,
    options: ReadinessOptions = {},
  ) {
    this.#timeoutMs = options.timeoutMs ?? 2000;
    this.#currentForMs = options.currentForMs ?? 30_000;
    this.#pendingForMs = options.pendingForMs ?? 2000;
    this.#files = options.files ?? migrationFiles();
  }

  async check(): Promise<{ ready: boolean; checks: ReadinessChecks }> {
    if (this.lifecycle.isShuttingDown()) {
      // the database may be closing: not asked
      const checks = { database: 'not-checked', migrations: 'unknown', shuttingDown: true } as const;
      return { ready: false, checks };
    }
    const up = await this.#pingOnce();
    const migrations = up ? await this.#migrationState() : 'unknown';
    const checks: ReadinessChecks = {
      database: up ? 'ok' : 'unreachable',
      migrations,
      shuttingDown: this.lifecycle.isShuttingDown(),
    };
    return { ready: up && migrations === 'current' && !checks.shuttingDown, checks };
  }

  #pingOnce(): Promise<boolean> {
    this.#ping ??= within(
      healthRepository.ping(this.db).then(
        () => true,
        () => false,
      ),
      this.#timeoutMs,
      false,
    ).finally(() => {
      this.#ping = undefined;
    });
    return this.#ping;
  }

  async #migrationState(): Promise<ReadinessChecks['migrations']> {
    const known = this.#migrations;
    if (known && known.until > Date.now()) return known.state;
    this.#migrationCheck ??= within(
      pendingMigrations(this.db, this.#files).then(
        (pending) => (pending.length === 0 ? ('current' as const) : ('pending' as const)),
        () => 'unknown' as const,
      ),
      this.#timeoutMs,
      'unknown' as const,
    ).then((state) => {
      this.#migrationCheck = undefined;
      // an unknown state (no answer) is not kept: the next probe asks again
      if (state !== 'unknown') {
        const ttl = state === 'current' ? this.#currentForMs : this.#pendingForMs;
        this.#migrations = { state, until: Date.now() + ttl };
      }
      return state;
    });
    return this.#migrationCheck;
  }
}
