import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { exportPeople } from '../../test/people-export-kit.ts';
import {
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  type TestApp,
  tryLogin,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { createLogger } from './logger.ts';
import { LABELS, redactUrl } from './redact.ts';

/**
 * Issue 41 item 6: a journey through the API with real personal data, the server's logger (the one
 * main.ts builds) writing every line at debug level into memory; then the whole log is searched for
 * each e-mail, phone, CPF and token the journey used, in every spelling it went over the wire in.
 */
describe(`logs without personal data: a full journey (${testEngine})`, () => {
  const lines: string[] = [];
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;

  const PERSON = {
    name: 'Joana Personagem',
    email: 'joana.personagem@exemplo.com.br',
    cellphone: '(81) 99876-5432',
    phoneTwo: '(11) 3456-7890',
    cpf: '529.982.247-25',
  };
  const WRONG_LOGIN = 'quem.errou@exemplo.org';
  const FORGOT = 'esqueci.a.senha@exemplo.net';
  const INVALID_CPF_BODY = '123.456.789-09';
  const SEARCH_PHONE = '11987654321';
  const SEARCH_PHONE_INTL = '+55 (21) 98888-7777';
  const LINK_ID = 'Q3x9_kZ-2mP7aLr0tWvY1b';
  const SIGNATURE = 'AbCdEfGhIjKlMnOpQrStUv';
  const BOOM = 'falha ao tratar sergio.boom@exemplo.com cpf 111.444.777-35';
  let sponsorCode = '';

  beforeAll(async () => {
    const log = createLogger({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    t = await createTestApp({}, { log });
    // a failure whose message carries values, through the error handler's log (not an API route)
    t.api.get('/journey-boom', { schema: { hide: true } }, async () => {
      throw new Error(BOOM);
    });
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM', 'ROLE_CONFIG']);
  });
  afterAll(() => t.close());

  it('leaves every route of the API as it is, its parameters numeric ids or patterns', () => {
    const paths = Object.keys((t.api.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(100);
    for (const path of paths) {
      const withIds = path.replace(/\{[^}]+\}/g, '42');
      const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
      // the sponsor form's parameter is the link's code, a secret whatever it looks like
      if (path === '/api/people/godfather-form/{id}')
        expect(redactUrl(withIds)).toBe(`/api/people/godfather-form/${LABELS.link}`);
      else expect(redactUrl(withIds)).toBe(withIds);
      expect(redactUrl(pattern)).toBe(pattern);
    }
  });

  it('logs every request of the journey and none of its personal data', async () => {
    // login with an e-mail (signedIn did one), a failed login, a password reminder
    const member = await buildUser(t, tenant, { email: 'membro.equipe@exemplo.com.br' });
    expect((await tryLogin(t, tenant.slug, member.email, 'senha-errada-1')).statusCode).toBe(401);
    expect((await tryLogin(t, tenant.slug, WRONG_LOGIN, 'senha-errada-1')).statusCode).toBe(401);
    await t.api.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'x-schema': tenant.slug },
      payload: { email: FORGOT },
    });

    // a person with e-mail, phones and CPF; found by e-mail and phone in the query and the body
    const person = await buildPerson(t, admin, PERSON);
    const quick = (value: string) =>
      call(t, admin, 'GET', `/api/people/quick-search?searchString=${encodeURIComponent(value)}`);
    expect((await quick(PERSON.email)).status).toBe(200);
    expect((await quick(PERSON.cellphone)).status).toBe(200);
    expect((await quick(SEARCH_PHONE)).status).toBe(200);
    expect((await quick(SEARCH_PHONE_INTL)).status).toBe(200);
    expect(
      (await call(t, admin, 'GET', `/api/people/quick-search?searchString=${PERSON.cpf.replace(/\D/g, '')}`))
        .status,
    ).toBe(200);
    const byEmail = await call(t, admin, 'POST', '/api/people/search', {
      type: 'PERSON',
      expression: [{ units: [{ field: 'email', operator: '=', values: [PERSON.email] }] }],
      page: 1,
      itemsPerPage: 10,
    });
    expect(byEmail.status, JSON.stringify(byEmail.body)).toBe(200);
    // a 400 with a CPF (and an e-mail) in the body
    expect(
      (await call(t, admin, 'POST', '/api/people', { name: 'X', cpf: INVALID_CPF_BODY, email: 'joana@' }))
        .status,
    ).toBe(400);
    // an address that is no route, with an e-mail in its path
    expect(
      (await call(t, admin, 'GET', `/api/people/by-email/${encodeURIComponent(PERSON.email)}`)).status,
    ).toBe(404);

    // public links: the sponsor's, an unsubscribe page, the open pixel, a signed click, the SPA's page
    const invite = await call(t, admin, 'POST', `/api/people/godfather/${person.code}/invite`);
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    sponsorCode = invite.body.data.code;
    await t.api.inject({
      method: 'GET',
      url: `/api/people/godfather-form/${sponsorCode}`,
      headers: { 'x-schema': tenant.slug },
    });
    await t.api.inject({ method: 'GET', url: `/api/public/unsubscribe/${LINK_ID}` });
    await t.api.inject({ method: 'GET', url: `/api/public/t/o/${LINK_ID}.gif` });
    await t.api.inject({
      method: 'GET',
      url: `/api/public/t/c/${LINK_ID}?u=${encodeURIComponent(`https://exemplo.com/?e=${PERSON.email}`)}&s=${SIGNATURE}`,
    });
    await t.api.inject({ method: 'GET', url: `/descadastrar/${LINK_ID}` });

    // an export of the base, and a failure logged with its message
    expect((await exportPeople(t, admin, {})).statusCode).toBe(200);
    expect((await t.api.inject({ method: 'GET', url: '/journey-boom' })).statusCode).toBe(500);
    await t.worker.drain();

    const log = lines.join('');
    const entries = lines.map((line) => JSON.parse(line));
    // the journey was logged: each step's request, with its route and its URL's values as labels
    const urls = entries.filter((e) => e.msg === 'incoming request').map((e) => e.req.url as string);
    expect(urls.length).toBeGreaterThanOrEqual(18);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/forgot-password',
        `/api/people/quick-search?searchString=${LABELS.email}`,
        `/api/people/quick-search?searchString=${LABELS.phone}`,
        `/api/people/quick-search?searchString=${LABELS.cpf}`,
        '/api/people/search',
        `/api/people/by-email/${LABELS.email}`,
        `/api/people/godfather/${person.code}/invite`,
        `/api/people/godfather-form/${LABELS.link}`,
        `/api/public/unsubscribe/${LABELS.token}`,
        `/api/public/t/o/${LABELS.token}.gif`,
        `/api/public/t/c/${LABELS.token}?u=https://exemplo.com/?e=${LABELS.email}&s=${LABELS.token}`,
        `/descadastrar/${LABELS.token}`,
        '/api/people/search/export',
        '/journey-boom',
      ]),
    );
    expect(entries.filter((e) => e.msg === 'request completed' && e.res.statusCode === 401)).toHaveLength(2);
    expect(entries.some((e) => e.msg === 'erro não tratado' && e.err.message.includes(LABELS.email))).toBe(
      true,
    );
    // route patterns stay as declared
    expect(entries.some((e) => e.req?.route === '/api/people/godfather-form/:id')).toBe(true);

    // and none of the values, however they were spelled
    const digits = (value: string) => value.replace(/\D/g, '');
    const secrets = [
      PERSON.email,
      member.email,
      admin.user.email,
      WRONG_LOGIN,
      FORGOT,
      PERSON.cellphone,
      digits(PERSON.cellphone),
      '99876-5432',
      PERSON.phoneTwo,
      digits(PERSON.phoneTwo),
      '3456-7890',
      PERSON.cpf,
      digits(PERSON.cpf),
      INVALID_CPF_BODY,
      SEARCH_PHONE,
      SEARCH_PHONE_INTL,
      digits(SEARCH_PHONE_INTL),
      '98888-7777',
      '111.444.777-35',
      'sergio.boom@exemplo.com',
      admin.token,
      LINK_ID,
      SIGNATURE,
      sponsorCode,
    ];
    for (const secret of secrets) {
      for (const spelling of new Set([secret, encodeURIComponent(secret), secret.toLowerCase()]))
        expect(log, `"${spelling}" in the log`).not.toContain(spelling);
    }
  });
});
