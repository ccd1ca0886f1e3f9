import { PRIVACY_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { SUBJECT, seedPersonEverywhere, tablesHolding } from '../../test/privacy-person-kit.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const REQUESTS = '/api/privacy/requests';
const fulfil = (code: string, format?: string) =>
  `${REQUESTS}/${code}/fulfil${format ? `?format=${format}` : ''}`;

describe(`privacy requests (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let config: Caller;
  let crmOnly: Caller;
  let stranger: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    config = await signedIn(
      t,
      tenant,
      ['ROLE_CONFIG', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_REPORT'],
      'Encarregada',
    );
    crmOnly = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Assessor');
    stranger = await signedIn(t, other, ['ROLE_CONFIG', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Outra conta');
  });
  afterAll(() => t.close());

  /** A tenant of its own, for a test that searches the whole database for the person's values. */
  const ownTenant = async () => {
    const own = await buildTenant(t);
    return {
      own,
      caller: await signedIn(
        t,
        own,
        ['ROLE_CONFIG', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_REPORT'],
        'Encarregada',
      ),
    };
  };
  const register = async (personCode: string, kind: string, who: Caller = config) => {
    const res = await call(t, who, 'POST', REQUESTS, {
      personCode,
      kind,
      channel: 'EMAIL',
      notes: 'pedido por e-mail',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { code: string; daysLeft: number; status: string; personName: string };
  };
  const auditActions = () =>
    withTenant(t.db, tenant.id, async ({ trx }) =>
      (await trx.selectFrom('audit_log').select('action').execute()).map((r) => r.action),
    );

  it('registers a request with the 15-day clock, audited', async () => {
    const { personId } = await seedPersonEverywhere(t, tenant);
    const request = await register(personId, 'ACCESS');
    expect(request).toMatchObject({
      status: 'OPEN',
      daysLeft: 15,
      personName: SUBJECT.name,
      handledBy: null,
    });
    expect(await auditActions()).toContain('PRIVACY_REQUEST');
  });

  it('answers an access request with the file of every module, as JSON and as an escaped HTML page', async () => {
    const { personId } = await seedPersonEverywhere(t, tenant);
    const request = await register(personId, 'ACCESS');
    const res = await t.api.inject({ method: 'POST', url: fulfil(request.code), headers: config.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="dados-titular-\d+\.json"/);
    const file = res.json() as { sections: { module: string; data: Record<string, unknown> }[] };
    const section = (module: string) =>
      file.sections.find((s) => s.module === module)?.data as Record<string, never>;
    expect(file.sections[0]?.module).toBe('people');
    expect(section('people')).toMatchObject({
      person: { name: SUBJECT.name, email: SUBJECT.email, cpf: SUBJECT.cpf, street: SUBJECT.street },
      affiliates: 1,
    });
    expect(section('tags').tags).toHaveLength(1);
    expect(section('interactions').interactions).toHaveLength(1);
    expect(section('amendments').contactOf).toMatchObject([{ title: 'Reforma da UBS' }]);
    expect(section('demands').demands).toMatchObject([
      { title: 'Iluminação da praça', files: [{ content_type: 'text/plain' }] },
    ]);
    expect(section('companies').mainContactOf).toMatchObject([{ name: 'Padaria Central' }]);
    expect(section('sponsor')).toMatchObject({
      links: [{ code: expect.stringMatching(/^zuleica-\d+$/) }],
      consents: [{ ip: '203.0.113.7' }],
      pendingSignUps: [{ link_code: expect.stringMatching(/^zuleica-/) }],
    });
    expect(section('shots')).toMatchObject({
      shotsReceived: [{ subject: 'Convite', address: SUBJECT.email, status: 'SENT' }],
      addressOptOuts: [{ channel: 'EMAIL' }],
    });
    expect(section('people-import').importLines).toMatchObject([{ file_name: 'planilha.xlsx', line: 7 }]);
    expect(section('privacy')).toMatchObject({
      consents: [{ purpose: 'Comunicação do mandato', lawful_basis: 'CONSENT' }],
      optOuts: [{ channel: 'EMAIL' }],
      requests: [{ kind: 'ACCESS' }],
    });

    const html = await t.api.inject({
      method: 'POST',
      url: fulfil(request.code, 'html'),
      headers: config.headers,
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain(PRIVACY_TEXTS.fileTitle);
    expect(html.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html.body).not.toContain('<script>');

    const listed = await call(t, config, 'GET', `${REQUESTS}?status=DONE`);
    expect(listed.body.data.items.find((r: { code: string }) => r.code === request.code)).toMatchObject({
      status: 'DONE',
      handledBy: { name: 'Encarregada' },
    });
    expect(await auditActions()).toContain('PRIVACY_FULFIL');
  });

  it('anonymises in one go: no identifier left in any table, report totals kept, addresses suppressed', async () => {
    const { own, caller } = await ownTenant();
    const { personId, identifiers } = await seedPersonEverywhere(t, own);
    const reports = async () => ({
      status: (await call(t, caller, 'GET', '/api/reports/people/database-status')).body,
      // the godfather's totals (their name is an identifier: it goes)
      godfathers: (await call(t, caller, 'GET', '/api/reports/people/godfathers')).body.data.list.map(
        ({ name: _, ...totals }: { name: string }) => totals,
      ),
    });
    const before = await reports();
    const request = await register(personId, 'ANONYMISATION', caller);
    const res = await call(t, caller, 'POST', fulfil(request.code));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'DONE', personName: 'Z. B.' });

    expect(await tablesHolding(t, own, identifiers)).toEqual([]);
    expect(await reports()).toEqual(before);
    const counts = await withTenant(t.db, own.id, async ({ trx }) => ({
      person: await trx.selectFrom('people').select('name').where('id', '=', personId).executeTakeFirst(),
      interactions: (
        await trx.selectFrom('people_contacts').select('id').where('person_id', '=', personId).execute()
      ).length,
      recipients: (
        await trx.selectFrom('mkt_shot_recipients').select('id').where('person_id', '=', personId).execute()
      ).length,
      suppressed: (await trx.selectFrom('privacy_suppressions').select('kind').execute())
        .map((r) => r.kind)
        .sort(),
    }));
    expect(counts).toEqual({
      person: { name: PRIVACY_TEXTS.anonymisedName },
      interactions: 1,
      recipients: 1,
      suppressed: ['EMAIL', 'PHONE', 'PHONE'],
    });
    expect((await call(t, caller, 'POST', fulfil(request.code))).status).toBe(409);
  });

  it('deletes the person with their rows and stored files; the request keeps only initials', async () => {
    const { own, caller } = await ownTenant();
    const { personId, fileKey, identifiers } = await seedPersonEverywhere(t, own);
    const request = await register(personId, 'DELETION', caller);
    const res = await call(t, caller, 'POST', fulfil(request.code));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'DONE', personCode: null, personName: 'Z. B.' });
    expect(await tablesHolding(t, own, identifiers)).toEqual([]);
    expect(await t.app.files.get(fileKey)).toBeUndefined();
    const left = await withTenant(t.db, own.id, async ({ trx }) => ({
      person: await trx.selectFrom('people').select('id').where('id', '=', personId).executeTakeFirst(),
      demands: (await trx.selectFrom('demands').select('id').where('applicant_id', '=', personId).execute())
        .length,
    }));
    expect(left).toEqual({ person: undefined, demands: 0 });
    // the access file of a deleted person is not there any more
    const access = await call(t, config, 'POST', REQUESTS, {
      personCode: personId,
      kind: 'ACCESS',
      channel: 'EMAIL',
    });
    expect(access.status).toBe(404);
  });

  it('lists overdue requests first, then by due date, with the days left', async () => {
    const lister = await buildTenant(t);
    const caller = await signedIn(t, lister, ['ROLE_CONFIG'], 'Encarregado');
    const { personId } = await seedPersonEverywhere(t, lister);
    const late = await register(personId, 'CORRECTION', caller);
    const soon = await register(personId, 'ACCESS', caller);
    const later = await register(personId, 'PORTABILITY', caller);
    await withTenant(t.db, lister.id, async ({ trx }) => {
      await sql`UPDATE privacy_requests SET due_at = now() - interval '2 days' WHERE code = ${late.code}`.execute(
        trx,
      );
      await sql`UPDATE privacy_requests SET due_at = now() + interval '20 days' WHERE code = ${later.code}`.execute(
        trx,
      );
    });
    const page = await call(t, caller, 'GET', `${REQUESTS}?page=1&itemsPerPage=2`);
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items.map((r: { code: string }) => r.code)).toEqual([late.code, soon.code]);
    expect(page.body.data.items[0].daysLeft).toBe(-2);
  });

  it('refuses without ROLE_CONFIG, without a session and across tenants, changing nothing', async () => {
    const { personId } = await seedPersonEverywhere(t, tenant);
    const request = await register(personId, 'ANONYMISATION');
    expect((await call(t, crmOnly, 'GET', REQUESTS)).status).toBe(403);
    expect(
      (await call(t, crmOnly, 'POST', REQUESTS, { personCode: personId, kind: 'ACCESS', channel: 'EMAIL' }))
        .status,
    ).toBe(403);
    expect((await call(t, crmOnly, 'POST', fulfil(request.code))).status).toBe(403);
    const anonymous = await t.api.inject({
      method: 'GET',
      url: REQUESTS,
      headers: { 'x-schema': tenant.slug },
    });
    expect(anonymous.statusCode).toBe(401);
    // another tenant sees neither the person nor the request
    expect(
      (await call(t, stranger, 'POST', REQUESTS, { personCode: personId, kind: 'ACCESS', channel: 'EMAIL' }))
        .status,
    ).toBe(404);
    expect((await call(t, stranger, 'POST', fulfil(request.code))).status).toBe(404);
    expect((await call(t, stranger, 'GET', REQUESTS)).body.data.items).toEqual([]);
    const person = await withTenant(t.db, tenant.id, ({ trx }) =>
      trx.selectFrom('people').select('name').where('id', '=', personId).executeTakeFirst(),
    );
    expect(person?.name).toBe(SUBJECT.name);
  });

  it('answers hostile bodies and queries with a pt-BR 400 that creates nothing', async () => {
    const { personId } = await seedPersonEverywhere(t, tenant);
    const count = () =>
      withTenant(
        t.db,
        tenant.id,
        async ({ trx }) => (await trx.selectFrom('privacy_requests').select('id').execute()).length,
      );
    const before = await count();
    const good = { personCode: personId, kind: 'ACCESS', channel: 'EMAIL' };
    const bodies: unknown[] = [
      { ...good, extra: 1 },
      JSON.parse(`{"personCode":"${personId}","kind":"ACCESS","channel":"EMAIL","__proto__":{"x":1}}`),
      { ...good, notes: 'linha\u0000nula' },
      { ...good, notes: 'x'.repeat(2001) },
      { ...good, kind: 'EVERYTHING' },
      { ...good, channel: 42 },
      { ...good, personCode: '0' },
      { ...good, personCode: ['1'] },
      { ...good, personCode: 'constructor' },
      [],
      'texto',
    ];
    for (const body of bodies) {
      const res = await call(t, config, 'POST', REQUESTS, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    for (const query of [
      'status=LOST',
      'page=0',
      'itemsPerPage=100000',
      'extra=1',
      'status=OPEN&status=DONE',
    ]) {
      expect((await call(t, config, 'GET', `${REQUESTS}?${query}`)).status, query).toBe(400);
    }
    expect((await call(t, config, 'POST', `${REQUESTS}/not-a-code/fulfil`)).status).toBe(400);
    const request = await register(personId, 'ACCESS');
    expect((await call(t, config, 'POST', fulfil(request.code, 'pdf'))).status).toBe(400);
    expect(await count()).toBe(before + 1);
  });
});

describe(`a person's consents and opt-outs (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let crm: Caller;
  let configOnly: Caller;
  let stranger: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    const other = await buildTenant(t);
    crm = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Assessora');
    configOnly = await signedIn(t, tenant, ['ROLE_CONFIG'], 'Configuração');
    stranger = await signedIn(t, other, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Outra conta');
  });
  afterAll(() => t.close());

  it('shows the consents of every source and the opt-outs, and records a manual consent', async () => {
    const { personId } = await seedPersonEverywhere(t, tenant);
    const added = await call(t, crm, 'POST', `/api/people/${personId}/consents`, {
      purpose: 'Envio de informativos',
      lawfulBasis: 'LEGITIMATE_INTEREST',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const res = await call(t, crm, 'GET', `/api/people/${personId}/privacy`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      consents: [
        {
          purpose: 'Envio de informativos',
          lawfulBasis: 'LEGITIMATE_INTEREST',
          source: 'MANUAL',
          by: 'Assessora',
        },
        { purpose: 'Comunicação do mandato', lawfulBasis: 'CONSENT', source: 'MANUAL' },
      ],
      optOuts: [{ channel: 'EMAIL', source: 'LINK' }],
    });
  });

  it('refuses without ROLE_CRM, across tenants and with hostile bodies', async () => {
    const { personId } = await seedPersonEverywhere(t, tenant);
    expect((await call(t, configOnly, 'GET', `/api/people/${personId}/privacy`)).status).toBe(403);
    expect((await call(t, stranger, 'GET', `/api/people/${personId}/privacy`)).status).toBe(404);
    const good = { purpose: 'Informativos', lawfulBasis: 'CONSENT' };
    for (const body of [
      { ...good, source: 'API' },
      { ...good, lawfulBasis: 'WHATEVER' },
      { ...good, purpose: '' },
      { ...good, purpose: 'x'.repeat(201) },
      { ...good, purpose: 'a\u0007b' },
    ]) {
      expect((await call(t, crm, 'POST', `/api/people/${personId}/consents`, body)).status).toBe(400);
    }
    expect((await call(t, crm, 'GET', '/api/people/abc/privacy')).status).toBe(400);
    expect((await call(t, stranger, 'POST', `/api/people/${personId}/consents`, good)).status).toBe(404);
    const consents = await withTenant(
      t.db,
      tenant.id,
      async ({ trx }) =>
        (await trx.selectFrom('person_consents').select('id').where('person_id', '=', personId).execute())
          .length,
    );
    expect(consents).toBe(1);
  });
});
