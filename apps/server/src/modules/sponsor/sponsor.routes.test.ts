import { MESSAGES, PERSON_MESSAGES, ROLES, SPONSOR_LIMITS, SPONSOR_MESSAGES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn, VALID_CPF } from '../../test/crm-factories.ts';
import { uploadWhileLoggingOut, watchStorage } from '../../test/storage-watch.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { multipartBody } from '../../test/xlsx-fixture.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR icone de teste'),
]);
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.from('icone')]);
const FORM = '/api/sys-admin/parameter/godfather-form';
const TERMS = '<p>Seus dados serão usados pelo mandato.</p>';

let ipSeq = 0;
/** a fresh client address per call: the limits of one test never touch another's (nor a past run's) */
const freshIp = () => `10.${Math.floor(Math.random() * 200) + 20}.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`;

describe(`sponsor sign-up (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let crmOnly: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    crmOnly = await signedIn(t, tenant, ['ROLE_CRM'], 'Sem configuração');
  });
  afterAll(() => t.close());

  const configure = (who: Caller, fields: { name: string; isRequired: boolean }[], terms = TERMS) =>
    call(t, who, 'PUT', FORM, {
      title: 'Junte-se a nós',
      description: 'Cadastro de apoiadores',
      terms,
      fields,
    });
  const linkOf = async (who: Caller, personCode: number) => {
    const res = await call(t, who, 'POST', `/api/people/godfather/${personCode}/invite`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { code: string; path: string };
  };
  const publicForm = (code: string, slug = tenant.slug, ip = freshIp()) =>
    t.api.inject({
      method: 'GET',
      url: `/api/people/godfather-form/${code}`,
      headers: { 'x-schema': slug },
      remoteAddress: ip,
    });
  const signUp = (code: string, body: Record<string, unknown>, ip = freshIp(), slug = tenant.slug) =>
    t.api.inject({
      method: 'POST',
      url: `/api/people/godfather-form/${code}`,
      headers: { 'x-schema': slug, 'user-agent': 'Navegador de Teste/1.0' },
      remoteAddress: ip,
      payload: body,
    });
  const version = async (code: string) => (await publicForm(code)).json().data.termsVersion as string;
  const peopleWith = async (email: string) =>
    (
      await call(t, admin, 'POST', '/api/people/search', {
        itemsPerPage: 10,
        expression: [{ units: [{ field: 'email', operator: '=', values: [email] }] }],
      })
    ).body.data;

  it('saves the form: terms sanitised (script and onerror removed), title/description/terms required', async () => {
    const hostile = `${TERMS}<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:x()" onclick="y()">link</a>`;
    const res = await configure(admin, [{ name: 'name', isRequired: true }], hostile);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body.data;
    expect(saved.terms).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(saved.terms).toContain('Seus dados serão usados pelo mandato.');
    expect(saved.termsVersion).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(t, admin, 'GET', FORM)).body.data.terms).toBe(saved.terms);
    for (const bad of [{ title: '' }, { description: ' ' }, { terms: '<script>x</script>' }]) {
      const r = await call(t, admin, 'PUT', FORM, {
        title: 'T',
        description: 'D',
        terms: TERMS,
        fields: [],
        ...bad,
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toBe(SPONSOR_MESSAGES.configRequired);
    }
    const long = await call(t, admin, 'PUT', FORM, {
      title: 'x'.repeat(61),
      description: 'D',
      terms: TERMS,
      fields: [],
    });
    expect(long.status).toBe(400);
    const unknownField = await configure(admin, [{ name: 'password', isRequired: true }]);
    expect(unknownField.status).toBe(400);
  });

  it('needs ROLE_CONFIG for the settings and the favicon', async () => {
    expect((await call(t, crmOnly, 'GET', FORM)).status).toBe(403);
    expect((await configure(crmOnly, [])).status).toBe(403);
    const body = multipartBody(PNG, undefined, 'favicon.png');
    const upload = await t.api.inject({
      method: 'POST',
      url: `${FORM}/favicon`,
      headers: { ...crmOnly.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(403);
    expect((await call(t, crmOnly, 'DELETE', `${FORM}/favicon`)).status).toBe(403);
    expect((await t.api.inject({ method: 'GET', url: FORM })).statusCode).toBe(403);
    // the person routes need the people area (ROLE_CRM or ROLE_TEAM; the link also the invite module)
    const reportOnly = await signedIn(t, tenant, ['ROLE_REPORT'], 'Só relatórios');
    const person = await buildPerson(t, admin, { name: 'Alguém' });
    expect((await call(t, reportOnly, 'POST', `/api/people/godfather/${person.code}/invite`)).status).toBe(
      403,
    );
    expect((await call(t, reportOnly, 'GET', `/api/people/${person.code}/sponsor`)).status).toBe(403);
    expect(
      (await t.api.inject({ method: 'POST', url: `/api/people/godfather/${person.code}/invite` })).statusCode,
    ).toBe(403);
  });

  it('takes a favicon by its bytes (a PNG named .svg is a PNG; HTML named .png and 60 MB refused)', async () => {
    const upload = async (bytes: Buffer, name: string) => {
      const body = multipartBody(bytes, undefined, name);
      const res = await t.api.inject({
        method: 'POST',
        url: `${FORM}/favicon`,
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
      return { status: res.statusCode, body: res.json() };
    };
    const png = await upload(PNG, 'icone.svg');
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    const served = await t.api.inject({ method: 'GET', url: png.body.data.faviconUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename="favicon.png"');
    expect(served.rawPayload).toEqual(PNG);
    const html = await upload(Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), 'icone.png');
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(SPONSOR_MESSAGES.faviconOnlyImages);
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'i.svg',
    );
    expect(svg.status).toBe(400);
    const huge = await upload(Buffer.concat([PNG, Buffer.alloc(60 * 1024 * 1024)]), 'icone.png');
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(SPONSOR_MESSAGES.faviconTooLarge);
    // the PNG is still the one served
    expect((await call(t, admin, 'GET', FORM)).body.data.faviconUrl).toBe(png.body.data.faviconUrl);
    const ico = await upload(ICO, 'favicon.ico');
    expect(ico.status).toBe(200);
    const icon = await t.api.inject({ method: 'GET', url: ico.body.data.faviconUrl });
    expect(icon.headers['content-type']).toBe('image/x-icon');
    const removed = await call(t, admin, 'DELETE', `${FORM}/favicon`);
    expect(removed.body.data.faviconUrl).toBeNull();
    expect((await t.api.inject({ method: 'GET', url: ico.body.data.faviconUrl })).statusCode).toBe(404);
  });

  const uploadFavicon = async (who: Caller, bytes: Buffer, name: string) => {
    const body = multipartBody(bytes, undefined, name);
    const res = await t.api.inject({
      method: 'POST',
      url: `${FORM}/favicon`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('holds no database transaction while the favicon is stored or deleted; the replaced one goes after the commit', async () => {
    expect((await uploadFavicon(admin, PNG, 'favicon.png')).status).toBe(200);
    const storage = watchStorage(t);
    try {
      expect((await uploadFavicon(admin, ICO, 'favicon.ico')).status).toBe(200);
      expect((await call(t, admin, 'DELETE', `${FORM}/favicon`)).status).toBe(200);
    } finally {
      storage.restore();
    }
    expect(storage.calls.map((c) => [c.method, c.openTransactions])).toEqual([
      ['put', 0],
      ['delete', 0],
      ['delete', 0],
    ]);
    const [put, replaced, removed] = storage.calls.map((c) => c.key);
    expect(replaced).not.toBe(put);
    expect(removed).toBe(put);
    expect(await t.app.files.get(put ?? '')).toBeUndefined();
  });

  it('a favicon whose record is refused is removed from the storage; the old one stays recorded and served', async () => {
    const leaving = await signedIn(t, tenant, [...ROLES], 'Sai no meio do envio');
    const first = await uploadFavicon(leaving, PNG, 'favicon.png');
    expect(first.status).toBe(200);
    const { answer, calls, loggedOut } = await uploadWhileLoggingOut(t, leaving, () =>
      uploadFavicon(leaving, ICO, 'favicon.ico'),
    );
    expect(loggedOut).toBe(true);
    expect(answer.status).toBe(401);
    const stored = calls.find((c) => c.method === 'put')?.key ?? '';
    expect(calls).toEqual([
      { method: 'put', key: stored, openTransactions: 0 },
      { method: 'delete', key: stored, openTransactions: 0 },
    ]);
    expect(await t.app.files.get(stored)).toBeUndefined();
    expect((await call(t, admin, 'GET', FORM)).body.data.faviconUrl).toBe(first.body.data.faviconUrl);
    const served = await t.api.inject({ method: 'GET', url: first.body.data.faviconUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
  });

  it('gives a person one slug-number link; needs to see the person; another tenant cannot use it', async () => {
    const owner = await signedIn(t, tenant, ['ROLE_CRM'], 'Dono');
    const person = await buildPerson(t, owner, { name: 'Ângela Souza' });
    const link = await linkOf(owner, person.code);
    expect(link.code).toMatch(/^angela-\d{6}$/);
    expect(link.path).toBe(`/${tenant.slug}/convite/${link.code}`);
    expect((await linkOf(owner, person.code)).code).toBe(link.code);
    // crmOnly lacks ROLE_CRM_ALL_DATA and did not create the person: it does not exist for them
    const hidden = await call(t, crmOnly, 'POST', `/api/people/godfather/${person.code}/invite`);
    expect(hidden.status).toBe(404);
    expect((await call(t, crmOnly, 'GET', `/api/people/${person.code}/sponsor`)).status).toBe(404);
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES]);
    expect((await call(t, stranger, 'POST', `/api/people/godfather/${person.code}/invite`)).status).toBe(404);
    await configure(admin, [{ name: 'name', isRequired: true }]);
    // the link read under another tenant's slug is the 404 page
    const foreign = await publicForm(link.code, other.slug);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MESSAGES.notFoundPage);
    const foreignSignUp = await signUp(
      link.code,
      { name: 'X', acceptedTerms: true, termsVersion: 'a'.repeat(64) },
      freshIp(),
      other.slug,
    );
    expect(foreignSignUp.statusCode).toBe(404);
  });

  it('answers the 404 page for a malformed or unknown id, and while no field is configured', async () => {
    const godfather = await buildPerson(t, admin, { name: 'Carlos Lima' });
    const { code } = await linkOf(admin, godfather.code);
    for (const bad of ['Carlos-123', 'carlos-12', 'nao-existe-123456']) {
      const res = await publicForm(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(MESSAGES.notFoundPage);
    }
    await configure(admin, []);
    expect((await publicForm(code)).statusCode).toBe(404);
    await configure(admin, [{ name: 'name', isRequired: true }]);
    const ok = await publicForm(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      godfather: { code, name: 'Carlos' },
      formConfig: { title: 'Junte-se a nós', fields: [{ name: 'name', label: 'Nome', isRequired: true }] },
    });
  });

  it('signs up with the configured required fields, links the godfather, stores the consent', async () => {
    const godfather = await buildPerson(t, admin, { name: 'Beatriz Godoy' });
    const { code } = await linkOf(admin, godfather.code);
    await configure(admin, [
      { name: 'name', isRequired: true },
      { name: 'email', isRequired: true },
      { name: 'cellphone', isRequired: false },
      { name: 'cpf', isRequired: false },
    ]);
    const termsVersion = await version(code);
    const missing = await signUp(code, { name: 'Davi', acceptedTerms: true, termsVersion });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SPONSOR_MESSAGES.fillRequired);
    expect(missing.json().errors.email).toEqual([SPONSOR_MESSAGES.fieldRequired]);
    const notAccepted = await signUp(code, {
      name: 'Davi',
      email: 'davi@ex.com',
      acceptedTerms: false,
      termsVersion,
    });
    expect(notAccepted.json().errors.acceptedTerms).toEqual([SPONSOR_MESSAGES.acceptRequired]);
    const badPhone = await signUp(code, {
      name: 'Davi',
      email: 'davi@ex.com',
      cellphone: '123',
      acceptedTerms: true,
      termsVersion,
    });
    expect(badPhone.json().errors.cellphone).toEqual([PERSON_MESSAGES.phone]);
    const notConfigured = await signUp(code, {
      name: 'Davi',
      email: 'davi@ex.com',
      city: 'Recife',
      acceptedTerms: true,
      termsVersion,
    });
    expect(notConfigured.statusCode).toBe(400);
    expect(notConfigured.json().errors.city).toEqual([MESSAGES.unknownField]);
    expect((await peopleWith('davi@ex.com')).total).toBe(0);

    const ip = freshIp();
    const ok = await signUp(
      code,
      {
        name: 'Davi Rocha',
        email: 'DAVI@ex.com',
        cellphone: '(81) 99999-1234',
        cpf: '529.982.247-25',
        acceptedTerms: true,
        termsVersion,
      },
      ip,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const answer = ok.json().data;
    expect(answer.name).toBe('Davi Rocha');
    expect(answer.link.code).toMatch(/^davi-\d{6}$/);
    const found = await peopleWith('davi@ex.com');
    expect(found.total).toBe(1);
    const person = found.list[0];
    expect(person).toMatchObject({ name: 'Davi Rocha', cellphone: '81999991234', cpf: VALID_CPF });
    expect(person.godfather?.code ?? person.godfatherCode).toBe(godfather.code);
    const sponsor = await call(t, admin, 'GET', `/api/people/${person.code}/sponsor`);
    expect(sponsor.status).toBe(200);
    expect(sponsor.body.data.link.code).toBe(answer.link.code);
    expect(sponsor.body.data.consents).toHaveLength(1);
    expect(sponsor.body.data.consents[0]).toMatchObject({
      termsVersion,
      ip,
      userAgent: 'Navegador de Teste/1.0',
      godfather: { code: godfather.code, name: 'Beatriz Godoy' },
    });
    // the signer's own link works as a sponsor link
    expect((await publicForm(answer.link.code)).statusCode).toBe(200);
  });

  it('a second sign-up (same e-mail, or same CPF) leaves the person as is and waits, answered alike', async () => {
    const godfather = await buildPerson(t, admin, { name: 'Elisa Prado' });
    const { code } = await linkOf(admin, godfather.code);
    await configure(admin, [
      { name: 'name', isRequired: false },
      { name: 'email', isRequired: false },
      { name: 'cpf', isRequired: false },
      { name: 'profession', isRequired: false },
    ]);
    const termsVersion = await version(code);
    const first = await signUp(code, {
      name: 'Fábio',
      email: 'fabio@ex.com',
      cpf: '111.444.777-35',
      acceptedTerms: true,
      termsVersion,
    });
    const second = await signUp(code, {
      name: 'Outro Nome',
      email: 'fabio@ex.com',
      profession: 'Professor',
      acceptedTerms: true,
      termsVersion,
    });
    expect(second.statusCode).toBe(200);
    const third = await signUp(code, {
      cpf: '11144477735',
      name: 'Por CPF',
      acceptedTerms: true,
      termsVersion,
    });
    expect(third.statusCode).toBe(200);
    const again = await signUp(code, {
      name: 'Fábio Lima',
      email: 'fabio@ex.com',
      acceptedTerms: true,
      termsVersion,
    });
    // same shape; a link that greets with the first name typed, never the one on record nor the
    // person's own link, so whether the e-mail existed (and whose it is) is not told
    expect(Object.keys(second.json().data)).toEqual(Object.keys(first.json().data));
    const links = [first, second, third, again].map((r) => r.json().data.link.code as string);
    expect(links[0]).toMatch(/^fabio-\d{6}$/);
    expect(links[1]).toMatch(/^outro-\d{6}$/);
    expect(links[2]).toMatch(/^por-\d{6}$/);
    expect(links[3]).toMatch(/^fabio-\d{6}$/);
    expect(new Set(links).size).toBe(4);
    const greetings = await Promise.all(
      links.map(async (link) => (await publicForm(link)).json().data.godfather.name),
    );
    expect(greetings).toEqual(['Fábio', 'Outro', 'Por', 'Fábio']);
    const found = await peopleWith('fabio@ex.com');
    expect(found.total).toBe(1);
    // nothing written by the later sign-ups: they wait for a team user
    expect(found.list[0]).toMatchObject({ name: 'Fábio', cpf: '11144477735' });
    expect(found.list[0].profession ?? null).toBeNull();
    const person = found.list[0].code as number;
    const consents = (await call(t, admin, 'GET', `/api/people/${person}/sponsor`)).body.data.consents;
    expect(consents).toHaveLength(1);
    const waiting = (await call(t, admin, 'GET', '/api/people/sponsor-sign-ups?itemsPerPage=200')).body.data
      .list as { person: { code: number }; values: { name?: string } }[];
    expect(waiting.filter((p) => p.person.code === person).map((p) => p.values.name)).toEqual([
      'Outro Nome',
      'Por CPF',
      'Fábio Lima',
    ]);
  });

  it('a filled honeypot answers like a success and writes nothing; hostile input changes nothing', async () => {
    const godfather = await buildPerson(t, admin, { name: 'Gustavo' });
    const { code } = await linkOf(admin, godfather.code);
    await configure(admin, [
      { name: 'name', isRequired: true },
      { name: 'email', isRequired: false },
    ]);
    const termsVersion = await version(code);
    const bot = await signUp(code, {
      name: 'Robô',
      email: 'robo@ex.com',
      website: 'http://spam.example',
      acceptedTerms: true,
      termsVersion,
    });
    expect(bot.statusCode).toBe(200);
    expect(bot.json().data.link.code).toMatch(/^robo-\d{6}$/);
    expect((await peopleWith('robo@ex.com')).total).toBe(0);
    for (const payload of [
      { name: 'a\u0000b', acceptedTerms: true, termsVersion },
      { name: 'x'.repeat(5000), acceptedTerms: true, termsVersion },
      JSON.parse(
        `{"__proto__":{"polluted":1},"name":"x","acceptedTerms":true,"termsVersion":"${termsVersion}"}`,
      ),
      { name: 'x', email: 'mau@ex.com', acceptedTerms: true, termsVersion, isAdmin: true },
      { name: 'x', email: 'mau@ex.com', acceptedTerms: true, termsVersion: 'b'.repeat(64) },
    ]) {
      const res = await signUp(code, payload);
      expect([400, 409], JSON.stringify(payload).slice(0, 80)).toContain(res.statusCode);
    }
    const big = await signUp(code, {
      name: 'x',
      acceptedTerms: true,
      termsVersion,
      website: 'y'.repeat(40_000),
    });
    expect([400, 413]).toContain(big.statusCode);
    expect((await peopleWith('mau@ex.com')).total).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('limits sign-ups per IP and per link with a 429 in pt-BR', async () => {
    const godfather = await buildPerson(t, admin, { name: 'Helena' });
    const { code } = await linkOf(admin, godfather.code);
    await configure(admin, [{ name: 'name', isRequired: true }]);
    const termsVersion = await version(code);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= SPONSOR_LIMITS.signUpPerIp.max; i++)
      statuses.push(
        (await signUp(code, { name: `Pessoa ${i}`, acceptedTerms: true, termsVersion }, ip)).statusCode,
      );
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await signUp(code, { name: 'Mais uma', acceptedTerms: true, termsVersion }, ip);
    expect(refused.json().message).toBe(SPONSOR_MESSAGES.tooMany);
    // the link's own limit, from many addresses (refused attempts count too)
    const other = await buildPerson(t, admin, { name: 'Igor' });
    const link = (await linkOf(admin, other.code)).code;
    let last = 0;
    for (let i = 0; i <= SPONSOR_LIMITS.signUpPerLink.max; i++)
      last = (await signUp(link, { acceptedTerms: false, termsVersion }, freshIp())).statusCode;
    expect(last).toBe(429);
  });

  it('refuses sign-ups that would pass the plan contact limit', async () => {
    const small = await buildTenant(t, { planId: 'FREE' });
    const owner = await signedIn(t, small, [...ROLES]);
    const plan = await t.db.ownerSession((run) => run(`SELECT total_contacts FROM plans WHERE id = 'FREE'`));
    const limit = Number(plan[0]?.total_contacts ?? 0);
    if (!limit) return;
    await withTenant(t.db, small.id, ({ trx }) =>
      sql`INSERT INTO people (tenant_id, name)
        SELECT ${small.id}, 'Contato ' || g FROM generate_series(1, ${limit - 1}) g`.execute(trx),
    );
    const godfather = await buildPerson(t, owner, { name: 'Último' });
    const { code } = await linkOf(owner, godfather.code);
    await configure(owner, [{ name: 'name', isRequired: true }]);
    const termsVersion = (await publicForm(code, small.slug)).json().data.termsVersion;
    const res = await signUp(
      code,
      { name: 'Excedente', acceptedTerms: true, termsVersion },
      freshIp(),
      small.slug,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SPONSOR_MESSAGES.unavailable);
  });

  // --- issue 25 item 3: a public sign-up never changes an existing record
  describe('a sign-up that matches an existing contact', () => {
    const PENDING = '/api/people/sponsor-sign-ups';
    /** everything stored about a person: the row (every column), their links and their consents */
    const recordOf = (code: number) =>
      withTenant(t.db, tenant.id, async ({ trx }) => ({
        person: (await sql`SELECT * FROM people WHERE id = ${code}`.execute(trx)).rows,
        links: (await sql`SELECT * FROM sponsor_links WHERE person_id = ${code} ORDER BY code`.execute(trx))
          .rows,
        consents: (
          await sql`SELECT * FROM sponsor_consents WHERE person_id = ${code} ORDER BY id`.execute(trx)
        ).rows,
      }));
    const pendingOf = async (who: Caller) => {
      const res = await call(t, who, 'GET', `${PENDING}?itemsPerPage=200`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as {
        total: number;
        list: {
          id: number;
          receivedAt: string;
          values: Record<string, string>;
          person: { code: number; name: string | null };
          godfather: { code: number; name: string } | null;
          linkCode: string;
          ip: string;
          userAgent: string;
        }[];
      };
    };
    let seq = 0;
    /** a contact created by the admin (with their own link), and an attacker's link to sign up through */
    async function scene() {
      const n = ++seq;
      const victim = await buildPerson(t, admin, {
        name: 'Vitória Alves',
        email: `vitoria.${n}@ex.com`,
        cpf: ['12345678909', '98765432100', '31415926590', '27182818205'][n % 4],
        notes: 'anotação da equipe',
      });
      const victimLink = await linkOf(admin, victim.code);
      const attacker = await buildPerson(t, admin, { name: `Atacante ${n}` });
      const { code } = await linkOf(admin, attacker.code);
      await configure(admin, [
        { name: 'name', isRequired: false },
        { name: 'email', isRequired: false },
        { name: 'cpf', isRequired: false },
        { name: 'profession', isRequired: false },
        { name: 'city', isRequired: false },
      ]);
      return { victim, victimLink, attacker, code, termsVersion: await version(code) };
    }

    for (const key of ['email', 'cpf'] as const) {
      it(`by ${key}: the contact's row, links and consents stay byte for byte; the answer is a new person's`, async () => {
        const { victim, victimLink, attacker, code, termsVersion } = await scene();
        // the shape a brand-new person gets
        const fresh = await signUp(code, {
          name: 'Novo Apoiador',
          email: `novo.${seq}.${key}@ex.com`,
          acceptedTerms: true,
          termsVersion,
        });
        expect(fresh.statusCode).toBe(200);
        const before = await recordOf(victim.code);
        const attackerBefore = await recordOf(attacker.code);
        const res = await signUp(code, {
          // the first name on record: the old code answered the contact's own link that greets so
          name: 'Vitória Falsa',
          ...(key === 'email' ? { email: victim.email } : { cpf: victim.cpf }),
          profession: 'Invasor',
          city: 'Lugar Nenhum',
          acceptedTerms: true,
          termsVersion,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(await recordOf(victim.code)).toEqual(before);
        expect(await recordOf(attacker.code)).toEqual(attackerBefore);
        const answer = res.json().data;
        expect(Object.keys(answer).sort()).toEqual(Object.keys(fresh.json().data).sort());
        expect(Object.keys(answer.link).sort()).toEqual(Object.keys(fresh.json().data.link).sort());
        expect(answer.name).toBe('Vitória Falsa');
        expect(answer.link.code).toMatch(/^vitoria-\d{6}$/);
        expect(res.body).not.toContain(victimLink.code);
        // the answered link opens a page like any link, greeting with what was typed...
        const page = await publicForm(answer.link.code);
        expect(page.statusCode).toBe(200);
        expect(page.json().data.godfather).toEqual({ code: answer.link.code, name: 'Vitória' });
        // ...but it is not the contact's: who signs up through it is not their godchild
        const through = await signUp(answer.link.code, {
          name: 'Afilhada Pela Isca',
          email: `isca.${seq}.${key}@ex.com`,
          acceptedTerms: true,
          termsVersion,
        });
        expect(through.statusCode).toBe(200);
        const godchild = (await peopleWith(`isca.${seq}.${key}@ex.com`)).list[0];
        expect(godchild?.godfather ?? null).toBeNull();
        expect(await recordOf(victim.code)).toEqual(before);
      });
    }

    it('waits for a team user: the list shows it; Confirmar merges it as before with the original evidence', async () => {
      const { victim, attacker, code, termsVersion } = await scene();
      const ip = freshIp();
      const res = await signUp(
        code,
        {
          name: 'Vitória Alves',
          email: victim.email,
          profession: 'Professora',
          acceptedTerms: true,
          termsVersion,
        },
        ip,
      );
      const reserved = res.json().data.link.code as string;
      const pending = (await pendingOf(admin)).list.filter((p) => p.person.code === victim.code);
      expect(pending).toHaveLength(1);
      const item = pending[0] as (typeof pending)[number];
      expect(item).toMatchObject({
        values: { name: 'Vitória Alves', email: victim.email, profession: 'Professora' },
        person: { code: victim.code, name: 'Vitória Alves' },
        godfather: { code: attacker.code, name: attacker.name },
        linkCode: code,
        ip,
        userAgent: 'Navegador de Teste/1.0',
      });
      const confirmed = await call(t, admin, 'POST', `${PENDING}/${item.id}/confirm`);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const after = (await call(t, admin, 'GET', `/api/people/${victim.code}`)).body.data;
      // blank fields filled, nothing overwritten, the godfather set (the contact had none)
      expect(after).toMatchObject({
        name: 'Vitória Alves',
        profession: 'Professora',
        notes: 'anotação da equipe',
      });
      expect(after.godfather?.code ?? after.godfatherCode).toBe(attacker.code);
      const sponsor = (await call(t, admin, 'GET', `/api/people/${victim.code}/sponsor`)).body.data;
      expect(sponsor.consents).toHaveLength(1);
      expect(sponsor.consents[0]).toMatchObject({
        acceptedAt: item.receivedAt,
        ip,
        userAgent: 'Navegador de Teste/1.0',
        termsVersion,
        godfather: { code: attacker.code },
      });
      // the answered link is now the contact's
      const links = (await recordOf(victim.code)).links.map((l) => (l as { code: string }).code);
      expect(links).toContain(reserved);
      expect((await pendingOf(admin)).list.some((p) => p.id === item.id)).toBe(false);
      expect((await call(t, admin, 'POST', `${PENDING}/${item.id}/confirm`)).status).toBe(404);
    });

    it('Descartar drops it: the contact unchanged, the answered link gone', async () => {
      const { victim, code, termsVersion } = await scene();
      const before = await recordOf(victim.code);
      const res = await signUp(code, { name: 'Outra', cpf: victim.cpf, acceptedTerms: true, termsVersion });
      const reserved = res.json().data.link.code as string;
      const item = (await pendingOf(admin)).list.find((p) => p.person.code === victim.code);
      expect(item).toBeDefined();
      const discarded = await call(t, admin, 'POST', `${PENDING}/${item?.id}/discard`);
      expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
      expect(await recordOf(victim.code)).toEqual(before);
      expect((await publicForm(reserved)).statusCode).toBe(404);
      expect((await call(t, admin, 'POST', `${PENDING}/${item?.id}/discard`)).status).toBe(404);
    });

    it('needs ROLE_CRM, the contact visible to the caller, and the same tenant', async () => {
      const { victim, code, termsVersion } = await scene();
      await signUp(code, { name: 'X', email: victim.email, acceptedTerms: true, termsVersion });
      const item = (await pendingOf(admin)).list.find((p) => p.person.code === victim.code);
      expect(item).toBeDefined();
      const before = await recordOf(victim.code);
      const id = item?.id;
      const reportOnly = await signedIn(t, tenant, ['ROLE_REPORT', 'ROLE_TEAM'], 'Sem CRM');
      for (const [method, url] of [
        ['GET', PENDING],
        ['POST', `${PENDING}/${id}/confirm`],
        ['POST', `${PENDING}/${id}/discard`],
      ] as const) {
        expect((await call(t, reportOnly, method, url)).status, `${method} ${url}`).toBe(403);
        expect((await t.api.inject({ method, url })).statusCode, `${method} ${url} sem sessão`).toBe(403);
      }
      // ROLE_CRM without ROLE_CRM_ALL_DATA: the admin's contact is not theirs to see nor to change
      expect((await pendingOf(crmOnly)).list.some((p) => p.id === id)).toBe(false);
      expect((await call(t, crmOnly, 'POST', `${PENDING}/${id}/confirm`)).status).toBe(404);
      expect((await call(t, crmOnly, 'POST', `${PENDING}/${id}/discard`)).status).toBe(404);
      // another tenant's user with every role
      const other = await buildTenant(t);
      const stranger = await signedIn(t, other, [...ROLES]);
      expect((await pendingOf(stranger)).total).toBe(0);
      expect((await call(t, stranger, 'POST', `${PENDING}/${id}/confirm`)).status).toBe(404);
      expect((await call(t, stranger, 'POST', `${PENDING}/${id}/discard`)).status).toBe(404);
      expect(await recordOf(victim.code)).toEqual(before);
      expect((await pendingOf(admin)).list.some((p) => p.id === id)).toBe(true);
    });

    it('caps the waiting sign-ups of a link: past it every sign-up through the link is a 429, new or not', async () => {
      const { victim, attacker, code, termsVersion } = await scene();
      await withTenant(t.db, tenant.id, ({ trx }) =>
        sql`INSERT INTO sponsor_pending_signups
              (tenant_id, person_id, godfather_id, link_code, code, greeting, fields, terms_hash, ip, user_agent)
            SELECT ${tenant.id}, ${victim.code}, ${attacker.code}, ${code}, 'cheio-' || (100000 + g),
              'Cheio', '{}', ${termsVersion}, '10.0.0.1', 'x'
            FROM generate_series(1, ${SPONSOR_LIMITS.pendingPerLink}) g`.execute(trx),
      );
      const known = await signUp(code, { name: 'A', email: victim.email, acceptedTerms: true, termsVersion });
      const fresh = await signUp(code, {
        name: 'B',
        email: `b.${seq}@ex.com`,
        acceptedTerms: true,
        termsVersion,
      });
      expect([known.statusCode, fresh.statusCode]).toEqual([429, 429]);
      expect(fresh.json().message).toBe(SPONSOR_MESSAGES.tooMany);
      expect((await peopleWith(`b.${seq}@ex.com`)).total).toBe(0);
    });
  });
});

describe(`sponsor sign-up answer time (${testEngine})`, () => {
  const FLOOR = 300;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sponsorSignUpMinMs: FLOOR });
  });
  afterAll(() => t.close());

  it('answers a new person and an existing contact after the same floor (the time tells nothing)', async () => {
    const tenant = await buildTenant(t);
    const admin = await signedIn(t, tenant, [...ROLES]);
    await call(t, admin, 'PUT', FORM, {
      title: 'T',
      description: 'D',
      terms: TERMS,
      fields: [
        { name: 'name', isRequired: false },
        { name: 'email', isRequired: false },
      ],
    });
    const known = await buildPerson(t, admin, { name: 'Conhecida', email: 'conhecida@ex.com' });
    const link = (await call(t, admin, 'POST', `/api/people/godfather/${known.code}/invite`)).body.data.code;
    const headers = { 'x-schema': tenant.slug };
    const form = await t.api.inject({ method: 'GET', url: `/api/people/godfather-form/${link}`, headers });
    const termsVersion = form.json().data.termsVersion;
    for (const email of ['nova@ex.com', 'conhecida@ex.com']) {
      const started = performance.now();
      const res = await t.api.inject({
        method: 'POST',
        url: `/api/people/godfather-form/${link}`,
        headers,
        remoteAddress: freshIp(),
        payload: { name: 'Ana', email, acceptedTerms: true, termsVersion },
      });
      expect(res.statusCode, email).toBe(200);
      expect(performance.now() - started, email).toBeGreaterThanOrEqual(FLOOR);
    }
  });
});
