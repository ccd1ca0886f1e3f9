/**
 * The main menu's quick search (issues 13 and 28) at 1,000,000 contacts on PostgreSQL: the reads of
 * GET /people/quick-search (people-quick-search.service.ts: name contains the text, e-mail or
 * cellphone start with it, a phone ends with it; first 21 by name, no total), as the app's login
 * role under RLS, warm. Three in ten contacts get a landline as second phone. The phone-tail rows
 * search tails of a seeded contact's phones, masked, bare and with +55.
 * Settings: BENCH_DATABASE_URL (default …/mandato_bench_quick), BENCH_PEOPLE, BENCH_REUSE=1 (an
 * already seeded contacts database, e.g. BENCH_DATABASE_URL=…/mandato_bench BENCH_REUSE=1).
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { quickSearch } from '../../apps/server/src/modules/people/people-quick-search.service.ts';
import type { AppContext } from '../../apps/server/src/platform/app-context.ts';
import { ExactCountCache } from '../../apps/server/src/platform/db/exact-count-cache.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenancy.ts';
import {
  benchDatabase,
  log,
  percentile,
  preparedContactsDatabase,
  seedContactsDatabase,
  withClient,
} from '../lib/bench-database.ts';
import { benchLogin } from '../lib/bench-login.ts';

const TARGET = benchDatabase('BENCH_DATABASE_URL', 'mandato_bench_quick');
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const LOGIN = benchLogin(['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
const TEXTS = [
  'ma',
  'silva',
  'maria silva',
  'gmail',
  'juliana.f',
  '(11) 98',
  '9876',
  'joaquim tei',
  'zzzz nada',
];
const RUNS = 10;

/** A landline of the contact's area code as second phone for three contacts in ten. */
async function addLandlines(owner: pg.Client) {
  await owner.query(`
    UPDATE people SET phone_two = coalesce(left(cellphone, 2), '11') || (2 + floor(random() * 4))::int
      || lpad(floor(random() * 10000000)::bigint::text, 7, '0')
    WHERE random() < 0.3`);
}

/** Tails of the phones of a contact half way through the table, as a user would type them. */
async function phoneTexts(tenantId: string): Promise<string[]> {
  const { rows } = await withClient(TARGET.ownerUrl, async (c) => {
    await c.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
    return c.query<{ cellphone: string; phone_two: string }>(
      `
      SELECT cellphone, phone_two FROM people
      WHERE cellphone IS NOT NULL AND phone_two IS NOT NULL ORDER BY id OFFSET $1 LIMIT 1`,
      [Math.floor(TOTAL * 0.15)],
    );
  });
  const { cellphone, phone_two: landline } = rows[0] ?? { cellphone: '11987654321', phone_two: '1132214562' };
  return [
    cellphone.slice(-4),
    `${cellphone.slice(-8, -4)}-${cellphone.slice(-4)}`,
    cellphone.slice(-9),
    `+55 (${cellphone.slice(0, 2)}) ${cellphone.slice(2, 7)}-${cellphone.slice(7)}`,
    `${landline.slice(-8, -4)}-${landline.slice(-4)}`,
    cellphone.slice(-3),
  ];
}

async function main() {
  const db = await preparedContactsDatabase(TARGET, () =>
    seedContactsDatabase(TARGET, LOGIN, TOTAL, (owner) => addLandlines(owner)),
  );
  const tenantId = (
    await withClient(TARGET.ownerUrl, (c) =>
      c.query<{ id: string }>("SELECT id FROM tenants WHERE slug = 'bench'"),
    )
  ).rows[0]?.id as string;
  const texts = [...TEXTS, ...(await phoneTexts(tenantId))];
  const vis = { contacts: true, team: false, ownerId: null };
  // the search reads only the kept counts of the application context
  const app = { counts: new ExactCountCache() } as unknown as AppContext;
  console.log('texto | achados (até 20) | p50 ms | p95 ms');
  for (const text of texts) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS + 2; i++) {
      const t = performance.now();
      found = (await withTenant(db, tenantId, (ctx) => quickSearch({ ...ctx, app }, vis, text))).list.length;
      if (i >= 2) times.push(performance.now() - t);
    }
    console.log(
      `${text} | ${found} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 95).toFixed(0)}`,
    );
  }
  await db.close();
}

main().catch((error) => {
  log(error);
  process.exit(1);
});
