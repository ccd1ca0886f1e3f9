import { createPublicKey } from 'node:crypto';
import { MARKETING_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, signedIn } from '../../test/crm-factories.ts';
import { startDnsServer } from '../../test/dns-server.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { setUserActive } from '../users/users.service.ts';
import { revalidateDomains } from './domains.job.ts';
import { DOMAIN_VALIDATIONS_PER_TENANT, privateKeyAad } from './domains.service.ts';
import { decrypt, marketingKey } from './marketing-crypto.ts';

const SPF_HOST = 'spf.envio.teste';

describe(`marketing service and domains (${testEngine})`, () => {
  let t: TestApp;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let tenant: BuiltTenant;
  let manager: Caller;

  const login = (who: Caller, body: unknown = { slug: tenant.slug }) =>
    t.api.inject({
      method: 'POST',
      url: '/api/mkt/auth/login',
      headers: who.headers,
      payload: body as object,
    });

  const mktToken = (who: Caller) => marketingToken(t, who.headers, tenant.slug);

  async function mkt(token: string, method: string, url: string, payload?: unknown, slug = tenant.slug) {
    const res = await t.api.inject({
      method: method as 'GET',
      url,
      headers: { 'x-schema': slug, authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  }

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await createTestApp({
      marketing: {
        key: undefined, // no MARKETING_KEY: the key generated once in app_settings (embedded default)
        spfInclude: SPF_HOST,
        dnsServers: [dns.address],
        tokenTtlSeconds: 900,
      },
    });
    tenant = await buildTenant(t, { marketingSecret: 'segredo-do-tenant' });
    manager = await signedIn(t, tenant, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Gestora');
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  describe('auth', () => {
    it('gives a marketing token with the session, with or without the right secret', async () => {
      const res = await login(manager);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.data.token).toMatch(/^ey/);
      expect((await login(manager, { slug: tenant.slug, secret: 'segredo-do-tenant' })).statusCode).toBe(200);
      const wrong = await login(manager, { slug: tenant.slug, secret: 'outro' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(MARKETING_TEXTS.invalidSecret);
      expect((await login(manager, { slug: 'outro-tenant' })).statusCode).toBe(403);
    });

    it('stores the secret hashed', async () => {
      const row = await t.db.kysely
        .selectFrom('tenants')
        .select('marketing_secret')
        .where('slug', '=', tenant.slug)
        .executeTakeFirstOrThrow();
      expect(row.marketing_secret).toMatch(/^sha256:[0-9a-f]{64}$/);
    });

    it('refuses the login without session, without ROLE_MARKETING or in a tenant without secret', async () => {
      const anon = await t.api.inject({
        method: 'POST',
        url: '/api/mkt/auth/login',
        headers: { 'x-schema': tenant.slug },
        payload: { slug: tenant.slug },
      });
      expect(anon.statusCode).toBe(401);
      const crm = await signedIn(t, tenant, ['ROLE_CRM'], 'Sem marketing');
      expect((await login(crm)).statusCode).toBe(403);
      const bare = await buildTenant(t, { marketingSecret: null });
      const other = await signedIn(t, bare, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Sem módulo');
      expect((await login(other, { slug: bare.slug })).statusCode).toBe(403);
    });

    it('takes only the marketing token as bearer, of its own tenant', async () => {
      expect((await mkt(manager.token, 'GET', '/api/mkt/domains')).status).toBe(401);
      expect((await mkt('lixo', 'GET', '/api/mkt/domains')).status).toBe(401);
      const token = await mktToken(manager);
      expect((await mkt(token, 'GET', '/api/mkt/domains')).status).toBe(200);
      // the marketing token is not a session token
      const res = await t.api.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { 'x-schema': tenant.slug, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      const other = await buildTenant(t);
      expect((await mkt(token, 'GET', '/api/mkt/domains', undefined, other.slug)).status).toBe(403);
    });

    it('re-checks the role and the user on every call', async () => {
      const who = await signedIn(t, tenant, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Perde papel');
      const token = await mktToken(who);
      expect((await mkt(token, 'GET', '/api/mkt/domains')).status).toBe(200);
      await withTenant(t.db, tenant.id, (ctx) =>
        sql`UPDATE users SET permissions = ARRAY['ROLE_CRM'] WHERE tenant_id = ${tenant.id} AND code = ${who.user.code}`.execute(
          ctx.trx,
        ),
      );
      expect((await mkt(token, 'GET', '/api/mkt/domains')).status).toBe(403);

      const gone = await signedIn(t, tenant, ['ROLE_MARKETING'], 'Desativada');
      const goneToken = await mktToken(gone);
      await setUserActive({ db: t.db }, tenant.slug, gone.user.email, false);
      expect((await mkt(goneToken, 'GET', '/api/mkt/domains')).status).toBe(401);
    });

    it('lets ROLE_MARKETING list but only ROLE_CONFIG with it change domains', async () => {
      const seller = await signedIn(t, tenant, ['ROLE_MARKETING'], 'Só marketing');
      const token = await mktToken(seller);
      expect((await mkt(token, 'GET', '/api/mkt/domains')).status).toBe(200);
      expect((await mkt(token, 'POST', '/api/mkt/domains', { name: 'nao-pode.com' })).status).toBe(403);
    });
  });

  describe('domains', () => {
    let token: string;
    beforeAll(async () => {
      token = await mktToken(manager);
    });

    function publish(
      domain: { configs: { type: string; host: string; value: string }[] },
      skip: string[] = [],
    ) {
      for (const c of domain.configs) if (!skip.includes(c.type)) dns.set(c.host, [c.value]);
    }

    it('creates a domain with its DKIM key, the private key sealed', async () => {
      const res = await mkt(token, 'POST', '/api/mkt/domains', { name: 'Envio.Exemplo.com.br' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const domain = res.body.data;
      expect(domain).toMatchObject({
        name: 'envio.exemplo.com.br',
        status: 'INVALID',
        failures: [],
        checkedAt: null,
      });
      expect(
        domain.configs.map((c: { type: string; host: string; status: string }) => [c.type, c.host, c.status]),
      ).toEqual([
        ['SPF', 'envio.exemplo.com.br', 'PENDING'],
        ['DKIM', 'mandato._domainkey.envio.exemplo.com.br', 'PENDING'],
        ['DMARC', '_dmarc.envio.exemplo.com.br', 'PENDING'],
      ]);
      expect(domain.configs[0].value).toBe(`v=spf1 include:${SPF_HOST} ~all`);
      const p = /p=([A-Za-z0-9+/=]+)$/.exec(domain.configs[1].value)?.[1] as string;
      const pub = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
      expect(pub.asymmetricKeyDetails?.modulusLength).toBe(2048);

      const row = await withTenant(t.db, tenant.id, (ctx) =>
        ctx.trx
          .selectFrom('mkt_domains')
          .select(['id', 'dkim_private_key'])
          .where('id', '=', String(domain.code))
          .executeTakeFirstOrThrow(),
      );
      expect(row.dkim_private_key).toMatch(/^v1:/);
      expect(row.dkim_private_key).not.toContain('PRIVATE KEY');
      const pem = decrypt(
        await marketingKey(t.app),
        row.dkim_private_key,
        privateKeyAad(tenant.id, String(row.id)),
      );
      expect(pem).toContain('BEGIN PRIVATE KEY');

      const again = await mkt(token, 'POST', '/api/mkt/domains', { name: 'envio.exemplo.com.br' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MARKETING_TEXTS.domainTaken);
    });

    it('refuses bad names and unknown keys in pt-BR, creating nothing', async () => {
      for (const name of [
        '*.exemplo.com',
        '127.0.0.1',
        'exemplo',
        `${'a'.repeat(64)}.com`,
        'a b.com',
        'x.com/y',
        '',
      ]) {
        const res = await mkt(token, 'POST', '/api/mkt/domains', { name });
        expect(res.status, name).toBe(400);
        expect(res.body.message).toBe(MARKETING_TEXTS.domainSaveError);
      }
      const extra = await mkt(token, 'POST', '/api/mkt/domains', { name: 'ok.com', admin: true });
      expect(extra.status).toBe(400);
      expect(extra.body.errors.admin).toEqual(['Campo informado não existe']);
      expect((await mkt(token, 'POST', '/api/mkt/domains', { name: 12 })).status).toBe(400);
      expect((await mkt(token, 'POST', '/api/mkt/domains/abc/validate')).status).toBe(400);
      expect((await mkt(token, 'POST', '/api/mkt/domains/999999/validate')).status).toBe(404);
      const list = await mkt(token, 'GET', '/api/mkt/domains');
      expect(list.body.data.list.map((d: { name: string }) => d.name)).not.toContain('ok.com');
      expect((await mkt(token, 'GET', '/api/mkt/domains?status=OUTRO')).status).toBe(400);
    });

    it('accepts an IDN name as punycode', async () => {
      const res = await mkt(token, 'POST', '/api/mkt/domains', { name: 'ação.com.br' });
      expect(res.status).toBe(200);
      expect(res.body.data.name).toBe('xn--ao-siap.com.br');
    });

    it('validates against DNS: valid, missing DKIM, wrong SPF, removed later and demoted by the job', async () => {
      const create = async (name: string) =>
        (await mkt(token, 'POST', '/api/mkt/domains', { name })).body.data;
      const good = await create('bom.exemplo.org');
      const noDkim = await create('semdkim.exemplo.org');
      const badSpf = await create('spf-errado.exemplo.org');
      publish(good);
      publish(noDkim, ['DKIM']);
      publish(badSpf, ['SPF']);
      dns.set(badSpf.name, ['v=spf1 include:outro.provedor.com ~all']);

      const v1 = await mkt(token, 'POST', `/api/mkt/domains/${good.code}/validate`);
      expect(v1.status, JSON.stringify(v1.body)).toBe(200);
      expect(v1.body.data).toMatchObject({ status: 'VALID', failures: [] });
      expect(v1.body.data.configs.map((c: { status: string }) => c.status)).toEqual([
        'VALID',
        'VALID',
        'VALID',
      ]);

      const v2 = await mkt(token, 'POST', `/api/mkt/domains/${noDkim.code}/validate`);
      expect(v2.body.data).toMatchObject({ status: 'INVALID', failures: ['DKIM'] });

      const v3 = await mkt(token, 'POST', `/api/mkt/domains/${badSpf.code}/validate`);
      expect(v3.body.data).toMatchObject({ status: 'INVALID', failures: ['SPF'] });

      // a DKIM record with another key does not count
      dns.set(noDkim.configs[1].host, [good.configs[1].value]);
      const v4 = await mkt(token, 'POST', `/api/mkt/domains/${noDkim.code}/validate`);
      expect(v4.body.data.failures).toEqual(['DKIM']);

      const onlyValid = await mkt(token, 'GET', '/api/mkt/domains?status=VALID');
      expect(onlyValid.body.data.list.map((d: { name: string }) => d.name)).toEqual(['bom.exemplo.org']);

      // the daily job: nothing due right after a check; a day later, the removed DMARC demotes it
      expect(await revalidateDomains(t.app)).toBe(0);
      dns.remove(good.configs[2].host);
      const tomorrow = new Date(Date.now() + 25 * 3600 * 1000);
      expect(await revalidateDomains(t.app, tomorrow)).toBeGreaterThanOrEqual(1);
      const after = await mkt(token, 'GET', '/api/mkt/domains');
      const demoted = after.body.data.list.find((d: { name: string }) => d.name === 'bom.exemplo.org');
      expect(demoted).toMatchObject({ status: 'INVALID', failures: ['DMARC'] });
    });

    it("'Atualizar' waits on DNS with no transaction open: a silent name server stalls no other tenant", async () => {
      const silent = (await mkt(token, 'POST', '/api/mkt/domains', { name: 'mudo.exemplo.org' })).body.data;
      dns.hold('mudo.exemplo.org'); // a name server that drops every question about it
      const other = await buildTenant(t);
      const neighbour = await signedIn(t, other, ['ROLE_CRM'], 'Vizinha');
      // more at once than PostgreSQL's pool (10) has connections, and than the per-tenant cap
      const excess = 12 - DOMAIN_VALIDATIONS_PER_TENANT;
      let firstAnswer = () => {};
      const validationAnswered = new Promise<'validation'>((resolve) => {
        firstAnswer = () => resolve('validation');
      });
      let refusals = 0;
      let allRefused = () => {};
      const excessRefused = new Promise<void>((resolve) => {
        allRefused = resolve;
      });
      const validations = Array.from({ length: 12 }, () =>
        mkt(token, 'POST', `/api/mkt/domains/${silent.code}/validate`).then((res) => {
          if (res.status !== 429) firstAnswer();
          else if (++refusals === excess) allRefused();
          return res;
        }),
      );
      await dns.holding(3 * DOMAIN_VALIDATIONS_PER_TENANT); // the accepted ones all wait on DNS
      const search = t.api.inject({
        method: 'POST',
        url: '/api/people/search',
        headers: neighbour.headers,
        payload: {},
      });
      // the other tenant is answered while every accepted validation still waits for its name server
      expect(await Promise.race([search.then(() => 'search'), validationAnswered])).toBe('search');
      expect((await search).statusCode).toBe(200);
      await excessRefused; // the ones beyond the cap, refused while the others still wait
      dns.release();
      const results = await Promise.all(validations);
      const refused = results.filter((r) => r.status === 429);
      expect(refused).toHaveLength(excess);
      for (const r of refused) expect(r.body.message).toBe(MARKETING_TEXTS.domainValidationBusy);
      for (const r of results.filter((r) => r.status !== 429)) {
        expect(r.status).toBe(200);
        expect(r.body.data).toMatchObject({ status: 'INVALID', failures: ['SPF', 'DKIM', 'DMARC'] });
      }
      // the slots are given back: the next 'Atualizar' is accepted
      expect((await mkt(token, 'POST', `/api/mkt/domains/${silent.code}/validate`)).status).toBe(200);
    });

    it("'Atualizar' of a domain removed while its DNS answer was awaited is a 404", async () => {
      const gone = (await mkt(token, 'POST', '/api/mkt/domains', { name: 'some.exemplo.org' })).body.data;
      dns.hold('some.exemplo.org');
      const validation = mkt(token, 'POST', `/api/mkt/domains/${gone.code}/validate`);
      await dns.holding(3);
      expect((await mkt(token, 'DELETE', `/api/mkt/domains/${gone.code}`)).status).toBe(200);
      dns.release();
      const res = await validation;
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MARKETING_TEXTS.domainNotFound);
    });

    it('removes a domain', async () => {
      const created = (await mkt(token, 'POST', '/api/mkt/domains', { name: 'remover.exemplo.net' })).body
        .data;
      expect((await mkt(token, 'DELETE', `/api/mkt/domains/${created.code}`)).status).toBe(200);
      expect((await mkt(token, 'DELETE', `/api/mkt/domains/${created.code}`)).status).toBe(404);
    });

    it('keeps domains to their tenant', async () => {
      const other = await buildTenant(t);
      const who = await signedIn(t, other, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Outra');
      const res = await t.api.inject({
        method: 'POST',
        url: '/api/mkt/auth/login',
        headers: who.headers,
        payload: { slug: other.slug },
      });
      const otherToken = res.json().data.data.token;
      const list = await mkt(otherToken, 'GET', '/api/mkt/domains', undefined, other.slug);
      expect(list.body.data.total).toBe(0);
      const mine = (await mkt(token, 'GET', '/api/mkt/domains')).body.data.list[0];
      expect(
        (await mkt(otherToken, 'POST', `/api/mkt/domains/${mine.code}/validate`, undefined, other.slug))
          .status,
      ).toBe(404);
    });
  });
});
