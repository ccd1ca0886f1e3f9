import type { Database } from './engine.ts';

/** Global settings the app generates once and every instance shares (e.g. the token secret). */
export async function getOrCreateSetting(db: Database, key: string, make: () => string): Promise<string> {
  await db.kysely
    .insertInto('app_settings')
    .values({ key, value: make() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}
