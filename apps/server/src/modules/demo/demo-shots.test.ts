import {
  DEMO,
  SHOT_REPORT_EVENT_MESSAGES,
  SHOT_REPORT_KEYS,
  SMS_SHOT_REPORT_KEYS,
  SMS_TEXTS,
} from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { tenantBySlug } from '../tenants/tenants.lookup.ts';
import { DEMO_MARKETING } from './demo-marketing-plans.ts';
import { seedDemo } from './demo-seed.ts';
import { DEMO_SHOTS, DEMO_SMS } from './demo-shots.ts';

describe(`demo e-mail shots (${testEngine})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const started = Date.now();
    expect(await seedDemo(t.db, { sample: true })).toBe(true);
    console.log(`demo seed with shots: ${Date.now() - started} ms`);
    const session = await demoAdminHeaders(t);
    const token = await marketingToken(t, session, DEMO.slug);
    headers = { 'x-schema': DEMO.slug, authorization: `Bearer ${token}` };
    // the whole demo seed (people, agenda, reports, both channels' shots) on a loaded machine
  }, 180_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.api.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('has a VALID domain and an ACTIVE sender the editor can send from', async () => {
    const domains = await get('/api/mkt/domains');
    expect(domains.list).toEqual([expect.objectContaining({ name: DEMO_SHOTS.domain, status: 'VALID' })]);
    const senders = await get('/api/mkt/senders?status=ACTIVE&page=1&itemsPerPage=10');
    expect(senders.list).toEqual([
      expect.objectContaining({
        name: DEMO_SHOTS.senderName,
        email: `${DEMO_SHOTS.senderPrefix}@${DEMO_SHOTS.domain}`,
        status: 'ACTIVE',
      }),
    ]);
  });

  it('has a SENT, a SCHEDULED and a DRAFT shot, with the newsletter and its design', async () => {
    const shots = await get('/api/mkt/emails/campaign?page=1&itemsPerPage=10');
    const bySubject = Object.fromEntries(shots.list.map((s: { subject: string }) => [s.subject, s]));
    expect(bySubject[DEMO_SHOTS.sent]?.status).toBe('SENT');
    expect(bySubject[DEMO_SHOTS.scheduled]?.status).toBe('SCHEDULED');
    expect(bySubject[DEMO_SHOTS.draft]?.status).toBe('DRAFT');
    const scheduled = bySubject[DEMO_SHOTS.scheduled];
    expect(new Date(scheduled.scheduleDate).getTime()).toBeGreaterThan(Date.now() + 3 * 86_400_000);
    const draft = await get(`/api/mkt/emails/campaign/${bySubject[DEMO_SHOTS.draft].code}`);
    expect(draft.htmlContent).toContain('{{primeiro_nome}}');
    expect(draft.htmlContent).toContain('href="https://demo.mandato.app/');
    const design = typeof draft.jsonContent === 'string' ? JSON.parse(draft.jsonContent) : draft.jsonContent;
    expect(design.pages[0].component).toContain('{{primeiro_nome}}');
  });

  it('shows outcomes on every report tab of the sent shot, and its debit in the balance', async () => {
    const shots = await get(`/api/mkt/emails/campaign?page=1&itemsPerPage=10`);
    const sent = shots.list.find((s: { subject: string }) => s.subject === DEMO_SHOTS.sent);
    const counts: Record<string, number> = {};
    for (const key of SHOT_REPORT_KEYS) {
      const tab = await get(`/api/mkt/emails/campaign/${sent.code}/reports/${key}?page=1&itemsPerPage=5`);
      counts[key] = tab.count;
      expect(tab.count, key).toBeGreaterThan(0);
      // a person's act reads as what they did, not as the send's SMTP answer
      const acted = SHOT_REPORT_EVENT_MESSAGES[key];
      if (acted)
        expect(tab.list.map((r: { message: string }) => r.message)).toEqual(tab.list.map(() => acted));
    }
    expect(counts.dropped).toBeGreaterThanOrEqual(DEMO_SHOTS.optedOut);
    expect(counts.delivered).toBeLessThan(counts.processed ?? 0);
    expect(counts.open).toBeLessThan(counts.delivered ?? 0);
    const balance = (await get('/api/mkt/accounts/balance/EMAIL')).balance;
    const d = DEMO_MARKETING;
    expect(balance).toBe(d.emailCredits - d.emailUsed + d.emailExtra - (counts.processed ?? 0));
  });

  it('has the SMS identification, a SENT SMS with outcomes on every SMS tab and an SMS DRAFT', async () => {
    const settings = await get('/api/mkt/sms/settings');
    expect(settings).toMatchObject({ senderIdentification: DEMO_SMS.identification, quietHours: null });
    const shots = await get('/api/mkt/sms/campaign?page=1&itemsPerPage=10');
    const byContent = Object.fromEntries(shots.list.map((s: { content: string }) => [s.content, s]));
    expect(byContent[DEMO_SMS.draft]).toMatchObject({ status: 'DRAFT', type: 'SMS', smsParts: 2 });
    const sent = byContent[DEMO_SMS.sent];
    expect(sent).toMatchObject({ status: 'SENT', type: 'SMS', smsParts: 1 });
    const counts: Record<string, number> = {};
    for (const key of SMS_SHOT_REPORT_KEYS) {
      const tab = await get(`/api/mkt/sms/campaign/${sent.code}/reports/${key}?page=1&itemsPerPage=5`);
      counts[key] = tab.count;
      expect(tab.count, key).toBeGreaterThan(0);
      if (key === 'failed') expect(tab.list[0].message).toBe(DEMO_SMS.failure);
      if (key === 'unsubscribe') expect(tab.list[0].message).toBe(SMS_TEXTS.repliedOptOut);
    }
    expect(counts.dropped).toBe(DEMO_SMS.optedOut);
    expect(counts.delivered).toBeLessThan(counts.processed ?? 0);
    const balance = (await get('/api/mkt/accounts/balance/SMS')).balance;
    const d = DEMO_MARKETING;
    expect(balance).toBe(d.smsCredits - d.smsUsed - (counts.processed ?? 0) * sent.smsParts);
  });

  it("records each opted-out address's people as opted out too, for the person drawer (issue 31)", async () => {
    const tenant = await tenantBySlug(t.db.kysely, DEMO.slug);
    const { optedOut, withoutPerson } = await withTenant(t.db, String(tenant?.id), async ({ trx }) => {
      const all = await trx.selectFrom('mkt_opt_outs').select(['channel', 'address']).execute();
      const { rows } = await sql<{ address: string }>`
        SELECT o.address FROM mkt_opt_outs o
        WHERE NOT EXISTS (
          SELECT 1 FROM person_opt_outs po
          JOIN people p ON p.tenant_id = po.tenant_id AND p.id = po.person_id
          WHERE po.channel = o.channel AND (p.email = o.address
            OR '55' || right(regexp_replace(p.cellphone, '[^0-9]', '', 'g'), 11) = o.address))`.execute(trx);
      return { optedOut: all, withoutPerson: rows };
    });
    expect(optedOut.filter((o) => o.channel === 'EMAIL').length).toBeGreaterThanOrEqual(DEMO_SHOTS.optedOut);
    expect(optedOut.filter((o) => o.channel === 'SMS').length).toBeGreaterThanOrEqual(DEMO_SMS.optedOut);
    expect(withoutPerson).toEqual([]);
  });

  it('dates its shots as their story goes: created ≤ scheduled, created ≤ sent ≤ finished, events and opt-outs in order, nothing past but a schedule (issue 39 item 12)', async () => {
    const tenant = await tenantBySlug(t.db.kysely, DEMO.slug);
    const now = Date.now() + 1000;
    const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());
    const wrong: string[] = [];
    await withTenant(t.db, String(tenant?.id), async ({ trx }) => {
      const shots = await trx
        .selectFrom('mkt_shots')
        .select([
          'id',
          'channel',
          'status',
          'subject',
          'created_at',
          'updated_at',
          'schedule_date',
          'start_date',
          'finished_at',
        ])
        .execute();
      const startOf = new Map(shots.map((s) => [String(s.id), ms(s.start_date)]));
      for (const s of shots) {
        const name = `${s.channel} ${s.status} ${s.subject ?? ''}`;
        const created = ms(s.created_at);
        const updated = ms(s.updated_at);
        const scheduled = ms(s.schedule_date);
        const started = ms(s.start_date);
        const finished = ms(s.finished_at);
        if (created === null || created > now) wrong.push(`${name}: created in the future`);
        if (updated !== null && created !== null && updated < created)
          wrong.push(`${name}: updated before created`);
        if (scheduled !== null && created !== null && scheduled < created)
          wrong.push(`${name}: scheduled before created`);
        if (started !== null && created !== null && started < created)
          wrong.push(`${name}: sent before created`);
        if (started !== null && started > now) wrong.push(`${name}: sent in the future`);
        if (finished !== null && (started === null || finished < started))
          wrong.push(`${name}: finished before sent`);
        if (s.status === 'SENT' && (started === null || finished === null))
          wrong.push(`${name}: SENT without its dates`);
      }
      const recipients = await trx
        .selectFrom('mkt_shot_recipients')
        .select([
          'shot_id',
          'address',
          'status',
          'sent_at',
          'delivered_at',
          'bounced_at',
          'opened_at',
          'clicked_at',
          'spam_at',
          'unsubscribed_at',
        ])
        .execute();
      for (const r of recipients) {
        const started = startOf.get(String(r.shot_id)) ?? null;
        const sent = ms(r.sent_at);
        if (sent !== null && (started === null || sent < started))
          wrong.push(`recipient ${r.address}: sent before its shot`);
        for (const key of [
          'delivered_at',
          'bounced_at',
          'opened_at',
          'clicked_at',
          'spam_at',
          'unsubscribed_at',
        ] as const) {
          const at = ms(r[key]);
          if (at !== null && (sent === null || at < sent || at > now))
            wrong.push(`recipient ${r.address}: ${key} out of order`);
        }
      }
      const events = await trx
        .selectFrom('mkt_shot_events')
        .select(['shot_id', 'kind', 'created_at'])
        .execute();
      for (const e of events) {
        const started = startOf.get(String(e.shot_id)) ?? null;
        const at = ms(e.created_at) ?? 0;
        if (started === null || at < started || at > now)
          wrong.push(`event ${e.kind}: out of its shot's time`);
      }
      const optOuts = await trx
        .selectFrom('mkt_opt_outs')
        .select(['channel', 'address', 'shot_id', 'created_at'])
        .execute();
      // an address a shot dropped had opted out before that shot went out
      const dropped = recipients.filter((r) => r.status === 'DROPPED');
      for (const o of optOuts) {
        const at = ms(o.created_at) ?? 0;
        if (at > now) wrong.push(`opt-out ${o.address}: in the future`);
        const own = o.shot_id === null ? null : (startOf.get(String(o.shot_id)) ?? null);
        if (own !== null && at < own) wrong.push(`opt-out ${o.address}: before the shot it came from`);
        for (const d of dropped.filter((r) => r.address === o.address)) {
          const started = startOf.get(String(d.shot_id)) ?? null;
          if (started !== null && at > started)
            wrong.push(`opt-out ${o.address}: after the shot that dropped it`);
        }
      }
      expect(shots.filter((s) => s.status === 'SENT')).toHaveLength(2);
      expect(dropped.length).toBeGreaterThan(0);
    });
    expect(wrong).toEqual([]);
  });
});
