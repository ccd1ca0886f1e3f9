/**
 * The main menu's quick search (issue 13) at 1,000,000 contacts on PostgreSQL: the reads of
 * GET /people/quick-search (people-quick-search.service.ts: name contains the text, e-mail or
 * cellphone start with it; first 21 by name, no total), as the app's login role under RLS, warm.
 * Settings: BENCH_DATABASE_URL (default …/mandato_bench_quick), BENCH_PEOPLE, BENCH_REUSE=1 (an
 * already seeded contacts database, e.g. BENCH_DATABASE_URL=…/mandato_bench BENCH_REUSE=1).
 */
import { performance } from 'node:perf_hooks';
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

const TARGET = benchDatabase('BENCH_DATABASE_URL', 'mandato_bench_quick');
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const LOGIN = {
  slug: 'bench',
  email: 'bench@exemplo.com.br',
  password: 'bench-senha-1',
  permissions: ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'] as never,
};
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

async function main() {
  const db = await preparedContactsDatabase(TARGET, () => seedContactsDatabase(TARGET, LOGIN, TOTAL));
  const tenantId = (
    await withClient(TARGET.ownerUrl, (c) =>
      c.query<{ id: string }>("SELECT id FROM tenants WHERE slug = 'bench'"),
    )
  ).rows[0]?.id as string;
  const vis = { contacts: true, team: false, ownerId: null };
  // the search reads only the kept counts of the application context
  const app = { counts: new ExactCountCache() } as unknown as AppContext;
  console.log('texto | achados (até 20) | p50 ms | p95 ms');
  for (const text of TEXTS) {
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
