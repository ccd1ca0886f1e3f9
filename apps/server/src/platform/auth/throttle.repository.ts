import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';

/**
 * A limit on one key: at most `max` attempts per window; from `delayFrom` attempts on, each one
 * waits after the previous for 1 s, 2 s, 4 s… up to `maxDelaySeconds`.
 */
export interface ThrottleRule {
  key: string;
  windowSeconds: number;
  max: number;
  delayFrom?: number;
  maxDelaySeconds?: number;
}

/** Attempt counters kept in the database, so every server instance sees the same numbers. */
export const throttleRepository = {
  /**
   * Reserves one attempt on every rule's key, all or none, before the work they guard: the check
   * and the count are one statement per key (a row lock), so concurrent attempts cannot all pass.
   * False when a rule refuses (nothing is then counted).
   */
  async reserve(db: Database, rules: ThrottleRule[]): Promise<boolean> {
    return db.kysely
      .transaction()
      .execute(async (trx) => {
        for (const rule of rules) {
          // a refusal rolls back the keys reserved before
          if (!(await throttleRepository.take(trx, rule))) throw new Refused();
        }
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof Refused) return false;
        throw error;
      });
  },

  /**
   * One attempt on one rule's key in the caller's transaction, so it counts only if that commits
   * (an action limited together with the rows it writes). False when refused, nothing counted.
   */
  async take(trx: Kysely<DB>, rule: ThrottleRule): Promise<boolean> {
    const window = sql`make_interval(secs => ${rule.windowSeconds})`;
    const expired = sql`t.window_start <= now() - ${window}`;
    const delayFrom = rule.delayFrom ?? rule.max;
    const delay = sql`make_interval(secs => least(${rule.maxDelaySeconds ?? 0}::float8,
    power(2, t.count - ${delayFrom})::float8))`;
    const { rows } = await sql<{ count: number }>`
    INSERT INTO login_throttle AS t (key, window_start, count, last_at)
    VALUES (${rule.key}, now(), 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${expired} THEN 1 ELSE t.count + 1 END,
      window_start = CASE WHEN ${expired} THEN now() ELSE t.window_start END,
      last_at = now()
    WHERE ${expired} OR (t.count < ${rule.max}
      AND (t.count < ${delayFrom} OR t.last_at + ${delay} <= now()))
    RETURNING t.count`.execute(trx);
    return rows.length > 0;
  },

  /**
   * Seconds until every rule would take one more attempt (the Retry-After of a refusal): the end
   * of a full window, or of the growing delay; at least 1.
   */
  async waitSeconds(db: Database, rules: ThrottleRule[]): Promise<number> {
    const rows = await db.kysely
      .selectFrom('login_throttle')
      .select([
        'key',
        'count',
        sql<number>`extract(epoch from now() - window_start)::float8`.as('sinceStart'),
        sql<number>`extract(epoch from now() - last_at)::float8`.as('sinceLast'),
      ])
      .where(
        'key',
        'in',
        rules.map((r) => r.key),
      )
      .execute();
    let wait = 1;
    for (const rule of rules) {
      const row = rows.find((r) => r.key === rule.key);
      if (!row || row.sinceStart >= rule.windowSeconds) continue;
      const delayFrom = rule.delayFrom ?? rule.max;
      if (row.count >= rule.max) wait = Math.max(wait, rule.windowSeconds - row.sinceStart);
      else if (row.count >= delayFrom) {
        const delay = Math.min(rule.maxDelaySeconds ?? 0, 2 ** (row.count - delayFrom));
        wait = Math.max(wait, delay - row.sinceLast);
      }
    }
    return Math.ceil(wait);
  },

  /** Gives back one reserved attempt on each key (it succeeded: only failures count). */
  async release(db: Database, keys: string[]): Promise<void> {
    await db.kysely
      .updateTable('login_throttle')
      .set({ count: sql`greatest(count - 1, 0)` })
      .where('key', 'in', keys)
      .execute();
  },

  async clear(db: Database, key: string): Promise<void> {
    await db.kysely.deleteFrom('login_throttle').where('key', '=', key).execute();
  },

  /** Drops counters whose window ended long ago. */
  async prune(db: Database): Promise<void> {
    await db.kysely
      .deleteFrom('login_throttle')
      .where('last_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  },
};

class Refused extends Error {}
