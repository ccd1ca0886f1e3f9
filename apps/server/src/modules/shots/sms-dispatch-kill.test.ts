import { afterAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { restartableDatabase } from '../../test/restartable-database.ts';
import {
  enqueueShotLanes,
  killDispatchThenFinish,
  shotRecipientsOf,
  shotStateOf,
} from '../../test/shot-dispatch-kit.ts';
import { buildFrozenShot } from '../../test/shot-factories.ts';
import { startSmsProviderServer } from '../../test/sms-provider-server.ts';
import { buildTenant } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { smsSettingsRepository } from './sms-settings.repository.ts';

const RECIPIENTS = testEngine === 'pglite' ? 200 : 600;
const KILLS = 3;

describe(`SMS shot dispatch killed at random points (SIGKILL) and restarted (${testEngine})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('every recipient SENT with the id of the one message the provider took for it: the idempotency key makes a send repeated after a kill the same message', {
    timeout: 600_000,
  }, async () => {
    const provider = await startSmsProviderServer();
    cleanups.push(() => provider.close());
    const { open, env, cleanup } = await restartableDatabase('mandato-sms-kill');
    cleanups.push(cleanup);
    let db = await open();
    const tenant = await buildTenant({ db });
    await withTenant(db, tenant.id, (ctx) =>
      smsSettingsRepository.save(ctx, { sender_identification: 'Gab. Ana', quiet_hours: 'off' }, null),
    );
    const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `55619${String(i).padStart(8, '0')}`);
    const { shotId, recipients } = await buildFrozenShot({ db }, tenant.id, { channel: 'SMS', addresses });
    await enqueueShotLanes(db, tenant.id, shotId);
    await db.close();

    const childEnv = {
      ...process.env,
      ...env,
      CHILD_SMS_URL: provider.url,
      CHILD_SMS_TOKEN: provider.token,
      CHILD_TENANT: tenant.id,
      CHILD_SHOT: shotId,
      CHILD_IN_FLIGHT: '4',
    };
    const killPoints = await killDispatchThenFinish(childEnv, RECIPIENTS, KILLS);

    db = await open();
    const rows = await shotRecipientsOf(db, tenant.id, shotId);
    const shot = await shotStateOf(db, tenant.id, shotId);
    await db.close();
    const context = `kills at ${killPoints.join(', ')}; ${provider.requests} calls, ${provider.accepted.length} taken`;
    expect(shot.status, context).toBe('SENT');
    expect(rows).toHaveLength(RECIPIENTS);
    expect(
      rows.filter((r) => r.status !== 'SENT'),
      context,
    ).toEqual([]);

    // exactly one message per recipient at the provider, under the recipient's key, and it is the
    // one the recipient's row names (0 lost, 0 twice)
    expect(provider.accepted, context).toHaveLength(RECIPIENTS);
    const byNumber = new Map<string, typeof provider.accepted>();
    for (const m of provider.accepted) byNumber.set(m.to, [...(byNumber.get(m.to) ?? []), m]);
    const rowOf = new Map(rows.map((r) => [r.address, r]));
    for (const r of recipients) {
      const got = byNumber.get(r.address) ?? [];
      expect(got, `${r.address} (${context})`).toHaveLength(1);
      expect(got[0]?.externalId, r.address).toBe(r.linkId);
      expect(rowOf.get(r.address)?.provider_message_id, r.address).toBe(got[0]?.id);
    }
    // a kill interrupted sends: some keys were sent again and answered with their first message
    expect(provider.requests, context).toBeGreaterThanOrEqual(RECIPIENTS);
  });
});
