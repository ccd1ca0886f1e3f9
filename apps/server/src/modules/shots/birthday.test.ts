import { BIRTHDAY_TEXTS, SHOT_TEXTS, type Shot, zonedToInstant } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import {
  grantEmailCredits,
  insertPeople,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { marketingBalance } from '../marketing/accounts.service.ts';
import { type BirthdayJob, birthdayHandler, nextBirthdayRun } from './birthday.job.ts';

const URL = '/api/mkt/emails/birthday';
const HOUR = 10;

const settingsBody = (senderCode: number | null, overrides: Record<string, unknown> = {}) => ({
  active: true,
  senderCode,
  subject: 'Feliz aniversário, {{primeiro_nome}}!',
  htmlContent: '<style>p{color:red}</style><p>Parabéns {{primeiro_nome}}</p><script>x()</script>',
  jsonContent: { pages: [{ component: 'parabens' }] },
  sendHour: HOUR,
  ...overrides,
});

/** São Paulo `day` at the setting's hour plus `minutes`. */
const at = (day: string, minutes = 5) => {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
  return new Date(
    zonedToInstant({ year, month, day: date, hour: HOUR, minute: 0, second: 0 }).getTime() + minutes * 60_000,
  );
};

async function setBirthDates(db: Database, tenantId: string, dates: Record<string, string>) {
  await withTenant(db, tenantId, async ({ trx }) => {
    for (const [id, date] of Object.entries(dates))
      await trx.updateTable('people').set({ birth_date: date }).where('id', '=', id).execute();
  });
}

async function birthdayShots(db: Database, tenantId: string) {
  const shots = await withTenant(db, tenantId, ({ trx }) =>
    trx
      .selectFrom('mkt_shots')
      .select(['id', 'status', 'error_reason', 'subject', 'html_content', 'created_by', 'total_contacts'])
      .select((eb) => eb.cast<string>('birthday_date', 'text').as('day'))
      .where('birthday', '=', true)
      .orderBy('id')
      .execute(),
  );
  return shots.map((s) => ({ ...s, id: String(s.id) }));
}

async function recipientsOf(db: Database, tenantId: string, shotId: string) {
  const rows = await withTenant(db, tenantId, ({ trx }) =>
    trx
      .selectFrom('mkt_shot_recipients')
      .select(['address', 'status'])
      .where('shot_id', '=', shotId)
      .orderBy('person_id')
      .execute(),
  );
  return rows.map((r) => r.address);
}

describe(`birthday e-mail (${testEngine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A tenant with credits and its setting saved (active, HOUR o'clock). */
  async function configured(): Promise<MarketingSetup> {
    const s = await marketingSetup(t);
    await grantEmailCredits(t.db, s.tenant.id, 100);
    const saved = await mktCall(t, s.tenant, s.token, 'PUT', URL, settingsBody(s.senderCode));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return s;
  }

  const runDay = (s: MarketingSetup, day: string, clock = at(day)) => {
    const job: BirthdayJob = { tenantId: s.tenant.id, tenantSlug: s.tenant.slug, day, hour: HOUR };
    return birthdayHandler(t.app, () => clock)(job);
  };

  const balance = (s: MarketingSetup) =>
    withTenant(t.db, s.tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'));

  it('saves the setting (HTML prepared) and enqueues the next run at its hour', async () => {
    const s = await marketingSetup(t);
    const empty = await mktCall(t, s.tenant, s.token, 'GET', URL);
    expect(empty.body.data).toMatchObject({ active: false, senderCode: null, sendHour: 9, updatedAt: null });

    const saved = await mktCall(t, s.tenant, s.token, 'PUT', URL, settingsBody(s.senderCode));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ active: true, senderCode: s.senderCode, sendHour: HOUR });
    expect(saved.body.data.htmlContent).toContain('color');
    expect(saved.body.data.htmlContent).not.toContain('<script');
    expect((await mktCall(t, s.tenant, s.token, 'GET', URL)).body.data).toEqual(saved.body.data);

    const { day, runAt } = nextBirthdayRun(new Date(), HOUR);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select(['singleton_key', 'run_at'])
      .where('queue', '=', 'shots.birthday')
      .where('singleton_key', 'like', `birthday:${s.tenant.id}:%`)
      .execute();
    expect(jobs.map((j) => j.singleton_key)).toEqual([`birthday:${s.tenant.id}:${day}:${HOUR}`]);
    expect(new Date(jobs[0]?.run_at ?? 0).getTime()).toBe(runAt.getTime());
    // saved again with the same hour: still one job
    await mktCall(t, s.tenant, s.token, 'PUT', URL, settingsBody(s.senderCode));
    const again = await t.db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', 'shots.birthday')
      .where('singleton_key', 'like', `birthday:${s.tenant.id}:%`)
      .execute();
    expect(again).toHaveLength(1);
  });

  it('sends once per person per year: the day twice, a changed birth date, the same day next year', async () => {
    const s = await configured();
    const [ana, bia, cid, dani, eli] = await insertPeople(t.db, s.tenant.id, s.authorId, [
      'ana@exemplo.com.br',
      'bia@exemplo.com.br',
      'invalido',
      'dani@exemplo.com.br',
      'eli@exemplo.com.br',
    ]);
    await setBirthDates(t.db, s.tenant.id, {
      [ana as string]: '1980-03-10',
      [bia as string]: '1991-03-10',
      [cid as string]: '1975-03-10',
      [dani as string]: '1990-03-11',
    });
    void eli; // no birth date
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .insertInto('mkt_opt_outs')
        .values({ tenant_id: s.tenant.id, channel: 'EMAIL', address: 'bia@exemplo.com.br', source: 'link' })
        .execute(),
    );

    await runDay(s, '2027-03-10');
    await t.worker.drain();
    await t.worker.drain();
    const [first] = await birthdayShots(t.db, s.tenant.id);
    expect(first).toMatchObject({
      day: '2027-03-10',
      subject: 'Feliz aniversário, {{primeiro_nome}}!',
      created_by: expect.anything(),
    });
    expect(String(first?.created_by)).toBe(s.authorId);
    expect(first?.html_content).not.toContain('<script');
    // opted out (bia) and invalid (cid) are not sent; dani's birthday is tomorrow
    expect(await recipientsOf(t.db, s.tenant.id, first?.id ?? '')).toEqual(['ana@exemplo.com.br']);
    expect(await balance(s)).toBe(99);
    // the same dispatch as any shot: sent, and the shot SENT
    while ((await t.worker.drain()) > 0);
    expect((await birthdayShots(t.db, s.tenant.id))[0]).toMatchObject({ status: 'SENT', total_contacts: 1 });

    // the next run is the day after, at the hour
    const next = await t.db.kysely
      .selectFrom('jobs')
      .select('singleton_key')
      .where('singleton_key', '=', `birthday:${s.tenant.id}:2027-03-11:${HOUR}`)
      .execute();
    expect(next).toHaveLength(1);

    // the same day again (a restart, a re-enqueue; later that day): nothing more
    await runDay(s, '2027-03-10', at('2027-03-10', 600));
    await t.worker.drain();
    expect(await birthdayShots(t.db, s.tenant.id)).toHaveLength(1);
    expect(await balance(s)).toBe(99);

    // ana's birth date corrected to the 12th: she already got this year's
    await setBirthDates(t.db, s.tenant.id, { [ana as string]: '1980-03-12' });
    await runDay(s, '2027-03-11');
    await t.worker.drain();
    await runDay(s, '2027-03-12');
    await t.worker.drain();
    await t.worker.drain();
    const days = await birthdayShots(t.db, s.tenant.id);
    expect(days.map((d) => d.day)).toEqual(['2027-03-10', '2027-03-11']);
    expect(await recipientsOf(t.db, s.tenant.id, days[1]?.id ?? '')).toEqual(['dani@exemplo.com.br']);
    expect(await balance(s)).toBe(98);

    // next year, her day again
    await runDay(s, '2028-03-12');
    await t.worker.drain();
    await t.worker.drain();
    const later = await birthdayShots(t.db, s.tenant.id);
    expect(later.map((d) => d.day)).toEqual(['2027-03-10', '2027-03-11', '2028-03-12']);
    expect(await recipientsOf(t.db, s.tenant.id, later[2]?.id ?? '')).toEqual(['ana@exemplo.com.br']);

    // a day with no birthday: no shot, nothing debited
    const before = await balance(s);
    await runDay(s, '2028-03-13');
    await t.worker.drain();
    expect(await birthdayShots(t.db, s.tenant.id)).toHaveLength(3);
    expect(await balance(s)).toBe(before);

    // a run late past its day sends nothing for it
    await setBirthDates(t.db, s.tenant.id, { [dani as string]: '1990-03-14' });
    await runDay(s, '2028-03-14', at('2028-03-15'));
    expect(await birthdayShots(t.db, s.tenant.id)).toHaveLength(3);

    // the list of the birthday shots, with their counts; the other lists leave them out
    const list = await mktCall(t, s.tenant, s.token, 'GET', '/api/mkt/emails/campaign?birthday=true');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const listed = list.body.data.list as Shot[];
    expect(listed.map((x) => x.birthday)).toEqual([true, true, true]);
    expect(listed.map((x) => x.totalContacts)).toEqual([1, 1, 1]);
    const plain = await mktCall(t, s.tenant, s.token, 'GET', '/api/mkt/emails/campaign');
    expect((plain.body.data.list as Shot[]).some((x) => x.birthday)).toBe(false);
    expect((await mktCall(t, s.tenant, s.token, 'GET', '/api/mkt/emails/campaign?birthday=sim')).status).toBe(
      400,
    );
  });

  it('29 February: on the 28th in a year without it, on the 29th in a leap year', async () => {
    const s = await configured();
    const [leap, feb28] = await insertPeople(t.db, s.tenant.id, s.authorId, [
      'bissexto@exemplo.com.br',
      'vinteoito@exemplo.com.br',
    ]);
    await setBirthDates(t.db, s.tenant.id, {
      [leap as string]: '2000-02-29',
      [feb28 as string]: '1999-02-28',
    });
    const sentOn = async (day: string) => {
      await runDay(s, day);
      await t.worker.drain();
      const shot = (await birthdayShots(t.db, s.tenant.id)).find((x) => x.day === day);
      return shot ? recipientsOf(t.db, s.tenant.id, shot.id) : [];
    };
    expect(await sentOn('2027-02-28')).toEqual(['bissexto@exemplo.com.br', 'vinteoito@exemplo.com.br']);
    expect(await sentOn('2028-02-28')).toEqual(['vinteoito@exemplo.com.br']);
    expect(await sentOn('2028-02-29')).toEqual(['bissexto@exemplo.com.br']);
  });

  it("ends the day's shot in ERROR with the reason when the setting's sender stopped being active", async () => {
    const s = await configured();
    const [ana] = await insertPeople(t.db, s.tenant.id, s.authorId, ['ana@exemplo.com.br']);
    await setBirthDates(t.db, s.tenant.id, { [ana as string]: '1980-05-20' });
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('mkt_senders')
        .set({ status: 'INACTIVE' })
        .where('id', '=', String(s.senderCode))
        .execute(),
    );
    await runDay(s, '2027-05-20');
    await t.worker.drain();
    const [shot] = await birthdayShots(t.db, s.tenant.id);
    expect(shot).toMatchObject({ status: 'ERROR', error_reason: SHOT_TEXTS.errorSenderInactive });
    expect(await recipientsOf(t.db, s.tenant.id, shot?.id ?? '')).toEqual([]);
    expect(await balance(s)).toBe(100);
  });

  it("ends the day's shot in ERROR when the one who saved the setting may no longer send", async () => {
    const s = await configured();
    const [ana] = await insertPeople(t.db, s.tenant.id, s.authorId, ['ana@exemplo.com.br']);
    await setBirthDates(t.db, s.tenant.id, { [ana as string]: '1980-07-02' });
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('users')
        .set({ permissions: ['ROLE_CRM'] })
        .where('id', '=', s.authorId)
        .execute(),
    );
    await runDay(s, '2027-07-02');
    await t.worker.drain();
    const [shot] = await birthdayShots(t.db, s.tenant.id);
    expect(shot).toMatchObject({ status: 'ERROR', error_reason: SHOT_TEXTS.errorAuthorNotAllowed });
    expect(await balance(s)).toBe(100);
  });

  it('a job of an hour no longer set, or of an inactive setting, does nothing and enqueues nothing', async () => {
    const s = await configured();
    const [ana] = await insertPeople(t.db, s.tenant.id, s.authorId, ['ana@exemplo.com.br']);
    await setBirthDates(t.db, s.tenant.id, { [ana as string]: '1980-06-01' });
    const jobsOf = () =>
      t.db.kysely
        .selectFrom('jobs')
        .select('singleton_key')
        .where('singleton_key', 'like', `birthday:${s.tenant.id}:%`)
        .execute();
    const enqueued = (await jobsOf()).length;
    await mktCall(t, s.tenant, s.token, 'PUT', URL, settingsBody(s.senderCode, { sendHour: 15 }));
    expect((await jobsOf()).length).toBe(enqueued + 1);
    await runDay(s, '2027-06-01');
    expect(await birthdayShots(t.db, s.tenant.id)).toEqual([]);
    await mktCall(
      t,
      s.tenant,
      s.token,
      'PUT',
      URL,
      settingsBody(s.senderCode, { active: false, sendHour: HOUR }),
    );
    await runDay(s, '2027-06-01');
    expect(await birthdayShots(t.db, s.tenant.id)).toEqual([]);
    expect((await jobsOf()).length).toBe(enqueued + 1);
  });

  it('refuses the setting: no ROLE_MARKETING, a session token, another tenant, hostile bodies', async () => {
    const s = await configured();
    const saved = (await mktCall(t, s.tenant, s.token, 'GET', URL)).body.data;

    const session = await t.api.inject({ method: 'GET', url: URL, headers: s.author.headers });
    expect(session.statusCode).toBe(401);

    const other = await signedIn(t, s.tenant, ['ROLE_MARKETING', 'ROLE_CRM'], 'Outra');
    const otherToken = await marketingToken(t, other.headers, s.tenant.slug);
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('users')
        .set({ permissions: ['ROLE_CRM'] })
        .where('code', '=', other.user.code)
        .execute(),
    );
    expect((await mktCall(t, s.tenant, otherToken, 'GET', URL)).status).toBe(403);
    expect((await mktCall(t, s.tenant, otherToken, 'PUT', URL, settingsBody(s.senderCode))).status).toBe(403);

    // another tenant: its own (empty) setting; this tenant's sender is not one it can use
    const stranger = await marketingSetup(t);
    expect((await mktCall(t, stranger.tenant, stranger.token, 'GET', URL)).body.data.active).toBe(false);
    const foreign = await mktCall(t, stranger.tenant, stranger.token, 'PUT', URL, settingsBody(s.senderCode));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(SHOT_TEXTS.senderNotActive);
    // the token of one tenant under another's X-Schema
    expect((await mktCall(t, stranger.tenant, s.token, 'GET', URL)).status).toBeGreaterThanOrEqual(401);

    const valid = settingsBody(s.senderCode, { subject: 'Outro assunto' });
    const bodies: [string, unknown][] = [
      ['unknown key', { ...valid, extra: 1 }],
      ['__proto__ key', JSON.parse(`{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`)],
      ['constructor key', { ...valid, constructor: { prototype: {} } }],
      ['control characters', { ...valid, subject: 'Olá\u0000mundo' }],
      ['2 MB html', { ...valid, htmlContent: `<p>${'a'.repeat(2 * 1024 * 1024)}</p>` }],
      ['hour 24', { ...valid, sendHour: 24 }],
      ['hour -1', { ...valid, sendHour: -1 }],
      ['hour as string', { ...valid, sendHour: '9' }],
      ['hour fraction', { ...valid, sendHour: 9.5 }],
      ['active as string', { ...valid, active: 'true' }],
      ['senderCode as string', { ...valid, senderCode: String(s.senderCode) }],
      ['huge senderCode', { ...valid, senderCode: 1e20 }],
      ['unknown sender', { ...valid, senderCode: 987654321 }],
      ['active without sender', { ...valid, senderCode: null }],
      ['no subject', { ...valid, subject: '' }],
      ['array body', [valid]],
    ];
    for (const [label, body] of bodies) {
      const res = await mktCall(t, s.tenant, s.token, 'PUT', URL, body);
      expect(res.status, label).toBe(400);
      expect(typeof res.body.message, label).toBe('string');
    }
    expect((await mktCall(t, s.tenant, s.token, 'GET', URL)).body.data).toEqual(saved);

    // inactive: no sender needed
    const off = await mktCall(t, s.tenant, s.token, 'PUT', URL, {
      ...valid,
      active: false,
      senderCode: null,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toMatchObject({ active: false, senderCode: null, subject: 'Outro assunto' });
    expect(BIRTHDAY_TEXTS.destination).toBeTruthy();
  });
});
