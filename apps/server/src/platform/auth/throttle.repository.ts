import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';

/** Attempt counters kept in the database, so every server instance sees the same numbers. */
export const throttleRepository = {
  async count(db: Database, key: string, windowSeconds: number): Promise<number> {
    const row = await db.kysely
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('key', '=', key)
      .where('at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async record(db: Database, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.kysely
      .insertInto('login_attempts')
      .values(keys.map((key) => ({ key })))
      .execute();
    if (Math.random() < 0.01) {
      await db.kysely
        .deleteFrom('login_attempts')
        .where('at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
    }
  },
  async clear(db: Database, key: string): Promise<void> {
    await db.kysely.deleteFrom('login_attempts').where('key', '=', key).execute();
  },
};
