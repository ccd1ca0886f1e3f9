import { DONATION_TEXTS, MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unseal } from '../../platform/crypto/sealed-value.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type DonationSandbox, startDonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { PROVIDER_TOKEN_PURPOSE } from './donation-keys.ts';

const STATUS = '/api/sys-admin/donation-provider';
const TOKEN = `${STATUS}/token`;
const P = DONATION_TEXTS.provider;

/**
 * Issue 40 item 10: a PREMIUM tenant with ROLE_DONATION was a dead end until an operator ran the CLI
 * with the server stopped. Its administrator (ROLE_CONFIG) now sets the provider token from
 * Configurações while the server runs; the token is sealed as the CLI seals it.
 */
describe(`donation provider token from Configurações (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let tenant: BuiltTenant;
  let admin: Caller;
  let donor: Caller;

  const sealedOf = (tenantId: string) =>
    withTenant(t.db, tenantId, (ctx) =>
      ctx.trx.selectFrom('donation_accounts').select('provider_token_sealed').executeTakeFirst(),
    );

  beforeAll(async () => {
    sandbox = await startDonationSandbox();
    // the provider of `npm start` without DONATION_PROVIDER_URL: the embedded sandbox
    t = await createTestApp({
      donation: {
        providerUrl: sandbox.url,
        timeoutMs: 10_000,
        key: undefined,
        geoUrl: undefined,
        sandbox: true,
      },
    });
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, ['ROLE_CONFIG'], 'Administradora');
    donor = await signedIn(t, tenant, ['ROLE_DONATION'], 'Doações');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('a new account: no token, the donation module refuses with the spec text', async () => {
    expect(await call(t, admin, 'GET', STATUS)).toEqual({
      status: 200,
      body: { data: { connected: false, sandbox: true } },
    });
    const closed = await call(t, donor, 'GET', '/api/donations/onboarding');
    expect([closed.status, closed.body.message]).toEqual([403, DONATION_TEXTS.messages.noAccess]);
  });

  it('refuses a user without ROLE_CONFIG, even with ROLE_DONATION, and a caller of another tenant', async () => {
    for (const [method, url, body] of [
      ['GET', STATUS, undefined],
      ['PUT', TOKEN, { token: 'token-do-intruso' }],
    ] as const) {
      expect((await call(t, donor, method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    // an administrator of another tenant, with this tenant's X-Schema
    const other = await buildTenant(t);
    const otherAdmin = await signedIn(t, other, ['ROLE_CONFIG'], 'Outra administradora');
    const crossed = await t.api.inject({
      method: 'PUT',
      url: TOKEN,
      headers: { ...otherAdmin.headers, 'x-schema': tenant.slug },
      payload: { token: 'token-de-outro-tenant' },
    });
    expect([401, 403]).toContain(crossed.statusCode);
    const anonymous = await t.api.inject({
      method: 'PUT',
      url: TOKEN,
      headers: { 'x-schema': tenant.slug },
      payload: { token: 'token-sem-sessao' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await sealedOf(tenant.id)).toBeUndefined();
    // their own tenant got nothing either
    expect(await sealedOf(other.id)).toBeUndefined();
  });

  it('answers hostile input with a pt-BR 400 and stores nothing', async () => {
    for (const body of [
      {},
      { token: '' },
      { token: 'curto' },
      { token: 'token com espaço' },
      { token: 't'.repeat(201) },
      { token: 'token\u0000oculto' },
      { token: 'token<script>' },
      { token: 123456789 },
      { token: ['token-em-lista'] },
      { token: 'token-valido-123', extra: 1 },
      JSON.parse('{"token":"token-valido-123","__proto__":{"admin":true}}'),
    ]) {
      const res = await call(t, admin, 'PUT', TOKEN, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message).not.toMatch(/invalid|expected|required/i);
    }
    const bad = await call(t, admin, 'PUT', TOKEN, { token: 'token com espaço' });
    expect(bad.body.errors).toEqual({ token: [P.invalidToken] });
    expect((await call(t, admin, 'PUT', TOKEN, {})).body.errors).toEqual({ token: [MESSAGES.required] });
    expect(await sealedOf(tenant.id)).toBeUndefined();
  });

  it('seals the token bound to the tenant, never answers it, and the donation module then opens', async () => {
    const saved = await call(t, admin, 'PUT', TOKEN, { token: ' token-da-conta-1 ' });
    expect(saved).toEqual({ status: 200, body: { data: { connected: true, sandbox: true } } });
    expect(JSON.stringify(saved.body)).not.toContain('token-da-conta');
    const row = await sealedOf(tenant.id);
    expect(row?.provider_token_sealed).toBeDefined();
    expect(row?.provider_token_sealed).not.toContain('token-da-conta');
    const key = await t.app.donationKeys.key();
    expect(unseal(key, PROVIDER_TOKEN_PURPOSE, row?.provider_token_sealed ?? '', tenant.id)).toBe(
      'token-da-conta-1',
    );
    // bound to the tenant: under another tenant's id it does not open
    expect(() => unseal(key, PROVIDER_TOKEN_PURPOSE, row?.provider_token_sealed ?? '', '999999')).toThrow();
    expect((await call(t, admin, 'GET', STATUS)).body.data).toEqual({ connected: true, sandbox: true });

    // the module opens for the donation user, the provider reached with the token
    const opened = await call(t, donor, 'GET', '/api/donations/onboarding');
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.state).toBe('NOT_INTEGRATED');
    const options = await call(t, donor, 'GET', '/api/donations/options');
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    // the campaigns say the provider is the sandbox (the screen marks its link 'Ambiente de testes')
    expect((await call(t, donor, 'GET', '/api/donations/campaigns')).body.data).toEqual({
      items: [],
      sandbox: true,
    });

    // replaced: the new one is the one kept
    expect((await call(t, admin, 'PUT', TOKEN, { token: 'token-da-conta-2' })).status).toBe(200);
    const replaced = await sealedOf(tenant.id);
    expect(unseal(key, PROVIDER_TOKEN_PURPOSE, replaced?.provider_token_sealed ?? '', tenant.id)).toBe(
      'token-da-conta-2',
    );
    expect((await call(t, donor, 'GET', '/api/donations/onboarding')).status).toBe(200);
  });
});
