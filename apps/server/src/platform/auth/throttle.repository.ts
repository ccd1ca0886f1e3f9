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
