import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * The marketing side of the global tenants table: the marketing secret (hashed by the migration
 * 0027 trigger on write) and the tenants that have the module, for the daily domain revalidation.
 */
export const marketingRepository = {
  /** Writes a new secret (the trigger stores its hash); false when the slug is unknown. */
  async setSecret(db: Kysely<DB>, slug: string, secret: string): Promise<boolean> {
    const result = await db
      .updateTable('tenants')
      .set({ marketing_secret: secret })
      .where('slug', '=', slug)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async tenantsWithMarketing(db: Kysely<DB>): Promise<string[]> {
    const rows = await db
      .selectFrom('tenants')
      .select('id')
      .where('marketing_secret', 'is not', null)
      .where('active', '=', true)
      .orderBy('id')
      .execute();
    return rows.map((r) => String(r.id));
  },
};
