import { SHOT_TEXTS } from '@mandato/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config/config.ts';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { createAppContext } from '../../services.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { restartableDatabase } from '../../test/restartable-database.ts';
import {
  allPeopleSegment,
  emailBody,
  grantEmailCredits,
  insertPeople,
  type MarketingSetup,
  marketingSetup,
  mktCall,
  userIdOf,
} from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { debitMarketingCredits, marketingBalance } from '../marketing/accounts.service.ts';
import { authorOf, FREEZE_BATCH, freezeBatch, shotFreezeHandler } from './shot-freeze.ts';

const BASE = '/api/mkt/emails/campaign';
const log = pino({ level: 'silent' });

const inDays = (days: number, hour = '09:30') =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)} ${hour}`;

async function recipientsOf(db: Database, tenantId: string, shotId: number | string) {
  return withTenant(db, tenantId, ({ trx }) =>
    trx
      .selectFrom('mkt_shot_recipients')
      .select(['person_id', 'address', 'status', 'message', 'merge', 'link_id'])
      .where('shot_id', '=', String(shotId))
      .orderBy('person_id')
      .execute(),
  );
}

async function shotRow(db: Database, tenantId: string, shotId: number | string) {
  return withTenant(db, tenantId, ({ trx }) =>
    trx.selectFrom('mkt_shots').selectAll().where('id', '=', String(shotId)).executeTakeFirstOrThrow(),
  );
}

async function debitsOf(db: Database, tenantId: string, reference: string) {
  const rows = await withTenant(db, tenantId, ({ trx }) =>
    trx.selectFrom('mkt_debits').select('amount').where('reference', '=', reference).execute(),
  );
  return rows.map((r) => Number(r.amount));
}

describe(`shot freeze and schedule firing (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  let segmentCode: number;

  const send = async (who: MarketingSetup, list: number) => {
    const created = await mktCall(t, who.tenant, who.token, 'POST', BASE, emailBody(who.senderCode, list));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sent = await mktCall(t, who.tenant, who.token, 'POST', `${BASE}/send/${created.body.data.code}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return created.body.data.code as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    segmentCode = await allPeopleSegment(t, s.author);
    await grantEmailCredits(t.db, s.tenant.id, 100);
  });
  afterAll(async () => {
    await t.close();
  });

  it("freezes the special list 'Pessoas' (code 1): everyone the author may see, no saved list needed", async () => {
    const other = await marketingSetup(t);
    await grantEmailCredits(t.db, other.tenant.id, 10);
    await insertPeople(t.db, other.tenant.id, other.authorId, ['ana@exemplo.com.br', 'invalido']);
    const code = await send(other, 1);
    expect(await t.worker.drain()).toBeGreaterThanOrEqual(1);
    const frozen = await recipientsOf(t.db, other.tenant.id, code);
    expect(frozen.map((r) => [r.address, r.status])).toEqual([
      ['ana@exemplo.com.br', 'PENDING'],
      ['invalido', 'DROPPED'],
    ]);
    const shot = await shotRow(t.db, other.tenant.id, code);
    expect([String(shot.segment_id), shot.segment_name, shot.total_contacts]).toEqual(['1', 'Pessoas', 1]);
  });

  it('freezes the list once: valid addresses PENDING, the others DROPPED with the reason; debits once', async () => {
    await insertPeople(t.db, s.tenant.id, s.authorId, [
      'ana@exemplo.com.br',
      'bia@exemplo.com.br',
      'ana@exemplo.com.br',
      'invalido',
      null,
      'sai@exemplo.com.br',
    ]);
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .insertInto('mkt_opt_outs')
        .values({ tenant_id: s.tenant.id, channel: 'EMAIL', address: 'sai@exemplo.com.br', source: 'link' })
        .execute(),
    );
    const code = await send(s, segmentCode);
    expect(await t.worker.drain()).toBeGreaterThanOrEqual(1);

    const frozen = await recipientsOf(t.db, s.tenant.id, code);
    expect(frozen.map((r) => [r.address, r.status, r.message])).toEqual([
      ['ana@exemplo.com.br', 'PENDING', null],
      ['bia@exemplo.com.br', 'PENDING', null],
      ['ana@exemplo.com.br', 'DROPPED', SHOT_TEXTS.droppedDuplicate],
      ['invalido', 'DROPPED', SHOT_TEXTS.droppedInvalid],
      ['', 'DROPPED', SHOT_TEXTS.droppedInvalid],
      ['sai@exemplo.com.br', 'DROPPED', SHOT_TEXTS.droppedOptOut],
    ]);
    expect(frozen[0]?.merge).toMatchObject({
      firstName: 'Pessoa',
      lastName: 'Silva',
      email: 'ana@exemplo.com.br',
    });
    expect(new Set(frozen.map((r) => r.link_id)).size).toBe(6);
    for (const r of frozen) expect(r.link_id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const shot = await shotRow(t.db, s.tenant.id, code);
    expect(shot).toMatchObject({
      status: 'SENDING',
      total_contacts: 2,
      total_dropped: 4,
      error_reason: null,
    });
    expect(shot.start_date).not.toBeNull();
    expect(await withTenant(t.db, s.tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'))).toBe(98);
    const lanes = await t.db.kysely
      .selectFrom('jobs')
      .select('singleton_key')
      .where('queue', '=', 'shots.dispatch')
      .where('singleton_key', 'like', `shot:${code}:%`)
      .orderBy('singleton_key')
      .execute();
    expect(lanes.map((l) => l.singleton_key)).toEqual([0, 1, 2, 3].map((lane) => `shot:${code}:${lane}`));

    // the job again (a retry after its lock expired): nothing more frozen, nothing more debited
    await shotFreezeHandler(t.app)({
      tenantId: s.tenant.id,
      tenantSlug: s.tenant.slug,
      shotId: String(code),
    });
    expect(await recipientsOf(t.db, s.tenant.id, code)).toEqual(frozen);
    expect(await withTenant(t.db, s.tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'))).toBe(98);
  });

  it("applies the author's visibility: without ROLE_CRM_ALL_DATA only their own contacts", async () => {
    const member = await signedIn(t, s.tenant, ['ROLE_MARKETING', 'ROLE_CRM'], 'Assessora');
    const memberSetup = {
      ...s,
      author: member,
      token: await marketingToken(t, member.headers, s.tenant.slug),
    };
    await insertPeople(
      t.db,
      s.tenant.id,
      await userIdOf(t.db, s.tenant.id, member.user.code),
      ['m1@exemplo.com.br', 'm2@exemplo.com.br'],
      'Membro',
    );
    const code = await send(memberSetup, segmentCode);
    await t.worker.drain();
    const frozen = await recipientsOf(t.db, s.tenant.id, code);
    expect(frozen.map((r) => r.address)).toEqual(['m1@exemplo.com.br', 'm2@exemplo.com.br']);
    expect(await shotRow(t.db, s.tenant.id, code)).toMatchObject({ status: 'SENDING', total_contacts: 2 });
  });

  it('ends in ERROR with the reason and debits nothing when the credit is gone at the firing', async () => {
    const poor = await marketingSetup(t);
    await insertPeople(t.db, poor.tenant.id, poor.authorId, ['a@exemplo.com.br', 'b@exemplo.com.br']);
    const list = await allPeopleSegment(t, poor.author);
    await grantEmailCredits(t.db, poor.tenant.id, 10);
    const created = await mktCall(t, poor.tenant, poor.token, 'POST', BASE, emailBody(poor.senderCode, list));
    const code = created.body.data.code as number;
    const call = (action: string, body?: unknown) =>
      mktCall(t, poor.tenant, poor.token, 'POST', `${BASE}/${action}/${code}`, body);
    expect((await call('schedule', { scheduleDate: inDays(3) })).status).toBe(200);
    expect((await call('unschedule')).status).toBe(200);
    expect((await call('schedule', { scheduleDate: inDays(2) })).status).toBe(200);
    // the credits go elsewhere before the schedule's time
    await withTenant(t.db, poor.tenant.id, (ctx) => debitMarketingCredits(ctx, 'EMAIL', 8, 'outro-envio'));
    // time passes: both firings are due, the first one stale
    await t.db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('queue', '=', 'shots.schedule')
      .execute();
    await t.worker.drain();
    expect((await shotRow(t.db, poor.tenant.id, code)).status).toBe('SENDING');
    await t.worker.drain();
    const shot = await shotRow(t.db, poor.tenant.id, code);
    expect(shot).toMatchObject({ status: 'ERROR', error_reason: SHOT_TEXTS.errorInsufficientBalance });
    expect(await recipientsOf(t.db, poor.tenant.id, code)).toEqual([]);
    expect(await withTenant(t.db, poor.tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'))).toBe(2);
    const read = await mktCall(t, poor.tenant, poor.token, 'GET', `${BASE}/${code}`);
    expect(read.body.data).toMatchObject({
      status: 'ERROR',
      errorReason: SHOT_TEXTS.errorInsufficientBalance,
    });
  });

  it('a freeze stopped between batches resumes with no person lost or doubled', {
    timeout: 120_000,
  }, async () => {
    const big = await marketingSetup(t);
    const people = FREEZE_BATCH * 2 + 200;
    await insertPeople(
      t.db,
      big.tenant.id,
      big.authorId,
      Array.from({ length: people }, (_, i) => `p${i}@exemplo.com.br`),
    );
    const list = await allPeopleSegment(t, big.author);
    await grantEmailCredits(t.db, big.tenant.id, people + 10);
    const code = await send(big, list);
    const job = { tenantId: big.tenant.id, tenantSlug: big.tenant.slug, shotId: String(code) };

    // one batch committed, then the process dies
    const author = await authorOf(t.app, job, big.authorId);
    if (!author) throw new Error('autora sem acesso');
    expect(await withTenant(t.db, big.tenant.id, (ctx) => freezeBatch(ctx, author, job.shotId))).toBe('more');
    expect(await recipientsOf(t.db, big.tenant.id, code)).toHaveLength(FREEZE_BATCH);
    expect((await shotRow(t.db, big.tenant.id, code)).start_date).toBeNull();

    // the job runs again, then once more (a retry after its lock expired finds nothing to do)
    await shotFreezeHandler(t.app)(job);
    await shotFreezeHandler(t.app)(job);
    const frozen = await recipientsOf(t.db, big.tenant.id, code);
    expect(frozen).toHaveLength(people);
    expect(new Set(frozen.map((r) => String(r.person_id))).size).toBe(people);
    expect(frozen.every((r) => r.status === 'PENDING')).toBe(true);
    expect(await shotRow(t.db, big.tenant.id, code)).toMatchObject({
      status: 'SENDING',
      total_contacts: people,
      total_dropped: 0,
    });
    expect(await withTenant(t.db, big.tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'))).toBe(10);
    expect(await debitsOf(t.db, big.tenant.id, `shot:${code}`)).toEqual([people]);
    // sending it is the dispatch tests' subject: its lanes would slow the next drains
    await t.db.kysely.deleteFrom('jobs').where('singleton_key', 'like', `shot:${code}:%`).execute();
  });

  it('ends in ERROR when the sender stopped sending or the list was removed before the freeze', async () => {
    const other = await marketingSetup(t);
    await insertPeople(t.db, other.tenant.id, other.authorId, ['x@exemplo.com.br']);
    const list = await allPeopleSegment(t, other.author);
    await grantEmailCredits(t.db, other.tenant.id, 10);
    const noSender = await send(other, list);
    await withTenant(t.db, other.tenant.id, ({ trx }) =>
      trx
        .updateTable('mkt_senders')
        .set({ status: 'INACTIVE' })
        .where('id', '=', String(other.senderCode))
        .execute(),
    );
    await t.worker.drain();
    expect(await shotRow(t.db, other.tenant.id, noSender)).toMatchObject({
      status: 'ERROR',
      error_reason: SHOT_TEXTS.errorSenderInactive,
    });
    expect(await recipientsOf(t.db, other.tenant.id, noSender)).toEqual([]);

    await withTenant(t.db, other.tenant.id, ({ trx }) =>
      trx
        .updateTable('mkt_senders')
        .set({ status: 'ACTIVE' })
        .where('id', '=', String(other.senderCode))
        .execute(),
    );
    const noList = await send(other, list);
    await withTenant(t.db, other.tenant.id, ({ trx }) =>
      trx.updateTable('segments').set({ active: false }).where('id', '=', String(list)).execute(),
    );
    await t.worker.drain();
    expect(await shotRow(t.db, other.tenant.id, noList)).toMatchObject({
      status: 'ERROR',
      error_reason: SHOT_TEXTS.errorSegmentMissing,
    });
    expect(await withTenant(t.db, other.tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'))).toBe(10);
  });

  it('an author who lost ROLE_MARKETING ends the shot in ERROR', async () => {
    const other = await marketingSetup(t);
    await insertPeople(t.db, other.tenant.id, other.authorId, ['x@exemplo.com.br']);
    const list = await allPeopleSegment(t, other.author);
    await grantEmailCredits(t.db, other.tenant.id, 10);
    const code = await send(other, list);
    await withTenant(t.db, other.tenant.id, ({ trx }) =>
      trx
        .updateTable('users')
        .set({ permissions: ['ROLE_CRM'] })
        .where('id', '=', other.authorId)
        .execute(),
    );
    await t.worker.drain();
    expect(await shotRow(t.db, other.tenant.id, code)).toMatchObject({
      status: 'ERROR',
      error_reason: SHOT_TEXTS.errorAuthorNotAllowed,
    });
    expect(await withTenant(t.db, other.tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'))).toBe(10);
  });
});

describe(`a schedule fires after a restart (${testEngine})`, () => {
  it('fires the persisted job of a server closed before the time', { timeout: 120_000 }, async () => {
    const { open, cleanup } = await restartableDatabase('mandato-shots');
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    try {
      let db = await open();
      let { app, worker } = await createAppContext(config, db, log);
      const api = await buildApp(app);
      const t = { db, app, worker, api } as unknown as TestApp;
      const s = await marketingSetup(t);
      await insertPeople(db, s.tenant.id, s.authorId, ['a@exemplo.com.br', 'b@exemplo.com.br']);
      const list = await allPeopleSegment(t, s.author);
      await grantEmailCredits(db, s.tenant.id, 10);
      const created = await mktCall(t, s.tenant, s.token, 'POST', BASE, emailBody(s.senderCode, list));
      const code = created.body.data.code as number;
      const scheduled = await mktCall(t, s.tenant, s.token, 'POST', `${BASE}/schedule/${code}`, {
        scheduleDate: inDays(1),
      });
      expect(scheduled.status).toBe(200);
      await api.close();
      await app.mailer.close();
      app.shotTransport.close();
      await db.close();

      // the server comes back after the schedule's time (the job's time moved, as the clock would)
      db = await open();
      await db.kysely
        .updateTable('jobs')
        .set({ run_at: new Date() })
        .where('queue', '=', 'shots.schedule')
        .execute();
      ({ app, worker } = await createAppContext({ ...config, jobPollMs: 50 }, db, log));
      worker.start();
      // the job's own wait is none (run_at is now): the deadline only bounds a broken run
      const deadline = Date.now() + 100_000;
      let shot = await shotRow(db, s.tenant.id, code);
      while (!shot.start_date && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        shot = await shotRow(db, s.tenant.id, code);
      }
      await worker.stop();
      expect(shot.start_date).not.toBeNull();
      expect(['SENDING', 'SENT']).toContain(shot.status);
      expect(shot.total_contacts).toBe(2);
      expect(await recipientsOf(db, s.tenant.id, code)).toHaveLength(2);
      await app.mailer.close();
      app.shotTransport.close();
      await db.close();
    } finally {
      await cleanup();
    }
  });
});
