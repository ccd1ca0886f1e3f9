import { MESSAGES, SHOT_TEXTS, type Shot } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import {
  allPeopleSegment,
  emailBody,
  grantEmailCredits,
  insertPeople,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const BASE = '/api/mkt/emails/campaign';

describe(`shots API (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  let segmentCode: number;

  const mkt = (method: string, url: string, payload?: unknown, bearer = s.token) =>
    mktCall(t, s.tenant, bearer, method, url, payload);

  async function draft(overrides: Record<string, unknown> = {}): Promise<Shot> {
    const res = await mkt('POST', BASE, emailBody(s.senderCode, segmentCode, overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  /** A shot put in `status` directly (the states the lifecycle reaches through jobs). */
  async function inStatus(status: 'SENDING' | 'SENT' | 'ERROR'): Promise<Shot> {
    const shot = await draft({ subject: `Envio ${status}` });
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('mkt_shots')
        .set({ status, start_date: new Date() })
        .where('id', '=', String(shot.code))
        .execute(),
    );
    return { ...shot, status };
  }

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

  const inTwoDays = () => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    return d.toISOString().slice(0, 10);
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    await insertPeople(t.db, s.tenant.id, s.authorId, [
      'ana@exemplo.com.br',
      'bruno@exemplo.com.br',
      'invalido',
      null,
    ]);
    segmentCode = await allPeopleSegment(t, s.author);
    await grantEmailCredits(t.db, s.tenant.id, 100);
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a DRAFT with the list counted again, its name and type kept, the HTML prepared', async () => {
    const shot = await draft({ totalContacts: 999 });
    expect(shot).toMatchObject({
      type: 'EMAIL',
      status: 'DRAFT',
      subject: 'Convite para a audiência pública',
      sender: { code: s.senderCode, name: 'Gabinete' },
      destination: { segment: { code: segmentCode, name: 'Todos', type: 'PERSON' } },
      totalContacts: 2,
      totalDelivered: 0,
      jsonContent: { pages: [{ component: 'texto' }] },
      scheduleDate: null,
    });
    expect(shot.htmlContent).toContain('Olá {{primeiro_nome}}');
    const stored = await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shots')
        .select(['text_content', 'created_by'])
        .where('id', '=', String(shot.code))
        .executeTakeFirstOrThrow(),
    );
    expect(stored.text_content).toContain('Olá');
    expect(String(stored.created_by)).toBe(s.authorId);

    const read = await mkt('GET', `${BASE}/${shot.code}`);
    expect(read.body.data).toEqual(shot);
    const edited = await mkt(
      'PUT',
      `${BASE}/${shot.code}`,
      emailBody(s.senderCode, segmentCode, { subject: 'Novo' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.subject).toBe('Novo');
  });

  it("saves to the special list 'Pessoas' (code 1): everyone the author may see", async () => {
    const shot = await draft({ destination: { segment: { code: 1 } } });
    expect(shot.destination).toEqual({ segment: { code: 1, name: 'Pessoas', query: null, type: 'PERSON' } });
    expect(shot.totalContacts).toBe(2);
  });

  it('refuses a sender that cannot send and a list nobody on it can receive', async () => {
    const before = await shotCount();
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('mkt_senders')
        .set({ status: 'INACTIVE' })
        .where('id', '=', String(s.senderCode))
        .execute(),
    );
    const inactive = await mkt('POST', BASE, emailBody(s.senderCode, segmentCode));
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('mkt_senders')
        .set({ status: 'ACTIVE' })
        .where('id', '=', String(s.senderCode))
        .execute(),
    );
    expect(inactive.status).toBe(400);
    expect(inactive.body.errors.senderCode).toEqual([SHOT_TEXTS.senderNotActive]);
    expect((await mkt('POST', BASE, emailBody(99_999, segmentCode))).status).toBe(400);

    const list = (name: string, type: string, expression: unknown) =>
      t.api.inject({
        method: 'POST',
        url: '/api/segments',
        headers: s.author.headers,
        payload: { name, type, expression },
      });
    const nobody = await list('Conquistados', 'PERSON', [
      { units: [{ field: 'vote', operator: '=', values: ['CONQUERED'] }] },
    ]);
    expect(nobody.statusCode, nobody.body).toBe(200);
    const companies = await list('Empresas', 'COMPANY', []);
    expect(companies.statusCode, companies.body).toBe(200);
    // 3 is the special list of voting places (no e-mail), 50 no list at all
    for (const code of [nobody.json().data.code, companies.json().data.code, 99_997, 3, 50]) {
      const res = await mkt('POST', BASE, emailBody(s.senderCode, code));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(SHOT_TEXTS.emptySegment);
    }
    expect(await shotCount()).toBe(before);
  });

  it('moves DRAFT → SCHEDULED → DRAFT → SENDING and refuses what a status does not allow', async () => {
    const shot = await draft();
    const url = (action: string) => `${BASE}/${action}/${shot.code}`;
    // schedule: past, too far, not a date
    for (const [scheduleDate, message] of [
      ['2020-01-01 10:00', SHOT_TEXTS.scheduleInPast],
      [`${new Date().getUTCFullYear() + 2}-01-01 10:00`, SHOT_TEXTS.scheduleTooFar],
      ['2026-02-30 10:00', SHOT_TEXTS.invalidScheduleDate],
      ['amanhã', SHOT_TEXTS.invalidScheduleDate],
      [`${inTwoDays()} 09:30:61`, SHOT_TEXTS.invalidScheduleDate],
    ] as const) {
      const res = await mkt('POST', url('schedule'), { scheduleDate });
      expect(res.status, scheduleDate).toBe(400);
      expect(res.body.errors.scheduleDate).toEqual([message]);
    }
    expect((await mkt('POST', url('unschedule'))).status).toBe(409);

    const scheduled = await mkt('POST', url('schedule'), { scheduleDate: `${inTwoDays()} 09:30` });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.data.status).toBe('SCHEDULED');
    // 09:30 in São Paulo is 12:30 UTC
    expect(scheduled.body.data.scheduleDate).toBe(`${inTwoDays()}T12:30:00.000Z`);
    const edit = await mkt('PUT', `${BASE}/${shot.code}`, emailBody(s.senderCode, segmentCode));
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(SHOT_TEXTS.notEditable);
    expect((await mkt('DELETE', `${BASE}/${shot.code}`)).status).toBe(409);
    expect((await mkt('POST', url('schedule'), { scheduleDate: `${inTwoDays()} 10:00` })).status).toBe(409);
    expect((await mkt('POST', url('send'))).status).toBe(409);

    const unscheduled = await mkt('POST', url('unschedule'));
    expect(unscheduled.body.data).toMatchObject({ status: 'DRAFT', scheduleDate: null });

    // spec 1 §5's outgoing form, with seconds, as people-contacts takes it: São Paulo time too
    for (const [scheduleDate, instant] of [
      [`${inTwoDays()} 09:30:45`, `${inTwoDays()}T12:30:45.000Z`],
      [`${inTwoDays()}T18:05:00`, `${inTwoDays()}T21:05:00.000Z`],
    ] as const) {
      const withSeconds = await mkt('POST', url('schedule'), { scheduleDate });
      expect(withSeconds.status, JSON.stringify(withSeconds.body)).toBe(200);
      expect(withSeconds.body.data).toMatchObject({ status: 'SCHEDULED', scheduleDate: instant });
      expect((await mkt('POST', url('unschedule'))).body.data.status).toBe('DRAFT');
    }

    const sent = await mkt('POST', url('send'));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'SENDING', totalContacts: 2 });
    const again = await mkt('POST', url('send'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SHOT_TEXTS.sendingNow);
    expect((await mkt('POST', url('unschedule'))).status).toBe(409);
    expect((await mkt('DELETE', `${BASE}/${shot.code}`)).body.message).toBe(SHOT_TEXTS.onlyDraftRemovable);
    // the freeze is queued, not run by the request
    const freeze = await t.db.kysely
      .selectFrom('jobs')
      .select('payload')
      .where('queue', '=', 'shots.freeze')
      .where('singleton_key', '=', `shot:${shot.code}:freeze`)
      .execute();
    expect(freeze).toHaveLength(1);
  });

  it('refuses to send or schedule without enough balance (the last credit is never spent)', async () => {
    const poor = await marketingSetup(t);
    await insertPeople(t.db, poor.tenant.id, poor.authorId, ['a@exemplo.com.br', 'b@exemplo.com.br']);
    const list = await allPeopleSegment(t, poor.author);
    await grantEmailCredits(t.db, poor.tenant.id, 2);
    const created = await mktCall(t, poor.tenant, poor.token, 'POST', BASE, emailBody(poor.senderCode, list));
    const code = created.body.data.code;
    const send = await mktCall(t, poor.tenant, poor.token, 'POST', `${BASE}/send/${code}`);
    expect(send.status).toBe(409);
    expect(send.body.message).toBe(SHOT_TEXTS.insufficientBalance);
    const schedule = await mktCall(t, poor.tenant, poor.token, 'POST', `${BASE}/schedule/${code}`, {
      scheduleDate: `${inTwoDays()} 09:30`,
    });
    expect(schedule.status).toBe(409);
    const again = await mktCall(t, poor.tenant, poor.token, 'GET', `${BASE}/${code}`);
    expect(again.body.data.status).toBe('DRAFT');
  });

  it('clones a shot of every status as a new DRAFT with the same subject, content, sender and list', async () => {
    const sources = [
      await draft({ subject: 'Rascunho' }),
      await inStatus('SENDING'),
      await inStatus('SENT'),
      await inStatus('ERROR'),
    ];
    const scheduled = await draft({ subject: 'Agendado' });
    await mkt('POST', `${BASE}/schedule/${scheduled.code}`, { scheduleDate: `${inTwoDays()} 08:00` });
    sources.push({ ...scheduled, status: 'SCHEDULED' });
    for (const source of sources) {
      const res = await mkt('POST', `${BASE}/clone/${source.code}`);
      expect(res.status, source.status).toBe(200);
      const clone = res.body.data as Shot;
      expect(clone.code).not.toBe(source.code);
      expect(clone).toMatchObject({
        status: 'DRAFT',
        // issue 40: told apart from its source by its name; the subject recipients get is the source's
        name: `${source.subject} (cópia)`,
        subject: source.subject,
        htmlContent: source.htmlContent,
        jsonContent: source.jsonContent,
        sender: source.sender,
        destination: source.destination,
        scheduleDate: null,
        startDate: null,
      });
    }
    expect((await mkt('POST', `${BASE}/clone/99999`)).status).toBe(404);
  });

  it("names a clone '… (cópia)', a copy of a copy '… (cópia 2)', its subject untouched (issue 40)", async () => {
    const source = await draft({ subject: 'Convite: plenária do bairro' });
    expect(source.name).toBeNull();
    const first = (await mkt('POST', `${BASE}/clone/${source.code}`)).body.data as Shot;
    expect(first).toMatchObject({ name: 'Convite: plenária do bairro (cópia)', subject: source.subject });
    const second = (await mkt('POST', `${BASE}/clone/${first.code}`)).body.data as Shot;
    expect(second).toMatchObject({ name: 'Convite: plenária do bairro (cópia 2)', subject: source.subject });

    // a named shot: its clone is named after the name, not the subject
    const named = await draft({ name: 'Boletim de março', subject: 'Notícias do mandato' });
    expect(named.name).toBe('Boletim de março');
    const copy = (await mkt('POST', `${BASE}/clone/${named.code}`)).body.data as Shot;
    expect(copy).toMatchObject({ name: 'Boletim de março (cópia)', subject: 'Notícias do mandato' });

    // a subject at its 250-character limit: the name is cut to its 120, never inside an emoji
    const long = `${'a'.repeat(244)}🎉🎉🎉`;
    const full = await draft({ subject: long });
    const clone = (await mkt('POST', `${BASE}/clone/${full.code}`)).body.data as Shot;
    expect(clone.subject).toBe(long);
    expect(clone.name).toBe(`${'a'.repeat(112)} (cópia)`);
    const stored = await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shots')
        .select(['name', 'subject'])
        .where('id', '=', String(clone.code))
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ name: `${'a'.repeat(112)} (cópia)`, subject: long });
  });

  it("keeps a shot's name: a PUT without it leaves it, an empty one clears it; a bad one is a pt-BR 400 (issue 40)", async () => {
    const shot = await draft({ name: '  Boletim de abril ' });
    expect(shot.name).toBe('Boletim de abril');
    const put = (overrides: Record<string, unknown>) =>
      mkt('PUT', `${BASE}/${shot.code}`, emailBody(s.senderCode, segmentCode, overrides));
    expect((await put({ subject: 'Outro assunto' })).body.data).toMatchObject({
      name: 'Boletim de abril',
      subject: 'Outro assunto',
    });
    expect((await put({ name: 'Boletim de maio' })).body.data.name).toBe('Boletim de maio');
    expect((await put({ name: '' })).body.data.name).toBeNull();

    const before = await shotCount();
    for (const [name, message] of [
      ['n'.repeat(121), SHOT_TEXTS.nameTooLong],
      ['Boletim\nde maio', MESSAGES.singleLine],
      ['Boletim\u0000', MESSAGES.controlCharacters],
      [{ texto: 'x' }, undefined],
    ] as const) {
      const res = await mkt('POST', BASE, emailBody(s.senderCode, segmentCode, { name }));
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      if (message) expect(res.body.errors?.name ?? [res.body.message]).toContain(message);
      const edit = await put({ name });
      expect(edit.status).toBe(400);
    }
    expect(await shotCount()).toBe(before);
    expect((await mkt('GET', `${BASE}/${shot.code}`)).body.data.name).toBeNull();
  });

  it('lists by status with ordering and paging, totals in one answer', async () => {
    const all = await mkt('GET', `${BASE}?itemsPerPage=100`);
    expect(all.status).toBe(200);
    const codes = (all.body.data.list as Shot[]).map((x) => x.code);
    expect(codes).toEqual([...codes].sort((a, b) => b - a));
    expect(all.body.data.total).toBe(codes.length);

    const drafts = await mkt('GET', `${BASE}?status=DRAFT&orderingCriteria=code&orderingAscending=true`);
    const draftCodes = (drafts.body.data.list as Shot[]).map((x) => x.code);
    expect((drafts.body.data.list as Shot[]).every((x) => x.status === 'DRAFT')).toBe(true);
    expect(draftCodes).toEqual([...draftCodes].sort((a, b) => a - b));

    const sent = await mkt('GET', `${BASE}?status=SENDING,SENT,ERROR&orderingCriteria=startDate`);
    expect((sent.body.data.list as Shot[]).map((x) => x.status).sort()).toEqual(
      (all.body.data.list as Shot[])
        .filter((x) => ['SENDING', 'SENT', 'ERROR'].includes(x.status))
        .map((x) => x.status)
        .sort(),
    );
    const page = await mkt('GET', `${BASE}?itemsPerPage=2&page=2`);
    expect((page.body.data.list as Shot[]).map((x) => x.code)).toEqual(codes.slice(2, 4));
    for (const bad of [
      'status=SENDO',
      'orderingCriteria=name',
      'orderingAscending=sim',
      'itemsPerPage=1000',
      'x=1',
    ]) {
      const res = await mkt('GET', `${BASE}?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('reports a tab with its count and receivers', async () => {
    const shot = await inStatus('SENT');
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .insertInto('mkt_shot_recipients')
        .values([
          {
            tenant_id: s.tenant.id,
            shot_id: String(shot.code),
            address: 'a@x.com.br',
            link_id: 'A'.repeat(22),
            status: 'SENT',
            delivered_at: new Date(),
            opened_at: new Date(),
          },
          {
            tenant_id: s.tenant.id,
            shot_id: String(shot.code),
            address: 'b@x.com.br',
            link_id: 'B'.repeat(22),
            status: 'SENT',
            delivered_at: new Date(),
          },
          {
            tenant_id: s.tenant.id,
            shot_id: String(shot.code),
            address: 'ruim',
            link_id: 'C'.repeat(22),
            status: 'DROPPED',
            message: SHOT_TEXTS.droppedInvalid,
          },
        ])
        .execute(),
    );
    const delivered = await mkt('GET', `${BASE}/${shot.code}/reports/delivered`);
    expect(delivered.status).toBe(200);
    expect(delivered.body.data).toMatchObject({ count: 2 });
    const dropped = await mkt('GET', `${BASE}/${shot.code}/reports/dropped`);
    expect(dropped.body.data).toMatchObject({ count: 1, receivers: `ruim::${SHOT_TEXTS.droppedInvalid}` });
    const read = await mkt('GET', `${BASE}/${shot.code}`);
    expect(read.body.data).toMatchObject({ totalDelivered: 2, totalOpened: 1, totalClicked: 0 });
    const listed = (await mkt('GET', `${BASE}?status=SENT`)).body.data.list.find(
      (x: Shot) => x.code === shot.code,
    );
    expect(listed).toMatchObject({ totalDelivered: 2, totalOpened: 1 });
    expect((await mkt('GET', `${BASE}/${shot.code}/reports/clicks`)).status).toBe(400);
    expect((await mkt('GET', `${BASE}/${shot.code}/reports/__proto__`)).status).toBe(400);
  });

  it('refuses a session token (401), a user without ROLE_MARKETING (403) and another tenant (404)', async () => {
    const shot = await draft();
    const session = await t.api.inject({
      method: 'GET',
      url: `${BASE}/${shot.code}`,
      headers: s.author.headers,
    });
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
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/${shot.code}`],
      ['POST', `${BASE}/send/${shot.code}`],
      ['DELETE', `${BASE}/${shot.code}`],
    ] as const) {
      expect((await mkt(method, url, undefined, otherToken)).status, url).toBe(403);
    }

    const stranger = await marketingSetup(t);
    for (const [method, url, body] of [
      ['GET', `${BASE}/${shot.code}`, undefined],
      ['PUT', `${BASE}/${shot.code}`, emailBody(stranger.senderCode, 1)],
      ['DELETE', `${BASE}/${shot.code}`, undefined],
      ['POST', `${BASE}/clone/${shot.code}`, undefined],
      ['POST', `${BASE}/send/${shot.code}`, undefined],
      ['POST', `${BASE}/unschedule/${shot.code}`, undefined],
      ['GET', `${BASE}/${shot.code}/reports/open`, undefined],
    ] as const) {
      const res = await mktCall(t, stranger.tenant, stranger.token, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message).toBe(SHOT_TEXTS.notFound);
    }
    expect((await mkt('GET', `${BASE}/${shot.code}`)).body.data.status).toBe('DRAFT');

    // a shot of the other channel is not found under this one
    const sms = await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .insertInto('mkt_shots')
        .values({ tenant_id: s.tenant.id, channel: 'SMS', content: 'Olá' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    for (const [method, url] of [
      ['GET', `${BASE}/${sms.id}`],
      ['DELETE', `${BASE}/${sms.id}`],
      ['POST', `${BASE}/send/${sms.id}`],
    ] as const) {
      expect((await mkt(method, url)).status, url).toBe(404);
    }
    const emails = (await mkt('GET', `${BASE}?itemsPerPage=100`)).body.data.list as Shot[];
    expect(emails.some((x) => x.code === Number(sms.id))).toBe(false);
  });

  it('answers hostile bodies with a pt-BR 400 and writes nothing', async () => {
    const shot = await draft();
    const before = await shotCount();
    const valid = emailBody(s.senderCode, segmentCode);
    const bodies: [string, unknown][] = [
      ['unknown key', { ...valid, extra: 1 }],
      ['__proto__ key', JSON.parse(`{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`)],
      ['constructor key', { ...valid, constructor: { prototype: {} } }],
      ['nested unknown key', { ...valid, destination: { segment: { code: segmentCode, x: 1 } } }],
      ['control characters', { ...valid, subject: 'Olá\u0000mundo' }],
      ['2 MB html', { ...valid, htmlContent: `<p>${'a'.repeat(2 * 1024 * 1024)}</p>` }],
      ['html as number', { ...valid, htmlContent: 12 }],
      ['senderCode as string', { ...valid, senderCode: String(s.senderCode) }],
      ['subject too long', { ...valid, subject: 'a'.repeat(251) }],
      ['no subject', { ...valid, subject: '' }],
      ['array body', [valid]],
      ['huge segment code', { ...valid, destination: { segment: { code: 1e20 } } }],
    ];
    for (const [label, body] of bodies) {
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
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${label} ${method}`).toBe(400);
        expect(res.json().message, label).toBeTruthy();
        expect(JSON.stringify(res.json()), label).not.toMatch(/Internal|Error:|undefined/);
      }
    }
    for (const body of [
      { scheduleDate: 12 },
      { scheduleDate: '2030-01-01 10:00', x: 1 },
      { scheduleDate: '2030-01-01\u000010:00' },
    ]) {
      const res = await mkt('POST', `${BASE}/schedule/${shot.code}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['abc', '0', '1e3', '9'.repeat(20)]) {
      expect((await mkt('GET', `${BASE}/${id}`)).status, id).toBe(400);
    }
    expect(await shotCount()).toBe(before);
    const unchanged = await mkt('GET', `${BASE}/${shot.code}`);
    expect(unchanged.body.data).toEqual(shot);
    expect(MESSAGES.validation).toBeTruthy();
  });

  it('removes a DRAFT', async () => {
    const shot = await draft();
    const res = await mkt('DELETE', `${BASE}/${shot.code}`);
    expect(res.body.data).toEqual({ code: shot.code });
    expect((await mkt('GET', `${BASE}/${shot.code}`)).status).toBe(404);
  });
});
