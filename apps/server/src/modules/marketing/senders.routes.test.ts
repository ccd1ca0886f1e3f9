import { MESSAGES, SENDER_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutTenant, withTenant } from '../../platform/db/tenancy.ts';
import { readOutbox } from '../../platform/mail/mailer.ts';
import { type Caller, signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { setTenantActive } from '../tenants/tenants.service.ts';

interface Link {
  senderCode: string;
  senderToken: string;
  token: string;
}

describe(`marketing senders (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let manager: Caller;
  let token: string;
  let domainCode: number;
  let domainName: string;

  const mktToken = (who: Caller, slug = tenant.slug) => marketingToken(t, who.headers, slug);

  async function mkt(method: string, url: string, payload?: unknown, bearer = token, slug = tenant.slug) {
    const res = await t.api.inject({
      method: method as 'GET',
      url,
      headers: { 'x-schema': slug, authorization: `Bearer ${bearer}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  }

  async function confirm(payload: unknown) {
    const res = await t.api.inject({
      method: 'POST',
      url: '/api/public/sender-email-confirm',
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  }

  /** A domain of `who`'s tenant made VALID (as if its DNS records were published). */
  async function validDomain(bearer: string, slug: string, tenantId: string, name: string) {
    const created = await mkt('POST', '/api/mkt/domains', { name }, bearer, slug);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const code = created.body.data.code as number;
    await withTenant(t.db, tenantId, ({ trx }) =>
      trx.updateTable('mkt_domains').set({ status: 'VALID' }).where('id', '=', String(code)).execute(),
    );
    return code;
  }

  /** The activation link in the latest outbox message to `email`, if one is still kept. */
  async function mailedLink(email: string, tenantId = tenant.id): Promise<Link | undefined> {
    const mail = (await readOutbox(t.db, tenantId, 50)).find((m) => m.to_address === email);
    const match =
      mail && /\/sender-email-confirm\/(\d+)\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail.text_body);
    return match
      ? { senderCode: match[1] as string, senderToken: match[2] as string, token: match[3] as string }
      : undefined;
  }

  /** The last activation e-mails a minute old: the next one is within the limits (one a minute). */
  const aMinuteLater = () =>
    sql`UPDATE login_throttle SET window_start = window_start - interval '61 seconds',
      last_at = last_at - interval '61 seconds'`.execute(t.db.kysely);

  async function newSender(emailPrefix: string, name = 'Gabinete') {
    const res = await mkt('POST', '/api/mkt/senders', { name, emailPrefix, domainCode });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { code: number; email: string; status: string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { marketingSecret: 'segredo-do-tenant' });
    manager = await signedIn(t, tenant, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Gestora');
    token = await mktToken(manager);
    domainName = `envio-${tenant.slug}.exemplo.com.br`;
    domainCode = await validDomain(token, tenant.slug, tenant.id, domainName);
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a sender PENDING_VALIDATION and activates it once through the e-mailed link', async () => {
    const sender = await newSender('Contato', 'Gabinete da Vereadora');
    expect(sender).toMatchObject({
      name: 'Gabinete da Vereadora',
      emailPrefix: 'contato',
      email: `contato@${domainName}`,
      domainCode,
      domainName,
      status: 'PENDING_VALIDATION',
    });
    expect(await t.worker.drain()).toBe(1);
    const link = await mailedLink(sender.email);
    expect(link?.senderCode).toBe(String(sender.code));
    expect(link?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // only hashes are stored
    const row = await withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_senders')
        .selectAll()
        .where('id', '=', String(sender.code))
        .executeTakeFirstOrThrow(),
    );
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(link?.token);
    // outside a tenant, only the row whose link id the transaction names is visible
    const unbound = await withoutTenant(t.db, (trx) => trx.selectFrom('mkt_senders').select('id').execute());
    expect(unbound).toEqual([]);
    const named = await withoutTenant(t.db, async (trx) => {
      await sql`SELECT set_config('app.sender_link', ${row.link_id}, true)`.execute(trx);
      return trx.selectFrom('mkt_senders').select('id').execute();
    });
    expect(named).toEqual([{ id: row.id }]);

    // not yet ACTIVE: the shot editor does not see it
    const active = await mkt('GET', '/api/mkt/senders?status=ACTIVE');
    expect(active.body.data.list.map((s: { code: number }) => s.code)).not.toContain(sender.code);

    const ok = await confirm(link);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toEqual({ confirmed: true });
    const after = await mkt('GET', '/api/mkt/senders?status=ACTIVE');
    expect(after.body.data.list).toEqual([expect.objectContaining({ code: sender.code, status: 'ACTIVE' })]);
    expect(after.body.data.total).toBe(1);

    // single use: the same link again fails, and its stored message is gone
    const again = await confirm(link);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(SENDER_TEXTS.invalidToken);
    expect(await mailedLink(sender.email)).toBeUndefined();
  });

  it('refuses an expired token the same way as a wrong one', async () => {
    const sender = await newSender('expira');
    await t.worker.drain();
    const link = (await mailedLink(sender.email)) as Link;
    await withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .updateTable('mkt_senders')
        .set({ token_expires_at: sql<Date>`now() - interval '1 minute'` })
        .where('id', '=', String(sender.code))
        .execute(),
    );
    const expired = await confirm(link);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(SENDER_TEXTS.invalidToken);
    const wrong = await confirm({ ...link, token: 'A'.repeat(43) });
    expect(wrong).toEqual(expired);
    // 'Reenviar' sends a new link that works; the expired one still does not
    await aMinuteLater();
    expect((await mkt('GET', `/api/mkt/senders/${sender.code}/send-email-token`)).status).toBe(200);
    await t.worker.drain();
    const fresh = (await mailedLink(sender.email)) as Link;
    expect(fresh.token).not.toBe(link.token);
    expect((await confirm(link)).status).toBe(404);
    expect((await confirm(fresh)).status).toBe(200);
    // no longer pending: nothing to resend
    const resend = await mkt('GET', `/api/mkt/senders/${sender.code}/send-email-token`);
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(SENDER_TEXTS.notPending);
  });

  it('a new e-mail replaces the previous link', async () => {
    const sender = await newSender('troca');
    await t.worker.drain();
    const first = (await mailedLink(sender.email)) as Link;
    await aMinuteLater();
    expect((await mkt('GET', `/api/mkt/senders/${sender.code}/send-email-token`)).status).toBe(200);
    await t.worker.drain();
    const second = (await mailedLink(sender.email)) as Link;
    expect((await confirm(first)).status).toBe(404);
    // the link's parts must belong together
    expect((await confirm({ ...second, senderCode: String(sender.code + 1000) })).status).toBe(404);
    expect((await confirm({ ...second, senderToken: 'B'.repeat(22) })).status).toBe(404);
    expect((await confirm(second)).status).toBe(200);
  });

  it('Desativar and Ativar by status; a pending sender is not activated by a click', async () => {
    const sender = await newSender('status');
    const status = (code: number, value: string) =>
      mkt('PUT', `/api/mkt/senders/${code}/status`, { status: value });
    const refused = await status(sender.code, 'ACTIVE');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SENDER_TEXTS.cannotActivate);
    expect((await status(sender.code, 'INACTIVE')).body.message).toBe(SENDER_TEXTS.cannotDeactivate);
    await t.worker.drain();
    expect((await confirm(await mailedLink(sender.email))).status).toBe(200);
    const off = await status(sender.code, 'INACTIVE');
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe('INACTIVE');
    const on = await status(sender.code, 'ACTIVE');
    expect(on.body.data.status).toBe('ACTIVE');
    expect((await status(sender.code, 'PENDING_VALIDATION')).status).toBe(400);
    // an edit puts it back to pending with a new e-mail
    await aMinuteLater();
    const edited = await mkt('PUT', `/api/mkt/senders/${sender.code}`, {
      name: 'Outro nome',
      emailPrefix: 'status',
      domainCode,
      status: 'PENDING_VALIDATION',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Outro nome', status: 'PENDING_VALIDATION' });
    expect(await t.worker.drain()).toBe(1);
    expect(await mailedLink(sender.email)).toBeDefined();
  });

  it('validate-token with the marketing token', async () => {
    const sender = await newSender('validar');
    await t.worker.drain();
    const link = (await mailedLink(sender.email)) as Link;
    const url = `/api/mkt/senders/${sender.code}/validate-token`;
    expect((await mkt('POST', url, { token: 'errado' })).status).toBe(404);
    const ok = await mkt('POST', url, { token: link.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('ACTIVE');
    expect((await mkt('POST', url, { token: link.token })).status).toBe(404);
    expect((await mkt('POST', url, { token: link.token, x: 1 })).status).toBe(400);
  });

  it('refuses bad input with pt-BR field errors, never a 500', async () => {
    const post = (body: unknown) => mkt('POST', '/api/mkt/senders', body);
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      name: [MESSAGES.required],
      emailPrefix: [MESSAGES.required],
      domainCode: [MESSAGES.required],
    });
    const bad = await post({ name: 'x', emailPrefix: 'a b', domainCode: domainCode });
    expect(bad.body.errors.emailPrefix).toEqual([SENDER_TEXTS.invalidPrefix]);
    expect((await post({ name: 'x', emailPrefix: 'a', domainCode, extra: 1 })).status).toBe(400);
    expect((await post({ name: 'x', emailPrefix: 'a', domainCode: 'um' })).status).toBe(400);
    expect((await post({ name: ['x'], emailPrefix: 'a', domainCode })).status).toBe(400);
    expect((await post({ name: 'x\u0007', emailPrefix: 'a', domainCode })).status).toBe(400);
    expect((await post({ name: 'x', emailPrefix: 'a', domainCode, status: 'ACTIVE' })).status).toBe(400);
    expect((await post({ name: 'x', emailPrefix: 'a', domainCode: 1e20 })).status).toBe(400);
    // an unknown or unverified domain
    const unknown = await post({ name: 'x', emailPrefix: 'a', domainCode: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.domainCode).toEqual([SENDER_TEXTS.domainNotValid]);
    const invalid = await mkt('POST', '/api/mkt/domains', { name: `invalido-${tenant.slug}.exemplo.com.br` });
    const onInvalid = await post({ name: 'x', emailPrefix: 'a', domainCode: invalid.body.data.code });
    expect(onInvalid.body.errors.domainCode).toEqual([SENDER_TEXTS.domainNotValid]);
    // the same address twice
    await newSender('duplo');
    const twice = await post({ name: 'y', emailPrefix: 'DUPLO', domainCode });
    expect(twice.status).toBe(409);
    expect(twice.body.errors.emailPrefix).toEqual([SENDER_TEXTS.senderTaken]);
    expect((await mkt('GET', '/api/mkt/senders?status=X')).status).toBe(400);
    expect((await mkt('GET', '/api/mkt/senders?itemsPerPage=0')).status).toBe(400);
    expect(
      (await mkt('PUT', '/api/mkt/senders/abc', { name: 'x', emailPrefix: 'a', domainCode })).status,
    ).toBe(400);
    expect((await mkt('DELETE', '/api/mkt/senders/999999')).status).toBe(404);
    // the public call
    expect((await confirm({ senderCode: 'x', senderToken: 'a', token: 'b' })).status).toBe(400);
    expect((await confirm({ senderCode: 1, senderToken: 'a', token: 'b', x: 1 })).status).toBe(400);
    expect((await confirm({ senderCode: 1, senderToken: 'a', token: 'b' })).status).toBe(404);
    expect(
      (await confirm({ senderCode: 1, senderToken: 'a'.repeat(22), token: 'b'.repeat(43) })).status,
    ).toBe(404);
  });

  it('keeps each tenant to its own senders and roles', async () => {
    const sender = await newSender('isolado');
    const other = await buildTenant(t, { marketingSecret: 'outro-segredo' });
    const otherManager = await signedIn(t, other, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Outra');
    const otherToken = await mktToken(otherManager, other.slug);
    const as = (method: string, url: string, body?: unknown) =>
      mkt(method, url, body, otherToken, other.slug);
    expect((await as('GET', '/api/mkt/senders')).body.data).toEqual({ list: [], total: 0 });
    expect((await as('DELETE', `/api/mkt/senders/${sender.code}`)).status).toBe(404);
    expect((await as('PUT', `/api/mkt/senders/${sender.code}/status`, { status: 'INACTIVE' })).status).toBe(
      404,
    );
    expect((await as('GET', `/api/mkt/senders/${sender.code}/send-email-token`)).status).toBe(404);
    // another tenant's domain is not a valid domain here
    const mine = await as('POST', '/api/mkt/senders', { name: 'x', emailPrefix: 'a', domainCode });
    expect(mine.status).toBe(400);
    // a marketing user without ROLE_CONFIG reads but does not write
    const reader = await signedIn(t, tenant, ['ROLE_MARKETING'], 'Leitora');
    const readerToken = await mktToken(reader);
    expect((await mkt('GET', '/api/mkt/senders', undefined, readerToken)).status).toBe(200);
    expect(
      (await mkt('POST', '/api/mkt/senders', { name: 'x', emailPrefix: 'b', domainCode }, readerToken))
        .status,
    ).toBe(403);
    expect((await mkt('DELETE', `/api/mkt/senders/${sender.code}`, undefined, readerToken)).status).toBe(403);
    expect((await mkt('GET', '/api/mkt/senders', undefined, manager.token)).status).toBe(401);
  });

  it('refuses the link of an inactive tenant; removing a domain removes its senders', async () => {
    const other = await buildTenant(t, { marketingSecret: 'terceiro' });
    const who = await signedIn(t, other, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Terceira');
    const bearer = await mktToken(who, other.slug);
    const domain = await validDomain(bearer, other.slug, other.id, `terceiro-${other.slug}.exemplo.com.br`);
    const call = (method: string, url: string, body?: unknown) => mkt(method, url, body, bearer, other.slug);
    const created = await call('POST', '/api/mkt/senders', {
      name: 'x',
      emailPrefix: 'inativo',
      domainCode: domain,
    });
    await t.worker.drain();
    const link = await mailedLink(created.body.data.email, other.id);
    await setTenantActive(t.app, other.slug, false);
    expect((await confirm(link)).status).toBe(404);
    await setTenantActive(t.app, other.slug, true);
    const second = await call('POST', '/api/mkt/senders', {
      name: 'y',
      emailPrefix: 'outro',
      domainCode: domain,
    });
    expect(second.status).toBe(200);
    expect((await call('DELETE', `/api/mkt/domains/${domain}`)).status).toBe(200);
    expect((await call('GET', '/api/mkt/senders')).body.data.total).toBe(0);
    const removed = await call('DELETE', `/api/mkt/senders/${second.body.data.code}`);
    expect(removed.status).toBe(404);
  });

  it('removes a sender', async () => {
    const sender = await newSender('remover');
    const res = await mkt('DELETE', `/api/mkt/senders/${sender.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ code: sender.code });
    await t.worker.drain(); // its queued e-mail finds nothing to send
    expect(await mailedLink(sender.email)).toBeUndefined();
  });
});
