import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { enqueue } from '../../platform/jobs/queue.ts';
import { killWorkerAtProgress, restartableDatabase } from '../../test/restartable-database.ts';
import { buildFrozenShot, buildSendingDomain } from '../../test/shot-factories.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { buildTenant } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { SHOT_DISPATCH_LANES, shotDispatchQueue } from './shot-dispatch.queue.ts';

const CHILD = path.resolve(import.meta.dirname, '../../test/shot-dispatch-worker-child.ts');
const RECIPIENTS = testEngine === 'pglite' ? 200 : 600;
const KILLS = 3;
const IN_FLIGHT = 4;
/** sends a killed process can have in flight: each of its lanes running (queue concurrency) × IN_FLIGHT */
const IN_FLIGHT_PER_PROCESS = shotDispatchQueue.concurrency * IN_FLIGHT;

/** Runs a worker child until it exits on its own (code 0), with its stderr on failure. */
function runWorkerToEnd(env: Record<string, string | undefined>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
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

describe(`shot dispatch killed at random points (SIGKILL) and restarted (${testEngine})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('every recipient ends with one outcome; only messages in flight at a kill went out twice, same Message-ID', {
    timeout: 600_000,
  }, async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const { open, env, cleanup } = await restartableDatabase('mandato-shot-kill');
    cleanups.push(cleanup);
    let db = await open();
    const app = { db, config: loadConfig({ NODE_ENV: 'test' }) };
    const tenant = await buildTenant({ db });
    const domain = await buildSendingDomain(app, tenant.id);
    const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `k${i}@d${i % 5}.example`);
    const { shotId, recipients } = await buildFrozenShot(app, tenant.id, {
      senderId: domain.senderId,
      addresses,
    });
    for (let lane = 0; lane < SHOT_DISPATCH_LANES; lane++)
      await enqueue(
        db.kysely,
        shotDispatchQueue,
        { tenantId: tenant.id, shotId, lane },
        { singletonKey: `shot:${shotId}:${lane}` },
      );
    await db.close();

    const childEnv = {
      ...process.env,
      ...env,
      CHILD_SMTP_URL: smtp.url,
      CHILD_TENANT: tenant.id,
      CHILD_SHOT: shotId,
      CHILD_IN_FLIGHT: String(IN_FLIGHT),
    };
    const killPoints: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      // a random point of the run: the outcomes this process recorded before the kill
      const at = 10 + Math.floor(Math.random() * (RECIPIENTS / (KILLS + 2)));
      killPoints.push(await killWorkerAtProgress(CHILD, childEnv, at));
    }
    await runWorkerToEnd(childEnv);

    db = await open();
    const rows = await withTenant(db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_shot_recipients')
        .select(['address', 'status'])
        .where('shot_id', '=', shotId)
        .execute(),
    );
    const shot = await withTenant(db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_shots')
        .select(['status', 'finished_at'])
        .where('id', '=', shotId)
        .executeTakeFirstOrThrow(),
    );
    await db.close();
    const context = `kills at ${killPoints.join(', ')}`;
    expect(shot.status, context).toBe('SENT');
    expect(
      rows.filter((r) => r.status !== 'SENT'),
      context,
    ).toEqual([]);
    expect(rows).toHaveLength(RECIPIENTS);

    // each recipient received at least once; a second copy only of a message in flight at a kill
    const byAddress = new Map<string, string[]>();
    for (const mail of smtp.received) {
      const id = /^Message-ID: (<[^>]+>)\r?$/im.exec(mail.raw)?.[1] as string;
      for (const to of mail.to) byAddress.set(to, [...(byAddress.get(to) ?? []), id]);
    }
    let duplicates = 0;
    for (const r of recipients) {
      const ids = byAddress.get(r.address) ?? [];
      expect(ids.length, `${r.address} (${context})`).toBeGreaterThanOrEqual(1);
      // the same Message-ID every time: the recipient's link id at the sender domain
      expect(new Set(ids), r.address).toEqual(new Set([`<${r.linkId}@${domain.name}>`]));
      duplicates += ids.length - 1;
    }
    expect(duplicates, context).toBeLessThanOrEqual(KILLS * IN_FLIGHT_PER_PROCESS);
  });
});
