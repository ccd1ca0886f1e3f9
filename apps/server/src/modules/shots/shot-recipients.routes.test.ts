import { SHOT_TEXTS, type Shot, SMS_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import {
  emailBody,
  grantEmailCredits,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { grantPlan } from '../marketing/accounts.service.ts';
import { suppressionHashesOf } from '../privacy/privacy.service.ts';
import { shotFreezeHandler } from './shot-freeze.ts';

/**
 * The list of the test: name, e-mail, cellphone. Reached by both channels: Ana, Carla and Hugo.
 * Bruno repeats Ana's e-mail and mobile (typed another way), Davi opted out of both, Eva's
 * addresses are on the suppression list (a person erased at their request), Fábio's are invalid (a
 * landline), Gil has none.
 */
const PEOPLE: [string, string | null, string | null][] = [
  ['Ana Souza', 'ana@exemplo.com.br', '(11) 98765-4321'],
  ['Bruno Lima', 'ana@exemplo.com.br', '11987654321'],
  ['Carla Dias', 'carla@exemplo.com.br', '(11) 98765-4323'],
  ['Davi Saiu', 'davi@exemplo.com.br', '(11) 98765-4324'],
  ['Eva Apagada', 'eva@exemplo.com.br', '(11) 98765-4325'],
  ['Fábio Errado', 'fabio@', '(11) 3333-4444'],
  ['Gil Sem Contato', null, null],
  ['Hugo Reis', 'hugo@exemplo.com.br', '+55 21 99876-5432'],
];

/**
 * Issue 39 item 4: the count before sending is the number sent. The editors' counts (GET
 * /mkt/{emails,sms}/list-info) and the save's total apply the send's exclusions — opt-outs, the
 * suppression list, invalid and repeated addresses — through the one rule the freeze uses
 * (shot-recipients.ts). Judge: 3 for each channel, and 3 sent. Before: the save said 5 (the
 * duplicate and the suppressed counted), then the freeze left 2 more out.
 */
describe(`recipient count before sending equals the send (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  let segmentCode: number;

  const mkt = (method: string, url: string, payload?: unknown) =>
    mktCall(t, s.tenant, s.token, method, url, payload);

  async function sendAndFreeze(path: 'emails' | 'sms', code: number) {
    const sent = await mkt('POST', `/api/mkt/${path}/campaign/send/${code}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await shotFreezeHandler(t.app)({
      tenantId: s.tenant.id,
      tenantSlug: s.tenant.slug,
      shotId: String(code),
    });
    await t.db.kysely.deleteFrom('jobs').where('singleton_key', 'like', `shot:${code}:%`).execute();
    return withTenant(t.db, s.tenant.id, async ({ trx }) => ({
      shot: await trx
        .selectFrom('mkt_shots')
        .select(['status', 'total_contacts', 'total_dropped', 'error_reason'])
        .where('id', '=', String(code))
        .executeTakeFirstOrThrow(),
      recipients: await trx
        .selectFrom('mkt_shot_recipients')
        .select(['address', 'status', 'message'])
        .where('shot_id', '=', String(code))
        .orderBy('person_id')
        .execute(),
    }));
  }

  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    await withTenant(t.db, s.tenant.id, async (ctx) => {
      await ctx.trx
        .insertInto('people')
        .values(
          PEOPLE.map(([name, email, cellphone]) => ({
            tenant_id: ctx.tenantId,
            name,
            email,
            cellphone,
            created_by: s.authorId,
          })),
        )
        .execute();
      await ctx.trx
        .insertInto('mkt_opt_outs')
        .values([
          { tenant_id: ctx.tenantId, channel: 'EMAIL', address: 'davi@exemplo.com.br', source: 'link' },
          { tenant_id: ctx.tenantId, channel: 'SMS', address: '5511987654324', source: 'reply' },
        ])
        .execute();
      const hashes = suppressionHashesOf(t.app, {
        emails: ['eva@exemplo.com.br'],
        phones: ['(11) 98765-4325'],
      });
      expect(hashes).toHaveLength(2);
      await ctx.trx
        .insertInto('privacy_suppressions')
        .values(hashes.map((h) => ({ tenant_id: ctx.tenantId, kind: h.kind, hash: h.hash })))
        .execute();
      await grantPlan(ctx, { type: 'SMS', credits: 100, days: 30, extra: true });
    });
    await grantEmailCredits(t.db, s.tenant.id, 100);
    const settings = await mkt('PUT', '/api/mkt/sms/settings', {
      senderIdentification: 'Gab. Vereadora',
      quietHours: null,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const list = await t.api.inject({
      method: 'POST',
      url: '/api/segments',
      headers: s.author.headers,
      payload: { name: 'Lista com exclusões', type: 'PERSON', expression: [] },
    });
    expect(list.statusCode, list.body).toBe(200);
    segmentCode = list.json().data.code;
  });
  afterAll(async () => {
    await t.close();
  });

  it('e-mail: the editor count, the saved total and the recipients sent are the same 3', async () => {
    const info = await mkt('GET', `/api/mkt/emails/list-info?segmentCode=${segmentCode}`);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.data).toEqual({ total: 3 });
    const saved = await mkt('POST', '/api/mkt/emails/campaign', emailBody(s.senderCode, segmentCode));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data as Shot).totalContacts).toBe(3);

    const { shot, recipients } = await sendAndFreeze('emails', (saved.body.data as Shot).code);
    expect(shot).toMatchObject({
      status: 'SENDING',
      total_contacts: 3,
      total_dropped: 5,
      error_reason: null,
    });
    expect(recipients.filter((r) => r.status === 'PENDING').map((r) => r.address)).toEqual([
      'ana@exemplo.com.br',
      'carla@exemplo.com.br',
      'hugo@exemplo.com.br',
    ]);
    expect(recipients.filter((r) => r.status === 'DROPPED').map((r) => [r.address, r.message])).toEqual([
      ['ana@exemplo.com.br', SHOT_TEXTS.droppedDuplicate],
      ['davi@exemplo.com.br', SHOT_TEXTS.droppedOptOut],
      ['eva@exemplo.com.br', SHOT_TEXTS.droppedOptOut],
      ['fabio@', SHOT_TEXTS.droppedInvalid],
      ['', SHOT_TEXTS.droppedInvalid],
    ]);
  });

  it('SMS: the editor count, the saved total and the recipients sent are the same 3', async () => {
    const info = await mkt('GET', `/api/mkt/sms/list-info?segmentCode=${segmentCode}`);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.data.total).toBe(3);
    const saved = await mkt('POST', '/api/mkt/sms/campaign', {
      content: 'Reunião amanhã às 19h.',
      destination: { segment: { code: segmentCode } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data as Shot).totalContacts).toBe(3);

    const { shot, recipients } = await sendAndFreeze('sms', (saved.body.data as Shot).code);
    expect(shot).toMatchObject({ status: 'SENDING', total_contacts: 3, error_reason: null });
    expect(recipients.filter((r) => r.status === 'PENDING').map((r) => r.address)).toEqual([
      '5511987654321',
      '5511987654323',
      '5521998765432',
    ]);
    expect(recipients.filter((r) => r.status === 'DROPPED').map((r) => r.message)).toEqual([
      SHOT_TEXTS.droppedDuplicate,
      SHOT_TEXTS.droppedOptOut,
      SHOT_TEXTS.droppedOptOut,
      SMS_TEXTS.droppedLandline,
      SMS_TEXTS.droppedLandline,
    ]);
  });

  it('a list nobody is sent to is the save’s 400, and a bad segmentCode is a pt-BR 400', async () => {
    for (const q of ['segmentCode=abc', 'segmentCode=0', 'segmentCode=-1', '', 'segmentCode=1&x=1'])
      for (const path of ['emails', 'sms']) {
        const res = await mkt('GET', `/api/mkt/${path}/list-info?${q}`);
        expect(res.status, `${path} ${q}`).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
    const missing = await mkt('GET', '/api/mkt/emails/list-info?segmentCode=999999');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(SHOT_TEXTS.emptySegment);
  });
});
