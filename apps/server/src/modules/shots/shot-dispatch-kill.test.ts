import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { restartableDatabase } from '../../test/restartable-database.ts';
import {
  enqueueShotLanes,
  killDispatchThenFinish,
  shotRecipientsOf,
  shotStateOf,
} from '../../test/shot-dispatch-kit.ts';
import { buildFrozenShot, buildSendingDomain } from '../../test/shot-factories.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { buildTenant } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { shotDispatchQueue } from './shot-dispatch.queue.ts';

const RECIPIENTS = testEngine === 'pglite' ? 200 : 600;
const KILLS = 3;
const IN_FLIGHT = 4;
/** sends a killed process can have in flight: each of its lanes running (queue concurrency) × IN_FLIGHT */
const IN_FLIGHT_PER_PROCESS = shotDispatchQueue.concurrency * IN_FLIGHT;

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
    await enqueueShotLanes(db, tenant.id, shotId);
    await db.close();

    const childEnv = {
      ...process.env,
      ...env,
      CHILD_SMTP_URL: smtp.url,
      CHILD_TENANT: tenant.id,
      CHILD_SHOT: shotId,
      CHILD_IN_FLIGHT: String(IN_FLIGHT),
    };
    const killPoints = await killDispatchThenFinish(childEnv, RECIPIENTS, KILLS);

    db = await open();
    const rows = await shotRecipientsOf(db, tenant.id, shotId);
    const shot = await shotStateOf(db, tenant.id, shotId);
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
