import { spawn } from 'node:child_process';
import path from 'node:path';
import { SHOT_DISPATCH_LANES, shotDispatchQueue } from '../modules/shots/shot-dispatch.queue.ts';
import type { Database } from '../platform/db/engine.ts';
import { withTenant } from '../platform/db/tenancy.ts';
import { enqueue } from '../platform/jobs/queue.ts';
import { killWorkerAtProgress } from './restartable-database.ts';

/** The dispatch tests' shared set-up and readings (e-mail and SMS, in process and killed). */

/** The shot's dispatch lanes on the queue, one singleton job each, as the freeze enqueues them. */
export async function enqueueShotLanes(
  db: Database,
  tenantId: string,
  shotId: string,
  lanes = SHOT_DISPATCH_LANES,
) {
  for (let lane = 0; lane < lanes; lane++)
    await enqueue(
      db.kysely,
      shotDispatchQueue,
      { tenantId, shotId, lane },
      { singletonKey: `shot:${shotId}:${lane}` },
    );
}

/** The shot's state as the dispatch leaves it. */
export const shotStateOf = (db: Database, tenantId: string, shotId: string) =>
  withTenant(db, tenantId, (ctx) =>
    ctx.trx
      .selectFrom('mkt_shots')
      .select(['status', 'finished_at', 'error_reason', 'paused_until'])
      .where('id', '=', shotId)
      .executeTakeFirstOrThrow(),
  );

/** The shot's recipients in freeze order, with what the dispatch writes on them. */
export const shotRecipientsOf = (db: Database, tenantId: string, shotId: string) =>
  withTenant(db, tenantId, (ctx) =>
    ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select([
        'address',
        'status',
        'message',
        'attempts',
        'sent_at',
        'delivered_at',
        'bounced_at',
        'provider_message_id',
        'lease_until',
        'next_attempt_at',
      ])
      .where('shot_id', '=', shotId)
      .orderBy('id')
      .execute(),
  );

/** The worker process the kill tests start (test/shot-dispatch-worker-child.ts). */
const WORKER_CHILD = path.resolve(import.meta.dirname, 'shot-dispatch-worker-child.ts');

/**
 * Starts the dispatch worker child `kills` times and SIGKILLs each at a random point of the run
 * (the outcomes that process recorded), then runs it once more to the end; answers the kill points.
 */
export async function killDispatchThenFinish(
  env: Record<string, string | undefined>,
  recipients: number,
  kills: number,
): Promise<number[]> {
  const killPoints: number[] = [];
  for (let k = 0; k < kills; k++) {
    const at = 10 + Math.floor(Math.random() * (recipients / (kills + 2)));
    killPoints.push(await killWorkerAtProgress(WORKER_CHILD, env, at));
  }
  await runWorkerToEnd(env);
  return killPoints;
}

/** Runs the worker child until it exits on its own (code 0), with its stderr on failure. */
function runWorkerToEnd(env: Record<string, string | undefined>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_CHILD], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`worker saiu com ${code}: ${err.slice(0, 2000)}`)),
    ),
  );
}
