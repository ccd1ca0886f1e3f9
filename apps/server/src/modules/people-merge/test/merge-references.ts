import { sql } from 'kysely';
import type { Database } from '../../../platform/db/engine.ts';
import { withTenant } from '../../../platform/db/tenancy.ts';
import type { PersonDataPart, PersonReference } from '../../../platform/person-data.ts';

/**
 * The person references the merge tests know of (issue 31 brief): the tables of today's modules
 * with a person column. The app's registry (P1's parts) is used when it has parts; else these.
 */
export const KNOWN_REFERENCES: readonly PersonReference[] = [
  { table: 'people', personColumn: 'godfather_id' },
  { table: 'companies', personColumn: 'main_contact_id' },
  { table: 'person_tags', personColumn: 'person_id' },
  { table: 'person_name_words', personColumn: 'person_id' },
  { table: 'report_godfather_counts', personColumn: 'godfather_id' },
  { table: 'people_contacts', personColumn: 'person_id' },
  { table: 'sponsor_links', personColumn: 'person_id' },
  { table: 'sponsor_consents', personColumn: 'person_id' },
  { table: 'sponsor_consents', personColumn: 'godfather_id' },
  { table: 'sponsor_pending_signups', personColumn: 'person_id' },
  { table: 'sponsor_pending_signups', personColumn: 'godfather_id' },
  { table: 'amendments', personColumn: 'contact_id' },
  { table: 'demands', personColumn: 'applicant_id' },
  { table: 'mkt_shot_recipients', personColumn: 'person_id', uniqueWith: ['shot_id', 'person_id'] },
  { table: 'import_errors', personColumn: 'person_id' },
];

export const knownPart: PersonDataPart = {
  module: 'merge-test',
  references: KNOWN_REFERENCES,
  collect: async () => ({}),
  erase: async () => {},
};

/**
 * Every row of the tenant in every referencing table and in people, as JSON sorted by its text:
 * two snapshots are equal when the tables hold exactly the same rows. Counters keep no zero rows.
 */
export async function snapshot(db: Database, tenantId: string, tables: readonly string[]) {
  return withTenant(db, tenantId, async (ctx) => {
    const out: Record<string, string[]> = {};
    for (const table of [...new Set(['people', ...tables])].sort()) {
      const zero = table === 'report_godfather_counts' ? sql` AND n <> 0` : sql``;
      const { rows } = await sql<{ row: unknown }>`
        SELECT to_jsonb(t) AS row FROM ${sql.id(table)} t WHERE t.tenant_id = ${tenantId}${zero}`.execute(
        ctx.trx,
      );
      out[table] = rows.map((r) => JSON.stringify(r.row)).sort();
    }
    return out;
  });
}
