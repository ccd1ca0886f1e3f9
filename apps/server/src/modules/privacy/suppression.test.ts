import { PRIVACY_TEXTS, SHOT_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, call } from '../../test/crm-factories.ts';
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
import { postImport, xlsxOf } from '../../test/xlsx-fixture.ts';

const GONE = { email: 'titular.apagada@exemplo.com.br', cellphone: '(81) 99876-5432' };

/**
 * Someone anonymised or deleted at their request stays out: an import skips their e-mail or phone
 * with the reason, a sponsor sign-up with them is answered alike and writes nothing, and a shot
 * leaves their address out as opted out.
 */
describe(`the suppression list (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    const person = await buildPerson(t, s.author, { name: 'Titular Apagada', ...GONE });
    const request = await call(t, s.author, 'POST', '/api/privacy/requests', {
      personCode: String(person.code),
      kind: 'DELETION',
      channel: 'LETTER',
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    const done = await call(t, s.author, 'POST', `/api/privacy/requests/${request.body.data.code}/fulfil`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });
  afterAll(() => t.close());

  const peopleNamed = (name: string) =>
    withTenant(t.db, s.tenant.id, async ({ trx }) =>
      (await trx.selectFrom('people').select('email').where('name', '=', name).execute()).map((r) => r.email),
    );

  it('an import skips the rows with a suppressed e-mail or phone, with the reason in its log', async () => {
    const rows = [
      { nome: 'Volta Pelo Email', email: GONE.email },
      { nome: 'Volta Pelo Celular', celular: '81998765432' },
      { nome: 'Pessoa Nova', email: 'nova@exemplo.com.br' },
    ];
    const res = await postImport(t, s.author.headers, await xlsxOf(rows as never), {
      updateBehavior: 'SKIP',
      type: 'PERSON',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.worker.drain();
    const code = res.body.data.code;
    const status = (await call(t, s.author, 'GET', `/api/people/imports/${code}/status`)).body.data;
    expect([status.status, status.totalSuccess, status.totalSkip, status.totalError]).toEqual([
      'CONCLUDED',
      1,
      2,
      0,
    ]);
    const logs = (await call(t, s.author, 'GET', `/api/people/imports/${code}/logs`)).body.data.list;
    expect(logs.map((l: { line: number; text: string }) => [l.line, l.text])).toEqual([
      [2, PRIVACY_TEXTS.suppressedSkip],
      [3, PRIVACY_TEXTS.suppressedSkip],
    ]);
    expect(await peopleNamed('Volta Pelo Email')).toEqual([]);
    expect(await peopleNamed('Pessoa Nova')).toEqual(['nova@exemplo.com.br']);
  });

  it('a sponsor sign-up with a suppressed e-mail is answered alike and creates no one', async () => {
    const form = await call(t, s.author, 'PUT', '/api/sys-admin/parameter/godfather-form', {
      title: 'Junte-se a nós',
      description: 'Cadastro de apoiadores',
      terms: '<p>Seus dados serão usados pelo mandato.</p>',
      fields: [
        { name: 'name', isRequired: true },
        { name: 'email', isRequired: true },
      ],
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const godfather = await buildPerson(t, s.author, { name: 'Madrinha' });
    const link = (await call(t, s.author, 'POST', `/api/people/godfather/${godfather.code}/invite`)).body
      .data;
    const signUp = (name: string, email: string, ip: string) =>
      t.api.inject({
        method: 'POST',
        url: `/api/people/godfather-form/${link.code}`,
        headers: { 'x-schema': s.tenant.slug, 'user-agent': 'Navegador/1.0' },
        remoteAddress: ip,
        payload: { name, email, acceptedTerms: true, termsVersion: form.body.data.termsVersion },
      });
    const back = await signUp('Volta Pelo Formulário', GONE.email.toUpperCase(), '10.9.0.1');
    const fresh = await signUp('Apoiadora Nova', 'apoiadora@exemplo.com.br', '10.9.0.2');
    expect([back.statusCode, fresh.statusCode]).toEqual([200, 200]);
    expect(Object.keys(back.json().data)).toEqual(Object.keys(fresh.json().data));
    expect(back.json().data.link.path).toMatch(/^\/.+-\d{3,}$/);
    expect(await peopleNamed('Volta Pelo Formulário')).toEqual([]);
    const pending = await withTenant(t.db, s.tenant.id, async ({ trx }) =>
      trx.selectFrom('sponsor_pending_signups').select('id').execute(),
    );
    expect(pending).toEqual([]);
    expect(await peopleNamed('Apoiadora Nova')).toEqual(['apoiadora@exemplo.com.br']);
    const consents = await withTenant(t.db, s.tenant.id, async ({ trx }) =>
      trx.selectFrom('person_consents').select(['source', 'lawful_basis', 'terms_hash']).execute(),
    );
    expect(consents).toEqual([
      { source: 'SPONSOR_FORM', lawful_basis: 'CONSENT', terms_hash: form.body.data.termsVersion },
    ]);
  });

  it('a shot leaves a suppressed address out, counted as dropped', async () => {
    await grantEmailCredits(t.db, s.tenant.id, 10);
    // someone typed the address again by hand: the shot still does not reach it
    await insertPeople(t.db, s.tenant.id, s.authorId, [GONE.email, 'recebe@exemplo.com.br'], 'Destino');
    const segment = await allPeopleSegment(t, s.author);
    const base = '/api/mkt/emails/campaign';
    const created = await mktCall(t, s.tenant, s.token, 'POST', base, emailBody(s.senderCode, segment));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sent = await mktCall(t, s.tenant, s.token, 'POST', `${base}/send/${created.body.data.code}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await t.worker.drain();
    const frozen = await withTenant(t.db, s.tenant.id, async ({ trx }) =>
      trx
        .selectFrom('mkt_shot_recipients')
        .select(['address', 'status', 'message'])
        .where('shot_id', '=', String(created.body.data.code))
        .where('address', 'in', [GONE.email, 'recebe@exemplo.com.br'])
        .orderBy('address', 'desc')
        .execute(),
    );
    expect(frozen).toEqual([
      { address: GONE.email, status: 'DROPPED', message: SHOT_TEXTS.droppedOptOut },
      { address: 'recebe@exemplo.com.br', status: 'PENDING', message: null },
    ]);
  });

  it("records the person's opt-out when they unsubscribe from a shot (shown in their privacy)", async () => {
    const recipient = await withTenant(t.db, s.tenant.id, async ({ trx }) =>
      trx
        .selectFrom('mkt_shot_recipients')
        .select(['person_id', 'link_id'])
        .where('address', '=', 'recebe@exemplo.com.br')
        .executeTakeFirstOrThrow(),
    );
    const res = await t.api.inject({
      method: 'POST',
      url: `/api/public/unsubscribe/${recipient.link_id}`,
      payload: { confirm: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const privacy = await call(t, s.author, 'GET', `/api/people/${recipient.person_id}/privacy`);
    expect(privacy.body.data.optOuts).toEqual([{ channel: 'EMAIL', source: 'LINK', at: expect.any(String) }]);
  });
});
