import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';

/** SQL of the readiness probe: the cheapest statement the database must answer. */
export const healthRepository = {
  async ping(db: Database): Promise<void> {
    await sql`SELECT 1`.execute(db.kysely);
  },
};
