import { ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPlan } from '../modules/marketing/accounts.service.ts';
import { setTenantModules } from '../modules/tenants/tenants.service.ts';
import { clientHash } from '../platform/auth/password.ts';
import { withTenant } from '../platform/db/tenancy.ts';
import { readOutbox } from '../platform/mail/mailer.ts';
import { buildCompany, buildPerson, buildSegment, buildTag, type Caller } from '../test/crm-factories.ts';
import { marketingToken } from '../test/marketing-session.ts';
import {
  as,
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  loginAs,
  type TestApp,
} from '../test/test-app.ts';
import { testEngine } from '../test/test-database.ts';
import { multipartBody, xlsxOf } from '../test/xlsx-fixture.ts';
import { type Fixtures, type SentCall, SPEC_CALLS, SPONSOR_FORM } from './spec-calls.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR dados de imagem de teste'),
]);

/** Answers that break the contract for a well-formed call whatever the business says. */
const NEVER = [400, 404, 405];

const sent = SPEC_CALLS.filter((c): c is SentCall => 'path' in c);

/** `{name}` of a path or query → the fixture's value. */
const fill = (text: string, f: Fixtures) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = f[name as keyof Fixtures];
    if (value === undefined) throw new Error(`sem fixture ${name}`);
    return encodeURIComponent(String(value));
  });

describe(`the spec's own client: every §7 call (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let user: Caller;
  let mkt: string;
  let f: Fixtures;

  const ok = async (method: string, url: string, payload?: unknown, bearer?: string) => {
    const res = await t.api.inject({
      method: method as 'GET',
      url,
      headers: bearer ? as(tenant, bearer) : user.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };
  const code = async (method: string, url: string, payload?: unknown, bearer?: string) =>
    (await ok(method, url, payload, bearer)).code as number;

  /** A sender of the valid domain, its activation e-mail in the outbox. */
  const sender = (emailPrefix: string, domain: number) =>
    code('POST', '/api/mkt/senders', { name: emailPrefix, emailPrefix, domainCode: domain }, mkt);
  const activationLink = async (senderCode: number) => {
    const mail = (await readOutbox(t.db, tenant.id, 50)).find((m) =>
      m.text_body.includes(`/sender-email-confirm/${senderCode}/`),
    );
    const match = /\/sender-email-confirm\/(\d+)\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(
      mail?.text_body ?? '',
    );
    if (!match) throw new Error(`sem e-mail de ativação do remetente ${senderCode}`);
    return { senderCode: match[1] as string, senderToken: match[2] as string, token: match[3] as string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { marketingSecret: 'segredo-do-contrato' });
    await setTenantModules({ db: t.db }, tenant.slug, { demands: true });
    const me = await buildUser(t, tenant, { permissions: [...ROLES], name: 'Chefe de Gabinete' });
    const token = await loginAs(t, tenant, me.email);
    user = { user: me, token, headers: as(tenant, token) };
    const member = await buildUser(t, tenant, { permissions: ['ROLE_CRM'], name: 'Assessor' });

    const tag = await buildTag(t, user, 'Liderança');
    const person = await buildPerson(t, user, {
      name: 'Maria da Silva',
      email: 'maria@exemplo.com.br',
      cellphone: '81999990000',
    });
    const people = [];
    for (const name of ['Para Remover', 'Remover Um', 'Remover Dois'])
      people.push(await buildPerson(t, user, { name }));
    const forTeam = await buildPerson(t, user, {
      name: 'Nova Assessora',
      email: 'nova.assessora@exemplo.com.br',
    });
    const companies = [];
    for (const name of ['Escola Estadual Central', 'Ginásio Remover', 'Clube Remover', 'Igreja Remover'])
      companies.push(await buildCompany(t, user, { name }));
    const segment = await buildSegment(t, user, { name: 'Lista do contrato', expression: [] });

    const schedule = await code('POST', '/api/schedules', {
      name: 'Agenda',
      color: 'BLUE',
      invitedPeopleCodes: [],
    });
    const scheduleToDelete = await code('POST', '/api/schedules', {
      name: 'Remover',
      color: 'RED',
      invitedPeopleCodes: [],
    });
    const event = (title: string) =>
      code('POST', '/api/events', {
        title,
        beginDate: '2026-03-05 10:00',
        endDate: '2026-03-05 11:00',
        entireDay: false,
        scheduleCode: schedule,
        responsibleCode: me.code,
        invitedPeopleCodes: [],
      });
    const interaction = () =>
      code('POST', '/api/people-contacts', {
        type: 'CONTACT',
        source: 'PHONE',
        description: 'Ligação',
        beginDate: '2026-03-02 10:00',
        endDate: '2026-03-02 10:10',
        userResponsibleCode: me.code,
        status: 'IN_PROGRESS',
        personCode: person.code,
      });
    const amendment = (title: string) =>
      code('POST', '/api/amendment/save', { title, value: '10', status: 'ANALISYS', year: 2025 });
    const politician = await code('POST', '/api/sys-admin/politicians', {
      name: 'Ana Prefeita',
      cpf: '52998224725',
      politicalParty: 'PSB',
      politicalOffice: 'PREFEITO',
    });

    const sheet = multipartBody(await xlsxOf([{ nome: 'Importada', email: 'importada@exemplo.com.br' }]), {
      updateBehavior: 'SKIP',
    });
    const imported = await t.api.inject({
      method: 'POST',
      url: '/api/people/import',
      headers: { ...user.headers, ...sheet.headers },
      payload: sheet.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await t.worker.drain();
    const importLog = (await ok('GET', '/api/people/imports')).list[0].code as number;

    await ok('PUT', '/api/sys-admin/parameter/godfather-form', SPONSOR_FORM);
    const termsVersion = (await ok('GET', '/api/sys-admin/parameter/godfather-form')).termsVersion as string;
    const sponsorLink = (await ok('POST', `/api/people/godfather/${person.code}/invite`)).code as string;

    mkt = await marketingToken(t, user.headers, tenant.slug);
    const domain = await code(
      'POST',
      '/api/mkt/domains',
      { name: `envio-${tenant.slug}.exemplo.com.br` },
      mkt,
    );
    const domainToDelete = await code(
      'POST',
      '/api/mkt/domains',
      { name: `outro-${tenant.slug}.exemplo.com.br` },
      mkt,
    );
    await withTenant(t.db, tenant.id, ({ trx }) =>
      trx.updateTable('mkt_domains').set({ status: 'VALID' }).where('id', '=', String(domain)).execute(),
    );
    const active = await sender('contato', domain);
    const senderToDelete = await sender('remover', domain);
    const senderToValidate = await sender('validar', domain);
    const senderToConfirm = await sender('confirmar', domain);
    const senderToEdit = await sender('editar', domain);
    await withTenant(t.db, tenant.id, ({ trx }) =>
      trx.updateTable('mkt_senders').set({ status: 'ACTIVE' }).where('id', '=', String(active)).execute(),
    );
    await t.worker.drain();
    const senderActivationToken = (await activationLink(senderToValidate)).token;
    const senderConfirmLink = await activationLink(senderToConfirm);
    // the activation e-mails a minute old: the spec's 'send-email-token' is within its limit
    await sql`UPDATE login_throttle SET window_start = window_start - interval '61 seconds',
      last_at = last_at - interval '61 seconds'`.execute(t.db.kysely);
    await withTenant(t.db, tenant.id, async (ctx) => {
      await grantPlan(ctx, { type: 'EMAIL', credits: 1000, days: 30, extra: false });
      await grantPlan(ctx, { type: 'SMS', credits: 1000, days: 30, extra: false });
    });
    await ok('PUT', '/api/mkt/sms/settings', { senderIdentification: 'Gabinete', quietHours: null }, mkt);
    const destination = { segment: { code: segment.code } };
    const emailShot = () =>
      code(
        'POST',
        '/api/mkt/emails/campaign',
        { subject: 'Olá', htmlContent: '<p>Olá</p>', senderCode: active, destination },
        mkt,
      );
    const smsShot = () => code('POST', '/api/mkt/sms/campaign', { content: 'Olá', destination }, mkt);

    f = {
      slug: tenant.slug,
      email: me.email,
      password: clientHash('senha-forte-1'),
      newPassword: clientHash('outra-senha-forte-2'),
      me: me.code,
      member: member.code,
      person: person.code,
      personToDelete: (people[0] as { code: number }).code,
      peopleToDelete: people.slice(1).map((p) => p.code),
      personForTeam: forTeam.code,
      company: (companies[0] as { code: number }).code,
      companyToDelete: (companies[1] as { code: number }).code,
      companiesToDelete: companies.slice(2).map((c) => c.code),
      tag: tag.code,
      segment: segment.code,
      schedule,
      scheduleToDelete,
      event: await event('Reunião'),
      eventToDelete: await event('Remover'),
      interaction: await interaction(),
      interactionToDelete: await interaction(),
      politician,
      amendment: await amendment('Recife'),
      amendmentToDelete: await amendment('Olinda'),
      importLog,
      bulkOperation: importLog,
      sponsorLink,
      termsVersion,
      domain,
      domainToDelete,
      sender: active,
      senderToDelete,
      senderToValidate,
      senderToEdit,
      senderActivationToken,
      senderConfirmLink,
      emailShot: await emailShot(),
      emailShotToDelete: await emailShot(),
      emailShotToSchedule: await emailShot(),
      smsShot: await smsShot(),
      smsShotToDelete: await smsShot(),
      smsShotToSchedule: await smsShot(),
    };
  }, 600_000);
  afterAll(() => t?.close());

  async function send(c: SentCall) {
    const url = `${fill(c.path, f)}${c.query ? `?${fill(c.query, f)}` : ''}`;
    const headers: Record<string, string> =
      c.as === 'anonymous'
        ? { 'x-schema': tenant.slug }
        : c.as === 'marketing'
          ? as(tenant, mkt)
          : { ...user.headers };
    let payload: string | Buffer | undefined;
    if (c.multipart) {
      const file =
        c.multipart.file === 'png'
          ? PNG
          : await xlsxOf([{ nome: 'Planilha', email: 'planilha@exemplo.com.br' }]);
      const body = multipartBody(
        file,
        c.multipart.data,
        c.multipart.file === 'png' ? 'logo.png' : 'pessoas.xlsx',
      );
      Object.assign(headers, body.headers);
      payload = body.payload;
    } else if (c.body !== undefined) {
      const body = typeof c.body === 'function' ? (c.body as (f: Fixtures) => unknown)(f) : c.body;
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await t.api.inject({
      method: c.method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    return { url, status: res.statusCode, body: res.body };
  }

  // one test per call, in the table's order (creations and reads before the deletions)
  for (const c of sent) {
    it(`${c.spec}: ${c.call}`, async () => {
      const res = await send(c);
      const said = `${c.method} ${res.url} → ${res.status} ${res.body.slice(0, 600)}`;
      expect(NEVER, said).not.toContain(res.status);
      expect(c.expect ?? [200], said).toContain(res.status);
    });
  }

  it('lists every call it leaves out with the reason, and sends only routes the API documents', async () => {
    for (const c of SPEC_CALLS) if (!('path' in c)) expect(c.absent.length, c.call).toBeGreaterThan(20);
    const doc = (await t.api.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`),
      ),
    );
    const missing = sent
      .map((c) => `${c.method} ${c.path.replace(/\{\w+\}/g, '{}')}`)
      .filter((op) => !documented.has(op.replace(/\/EMAIL$|\/delivered$/, '/{}')));
    expect(missing).toEqual([]);
  });
});
