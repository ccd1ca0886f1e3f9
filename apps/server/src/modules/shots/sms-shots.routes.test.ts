import { SHOT_TEXTS, type Shot, SMS_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { allPeopleSegment, type MarketingSetup, marketingSetup, mktCall } from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { grantPlan, marketingBalance } from '../marketing/accounts.service.ts';
import { shotFreezeHandler } from './shot-freeze.ts';

const BASE = '/api/mkt/sms/campaign';
const IDENTIFICATION = 'Gab. Vereadora';
const LONG_NAME = 'Maria Aparecida da Conceição Ferreira Santos';

/** People with a name and a cellphone as typed (null: none); their ids in order. */
async function insertPhones(
  db: Database,
  tenantId: string,
  ownerId: string,
  people: readonly [string, string | null][],
): Promise<string[]> {
  return withTenant(db, tenantId, async (ctx) => {
    const rows = await ctx.trx
      .insertInto('people')
      .values(
        people.map(([name, cellphone], i) => ({
          tenant_id: ctx.tenantId,
          name,
          cellphone,
          email: `p${i}@exemplo.com.br`,
          created_by: ownerId,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => String(r.id));
  });
}

/** The SMS list of the tests: three mobiles, a landline, an invalid number, an opted-out mobile, no phone. */
const PEOPLE: [string, string | null][] = [
  ['Ana Souza', '(11) 98765-4321'],
  ['Bruno Lima', '11987654322'],
  [LONG_NAME, '+55 21 99876-5432'],
  ['Carla Dias', '(11) 3333-4444'],
  ['Davi', '123'],
  ['Eva Saiu', '(11) 98765-4325'],
  ['Fábio Sem Telefone', null],
];
const OPTED_OUT = '5511987654325';

const smsCredits = (db: Database, tenantId: string, credits: number) =>
  withTenant(db, tenantId, (ctx) => grantPlan(ctx, { type: 'SMS', credits, days: 30, extra: true }));

const body = (segmentCode: number, content: string) => ({
  content,
  destination: { segment: { code: segmentCode } },
});

describe(`SMS shots API (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  let segmentCode: number;

  const mkt = (method: string, url: string, payload?: unknown, bearer = s.token) =>
    mktCall(t, s.tenant, bearer, method, url, payload);

  async function setUp(
    setup: MarketingSetup,
    credits: number,
    identification: string | null = IDENTIFICATION,
  ) {
    await insertPhones(t.db, setup.tenant.id, setup.authorId, PEOPLE);
    await withTenant(t.db, setup.tenant.id, ({ trx }) =>
      trx
        .insertInto('mkt_opt_outs')
        .values({ tenant_id: setup.tenant.id, channel: 'SMS', address: OPTED_OUT, source: 'reply' })
        .execute(),
    );
    await smsCredits(t.db, setup.tenant.id, credits);
    if (identification !== null) {
      const saved = await mktCall(t, setup.tenant, setup.token, 'PUT', '/api/mkt/sms/settings', {
        senderIdentification: identification,
        quietHours: null,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    return allPeopleSegment(t, setup.author);
  }

  async function draft(content = 'Reunião amanhã às 19h na associação. Contamos com você!'): Promise<Shot> {
    const res = await mkt('POST', BASE, body(segmentCode, content));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  const shotRow = (code: number) =>
    withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shots')
        .select(['status', 'sms_parts', 'total_contacts', 'total_dropped', 'sender_id', 'error_reason'])
        .where('id', '=', String(code))
        .executeTakeFirstOrThrow(),
    );

  const recipients = (tenantId: string, code: number) =>
    withTenant(t.db, tenantId, ({ trx }) =>
      trx
        .selectFrom('mkt_shot_recipients')
        .select(['address', 'status', 'message'])
        .where('shot_id', '=', String(code))
        .orderBy('person_id')
        .execute(),
    );

  const shotCount = () =>
    withTenant(t.db, s.tenant.id, async ({ trx }) =>
      Number(
        (
          await trx
            .selectFrom('mkt_shots')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

  /** Sends the shot and runs its freeze (its dispatch lanes removed: sending is the dispatch tests' subject). */
  async function sendAndFreeze(setup: MarketingSetup, code: number) {
    const sent = await mktCall(t, setup.tenant, setup.token, 'POST', `${BASE}/send/${code}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await shotFreezeHandler(t.app)({
      tenantId: setup.tenant.id,
      tenantSlug: setup.tenant.slug,
      shotId: String(code),
    });
    await t.db.kysely.deleteFrom('jobs').where('singleton_key', 'like', `shot:${code}:%`).execute();
    return sent.body.data as Shot;
  }

  const inTwoDays = () => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    return `${d.toISOString().slice(0, 10)} 10:00`;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    segmentCode = await setUp(s, 100, null);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to save or send an SMS before the identification is configured (409)', async () => {
    const settings = await mkt('GET', '/api/mkt/sms/settings');
    expect(settings.body.data).toEqual({
      senderIdentification: null,
      quietHours: null,
      defaultQuietHours: t.app.config.sms.quietHours,
    });
    const before = await shotCount();
    const res = await mkt('POST', BASE, body(segmentCode, 'Oi'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SMS_TEXTS.notConfigured);
    expect(await shotCount()).toBe(before);

    const saved = await mkt('PUT', '/api/mkt/sms/settings', {
      senderIdentification: IDENTIFICATION,
      quietHours: '22-07',
    });
    expect(saved.body.data).toMatchObject({ senderIdentification: IDENTIFICATION, quietHours: '22-7' });
    const reset = await mkt('PUT', '/api/mkt/sms/settings', {
      senderIdentification: IDENTIFICATION,
      quietHours: null,
    });
    expect(reset.body.data.quietHours).toBeNull();
  });

  it('saves, reads, lists, edits, clones and removes an SMS draft, counted with the identification', async () => {
    const shot = await draft('Oi {{primeiro_nome}}, reuniao amanha as 19h.');
    expect(shot).toMatchObject({
      type: 'SMS',
      status: 'DRAFT',
      subject: null,
      sender: null,
      content: 'Oi {{primeiro_nome}}, reuniao amanha as 19h.',
      destination: { segment: { code: segmentCode, name: 'Todos', type: 'PERSON' } },
      // Ana, Bruno and Maria: the landline, the invalid number, the opted-out one and no phone are not counted
      totalContacts: 3,
      smsParts: 1,
    });
    expect((await shotRow(shot.code)).sender_id).toBeNull();
    expect((await mkt('GET', `${BASE}/${shot.code}`)).body.data).toEqual(shot);
    const listed = await mkt('GET', `${BASE}?status=DRAFT&itemsPerPage=50`);
    expect(listed.body.data.list.map((x: Shot) => x.code)).toContain(shot.code);
    const emails = await mkt('GET', '/api/mkt/emails/campaign?itemsPerPage=50');
    expect(emails.body.data.list.map((x: Shot) => x.code)).not.toContain(shot.code);

    const edited = await mkt('PUT', `${BASE}/${shot.code}`, body(segmentCode, `Atenção: ${'a'.repeat(100)}`));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // 'Gab. Vereadora: ' + 109 characters in UCS-2: 125 units, two parts of 67
    expect(edited.body.data).toMatchObject({ content: `Atenção: ${'a'.repeat(100)}`, smsParts: 2 });

    const clone = await mkt('POST', `${BASE}/clone/${shot.code}`);
    expect(clone.body.data).toMatchObject({
      status: 'DRAFT',
      // issue 40: told apart from its source by its name; the message sent and its parts are the source's
      name: `${edited.body.data.content} (cópia)`,
      content: edited.body.data.content,
      smsParts: 2,
    });
    expect(clone.body.data.code).not.toBe(shot.code);

    expect((await mkt('DELETE', `${BASE}/${clone.body.data.code}`)).body.data).toEqual({
      code: clone.body.data.code,
    });
    expect((await mkt('GET', `${BASE}/${clone.body.data.code}`)).status).toBe(404);
  });

  it("names a clone '… (cópia)' on one line, its message and parts untouched: no 'ó' turns it UCS-2 (issue 40)", async () => {
    // GSM-7, one part: a suffix in the message would have made it UCS-2
    const shot = await draft('Oi {{primeiro_nome}},\nreuniao amanha.');
    expect(shot).toMatchObject({ name: null, smsParts: 1 });
    const clone = await mkt('POST', `${BASE}/clone/${shot.code}`);
    expect(clone.status, JSON.stringify(clone.body)).toBe(200);
    expect(clone.body.data).toMatchObject({
      name: 'Oi {{primeiro_nome}}, reuniao amanha. (cópia)',
      content: shot.content,
      smsParts: 1,
    });
    const again = await mkt('POST', `${BASE}/clone/${clone.body.data.code}`);
    expect(again.body.data).toMatchObject({
      name: 'Oi {{primeiro_nome}}, reuniao amanha. (cópia 2)',
      content: shot.content,
      smsParts: 1,
    });

    // a named SMS: the name travels, cut to its 120 characters never inside a merge tag
    const named = await mkt('POST', BASE, {
      ...body(segmentCode, 'Oi'),
      name: `${'a'.repeat(100)} {{primeiro_nome}}`,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const copy = await mkt('POST', `${BASE}/clone/${named.body.data.code}`);
    expect(copy.body.data).toMatchObject({ name: `${'a'.repeat(100)} (cópia)`, content: 'Oi' });

    // a name that is not one line, too long or not text: a pt-BR 400, nothing saved
    const before = await shotCount();
    for (const name of ['a\nb', 'n'.repeat(121), 7]) {
      const res = await mkt('POST', BASE, { ...body(segmentCode, 'Oi'), name });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.errors?.name?.[0]).toEqual(expect.any(String));
    }
    expect(await shotCount()).toBe(before);
  });

  it('refuses content that passes 160 characters with the identification and the longest name', async () => {
    const before = await shotCount();
    // 16 + 131 + 44 (the longest full name of the list) = 191
    const tooLong = await mkt('POST', BASE, body(segmentCode, `${'x'.repeat(130)} {{nome_completo}}`));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ content: [SMS_TEXTS.contentTooLong] });
    // with the first name (at most 5: 'Maria') it fits
    expect((await mkt('POST', BASE, body(segmentCode, `${'x'.repeat(130)} {{primeiro_nome}}`))).status).toBe(
      200,
    );
    const blank = await mkt('POST', BASE, body(segmentCode, '  '));
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(SMS_TEXTS.saveError);
    expect(blank.body.errors.content).toEqual([SMS_TEXTS.contentRequired]);
    const over = await mkt('POST', BASE, body(segmentCode, 'a'.repeat(161)));
    expect(over.body.errors.content).toEqual([SMS_TEXTS.contentTooLong]);
    expect(await shotCount()).toBe(before + 1);

    // an identification made longer after the save: the send refuses it too
    const shot = await draft(`${'x'.repeat(130)} {{primeiro_nome}}`);
    await mkt('PUT', '/api/mkt/sms/settings', { senderIdentification: 'G'.repeat(30), quietHours: null });
    const send = await mkt('POST', `${BASE}/send/${shot.code}`);
    await mkt('PUT', '/api/mkt/sms/settings', { senderIdentification: IDENTIFICATION, quietHours: null });
    expect(send.status).toBe(400);
    expect(send.body.errors).toEqual({ content: [SMS_TEXTS.contentTooLong] });
    expect((await shotRow(shot.code)).status).toBe('DRAFT');
  });

  it('answers the list-info of the editor: total, longest merge values, a real contact', async () => {
    const info = await mkt('GET', `/api/mkt/sms/list-info?segmentCode=${segmentCode}`);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.data).toEqual({
      total: 3,
      longest: { firstName: 5, lastName: 6, fullName: LONG_NAME.length, email: 17 },
      sample: { firstName: 'Ana', lastName: 'Souza', fullName: 'Ana Souza', email: 'p0@exemplo.com.br' },
    });
    for (const q of ['', '?segmentCode=abc', '?segmentCode=0', '?segmentCode=1&x=1', '?segmentCode=999999']) {
      const res = await mkt('GET', `/api/mkt/sms/list-info${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  it('sends: only valid mobiles frozen, the rest dropped, credits debited recipients × parts', async () => {
    const content = `Atenção: ${'a'.repeat(91)}`; // 100 characters, UCS-2
    const shot = await draft(content);
    expect(shot.smsParts).toBe(2);
    const balance = () => withTenant(t.db, s.tenant.id, (ctx) => marketingBalance(ctx, 'SMS'));
    const before = await balance();
    const sent = await sendAndFreeze(s, shot.code);
    expect(sent.status).toBe('SENDING');
    expect(await recipients(s.tenant.id, shot.code)).toEqual([
      { address: '5511987654321', status: 'PENDING', message: null },
      { address: '5511987654322', status: 'PENDING', message: null },
      { address: '5521998765432', status: 'PENDING', message: null },
      { address: '(11) 3333-4444', status: 'DROPPED', message: SMS_TEXTS.droppedLandline },
      { address: '123', status: 'DROPPED', message: SMS_TEXTS.droppedLandline },
      { address: OPTED_OUT, status: 'DROPPED', message: SHOT_TEXTS.droppedOptOut },
      { address: '', status: 'DROPPED', message: SMS_TEXTS.droppedLandline },
    ]);
    expect(await shotRow(shot.code)).toMatchObject({
      status: 'SENDING',
      sms_parts: 2,
      total_contacts: 3,
      total_dropped: 4,
    });
    expect(await balance()).toBe(before - 3 * 2);
    const dropped = await mkt('GET', `${BASE}/${shot.code}/reports/dropped`);
    expect(dropped.body.data.count).toBe(4);
    // not handed to the provider yet: nothing processed
    expect((await mkt('GET', `${BASE}/${shot.code}/reports/processed`)).body.data.count).toBe(0);
  });

  it('debits each message as the carrier bills it, merge tags filled (issue 39; sms-segments-calculator 1.3.0 agrees in the domain test)', async () => {
    const balance = () => withTenant(t.db, s.tenant.id, (ctx) => marketingBalance(ctx, 'SMS'));
    const parts = (code: number) =>
      withTenant(t.db, s.tenant.id, ({ trx }) =>
        trx
          .selectFrom('mkt_shot_recipients')
          .select(['address', 'sms_parts'])
          .where('shot_id', '=', String(code))
          .where('status', '=', 'PENDING')
          .orderBy('person_id')
          .execute(),
      );
    // the live case: 'Gab. Vereadora: ' + 50 ã + an emoji at UTF-16 index 66 + 66 ã = 134 units; the
    // emoji would start on the first part's last unit, so the carrier bills 3 parts (was 2: 6 credits
    // for 3 phones, the carrier's 9)
    const live = `${'ã'.repeat(50)}😀${'ã'.repeat(66)}`;
    const sent = `${IDENTIFICATION}: ${live}`;
    expect([sent.length, sent.indexOf('😀')]).toEqual([134, 66]);
    const shot = await draft(live);
    expect(shot.smsParts).toBe(3);
    let before = await balance();
    await sendAndFreeze(s, shot.code);
    expect(await balance()).toBe(before - 9);
    expect((await parts(shot.code)).map((r) => r.sms_parts)).toEqual([3, 3, 3]);

    // each recipient billed for their own message: the two short names fit in 2 parts, the long
    // one takes 3 (2 + 2 + 3 = 7 credits, not 3 × 3 at the list's longest name)
    const named = await draft(`Olá {{nome_completo}} ${'ã'.repeat(80)}`);
    expect(named.smsParts).toBe(3);
    before = await balance();
    await sendAndFreeze(s, named.code);
    expect((await parts(named.code)).map((r) => r.sms_parts)).toEqual([2, 2, 3]);
    expect(await balance()).toBe(before - 7);
    expect(await shotRow(named.code)).toMatchObject({ sms_parts: 3, total_contacts: 3 });
  });

  it('reports the SMS tabs: processed, delivered, failed, dropped, replied to opt out', async () => {
    const shot = await draft('Obrigado pelo apoio!');
    await sendAndFreeze(s, shot.code);
    const at = new Date('2026-03-05T15:00:00Z');
    await withTenant(t.db, s.tenant.id, async ({ trx }) => {
      const set = (address: string, values: Record<string, unknown>) =>
        trx
          .updateTable('mkt_shot_recipients')
          .set(values)
          .where('shot_id', '=', String(shot.code))
          .where('address', '=', address)
          .execute();
      await set('5511987654321', { status: 'SENT', sent_at: at, delivered_at: at, unsubscribed_at: at });
      await set('5511987654322', { status: 'FAILED', sent_at: at, message: 'Número inexistente' });
      await set('5521998765432', {
        status: 'BOUNCED',
        sent_at: at,
        bounced_at: new Date(at.getTime() + 60_000),
      });
    });
    const tab = async (key: string) => (await mkt('GET', `${BASE}/${shot.code}/reports/${key}`)).body.data;
    expect((await tab('processed')).count).toBe(3);
    expect((await tab('delivered')).count).toBe(1);
    const failed = await tab('failed');
    expect(failed.list).toEqual([
      { contact: '5511987654322', message: 'Número inexistente', at: at.toISOString() },
      { contact: '5521998765432', message: '', at: new Date(at.getTime() + 60_000).toISOString() },
    ]);
    expect((await tab('dropped')).count).toBe(4);
    expect((await tab('unsubscribe')).list).toEqual([
      { contact: '5511987654321', message: SMS_TEXTS.repliedOptOut, at: at.toISOString() },
    ]);
    // the e-mail tabs are not SMS's, and SMS's 'failed' is not e-mail's
    for (const key of ['open', 'bounce', 'spamReport', '__proto__']) {
      expect((await mkt('GET', `${BASE}/${shot.code}/reports/${key}`)).status, key).toBe(400);
    }
    expect((await mkt('GET', `/api/mkt/emails/campaign/${shot.code}/reports/failed`)).status).toBe(400);
  });

  it('schedules and unschedules an SMS draft', async () => {
    const shot = await draft('Lembrete: audiencia publica na quinta.');
    const scheduled = await mkt('POST', `${BASE}/schedule/${shot.code}`, { scheduleDate: inTwoDays() });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.data).toMatchObject({ status: 'SCHEDULED', totalContacts: 3, smsParts: 1 });
    const back = await mkt('POST', `${BASE}/unschedule/${shot.code}`);
    expect(back.body.data).toMatchObject({ status: 'DRAFT', scheduleDate: null });
  });

  it('refuses to send or schedule when the SMS balance does not cover recipients × parts', async () => {
    const poor = await marketingSetup(t);
    // 3 recipients × 2 parts = 6 credits: 6 is not enough (the last credit is never spent)
    const list = await setUp(poor, 6);
    const created = await mktCall(
      t,
      poor.tenant,
      poor.token,
      'POST',
      BASE,
      body(list, `Atenção: ${'a'.repeat(91)}`),
    );
    expect(created.body.data.smsParts).toBe(2);
    const code = created.body.data.code as number;
    for (const [action, payload] of [
      ['send', undefined],
      ['schedule', { scheduleDate: inTwoDays() }],
    ] as const) {
      const res = await mktCall(t, poor.tenant, poor.token, 'POST', `${BASE}/${action}/${code}`, payload);
      expect(res.status, action).toBe(409);
      expect(res.body.message).toBe(SHOT_TEXTS.insufficientBalance);
    }
    // one part fits
    const short = await mktCall(t, poor.tenant, poor.token, 'POST', BASE, body(list, 'Oi'));
    await sendAndFreeze(poor, short.body.data.code);
    expect(await withTenant(t.db, poor.tenant.id, (ctx) => marketingBalance(ctx, 'SMS'))).toBe(3);
  });

  it('ends the freeze in ERROR, debiting nothing, when the identification is gone', async () => {
    const other = await marketingSetup(t);
    const list = await setUp(other, 100);
    const created = await mktCall(t, other.tenant, other.token, 'POST', BASE, body(list, 'Oi'));
    const code = created.body.data.code as number;
    const sent = await mktCall(t, other.tenant, other.token, 'POST', `${BASE}/send/${code}`);
    expect(sent.status).toBe(200);
    await withTenant(t.db, other.tenant.id, ({ trx }) => trx.deleteFrom('mkt_sms_settings').execute());
    await shotFreezeHandler(t.app)({
      tenantId: other.tenant.id,
      tenantSlug: other.tenant.slug,
      shotId: String(code),
    });
    const row = await withTenant(t.db, other.tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shots')
        .select(['status', 'error_reason'])
        .where('id', '=', String(code))
        .executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ status: 'ERROR', error_reason: SMS_TEXTS.notConfigured });
    expect(await recipients(other.tenant.id, code)).toEqual([]);
    expect(await withTenant(t.db, other.tenant.id, (ctx) => marketingBalance(ctx, 'SMS'))).toBe(100);
  });

  it('refuses a user without ROLE_MARKETING (403) and another tenant (404)', async () => {
    const shot = await draft();
    const other = await signedIn(t, s.tenant, ['ROLE_MARKETING', 'ROLE_CRM'], 'Outra');
    const otherToken = await marketingToken(t, other.headers, s.tenant.slug);
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('users')
        .set({ permissions: ['ROLE_CRM'] })
        .where('code', '=', other.user.code)
        .execute(),
    );
    for (const [method, url, payload] of [
      ['GET', BASE, undefined],
      ['POST', BASE, body(segmentCode, 'Oi')],
      ['GET', `${BASE}/${shot.code}`, undefined],
      ['POST', `${BASE}/send/${shot.code}`, undefined],
      ['GET', `/api/mkt/sms/list-info?segmentCode=${segmentCode}`, undefined],
      ['GET', '/api/mkt/sms/settings', undefined],
      ['PUT', '/api/mkt/sms/settings', { senderIdentification: 'Outra', quietHours: null }],
    ] as const) {
      expect((await mkt(method, url, payload, otherToken)).status, `${method} ${url}`).toBe(403);
    }

    const stranger = await marketingSetup(t);
    for (const [method, url, payload] of [
      ['GET', `${BASE}/${shot.code}`, undefined],
      ['PUT', `${BASE}/${shot.code}`, body(1, 'Oi')],
      ['DELETE', `${BASE}/${shot.code}`, undefined],
      ['POST', `${BASE}/clone/${shot.code}`, undefined],
      ['POST', `${BASE}/send/${shot.code}`, undefined],
      ['POST', `${BASE}/schedule/${shot.code}`, { scheduleDate: inTwoDays() }],
      ['GET', `${BASE}/${shot.code}/reports/failed`, undefined],
    ] as const) {
      const res = await mktCall(t, stranger.tenant, stranger.token, method, url, payload);
      // the stranger has no identification: the PUT stops there first (409), never touching the shot
      expect([404, 409], `${method} ${url}`).toContain(res.status);
    }
    await mktCall(t, stranger.tenant, stranger.token, 'PUT', '/api/mkt/sms/settings', {
      senderIdentification: 'Estranho',
      quietHours: null,
    });
    const put = await mktCall(
      t,
      stranger.tenant,
      stranger.token,
      'PUT',
      `${BASE}/${shot.code}`,
      body(1, 'Oi'),
    );
    expect(put.status).toBe(404);
    expect(put.body.message).toBe(SMS_TEXTS.notFound);
    const settings = await mkt('GET', '/api/mkt/sms/settings');
    expect(settings.body.data.senderIdentification).toBe(IDENTIFICATION);
    expect((await mkt('GET', `${BASE}/${shot.code}`)).body.data).toEqual(shot);
    // an e-mail shot is not found under SMS
    const email = await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .insertInto('mkt_shots')
        .values({ tenant_id: s.tenant.id, channel: 'EMAIL', subject: 'Oi' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    expect((await mkt('GET', `${BASE}/${email.id}`)).status).toBe(404);
  });

  it('answers hostile bodies with a pt-BR 400 and changes nothing', async () => {
    const shot = await draft();
    const before = await shotCount();
    const valid = body(segmentCode, 'Oi {{primeiro_nome}}');
    const bodies: [string, unknown][] = [
      ['unknown key', { ...valid, extra: 1 }],
      ['senderCode (e-mail only)', { ...valid, senderCode: 1 }],
      ['__proto__ key', JSON.parse(`{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`)],
      ['constructor key', { ...valid, constructor: { prototype: {} } }],
      ['nested unknown key', { ...valid, destination: { segment: { code: segmentCode, x: 1 } } }],
      ['control characters', { ...valid, content: 'Oi\u0000mundo' }],
      ['content as number', { ...valid, content: 12 }],
      ['1 MB content', { ...valid, content: 'a'.repeat(1_000_000) }],
      ['no content', { destination: valid.destination }],
      ['no list', { content: 'Oi' }],
      ['array body', [valid]],
      ['huge segment code', { ...valid, destination: { segment: { code: 1e20 } } }],
    ];
    for (const [label, payload] of bodies) {
      for (const [method, url] of [
        ['POST', BASE],
        ['PUT', `${BASE}/${shot.code}`],
      ] as const) {
        const res = await t.api.inject({
          method,
          url,
          headers: {
            'x-schema': s.tenant.slug,
            authorization: `Bearer ${s.token}`,
            'content-type': 'application/json',
          },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${label} ${method}`).toBe(400);
        // control characters are refused before the schema, with the general text
        if (label !== 'control characters') expect(res.json().message, label).toBe(SMS_TEXTS.saveError);
        expect(JSON.stringify(res.json()), label).not.toMatch(/Internal|Error:|undefined/);
      }
    }
    for (const payload of [
      { senderIdentification: 'Gab', quietHours: null, extra: 1 },
      { senderIdentification: 'Gab\u0000', quietHours: null },
      { senderIdentification: 12, quietHours: null },
      { senderIdentification: 'Gab', quietHours: '25-3' },
      { senderIdentification: 'x'.repeat(100_000), quietHours: null },
      JSON.parse('{"__proto__":{"admin":true},"senderIdentification":"Gab","quietHours":null}'),
    ]) {
      const res = await mkt('PUT', '/api/mkt/sms/settings', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await shotCount()).toBe(before);
    expect((await mkt('GET', `${BASE}/${shot.code}`)).body.data).toEqual(shot);
    expect((await mkt('GET', '/api/mkt/sms/settings')).body.data.senderIdentification).toBe(IDENTIFICATION);
  });
});
