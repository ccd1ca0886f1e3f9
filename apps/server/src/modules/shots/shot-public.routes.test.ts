import { randomBytes } from 'node:crypto';
import { PUBLIC_ROUTE_LIMITS, SHOT_PUBLIC_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSelfBound, withoutTenant, withTenant } from '../../platform/db/tenancy.ts';
import { shotMessageId } from '../../platform/mail/shot-transport.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { shotLinkKey } from '../marketing/marketing.lookup.ts';
import { shotEventsRepository, type TrackingRow } from './shot-events.repository.ts';
import { isOptedOut } from './shot-events.service.ts';
import { shotLinks } from './shot-links.ts';
import { shotPublicRepository } from './shot-public.repository.ts';

const T = SHOT_PUBLIC_TEXTS;
const SECRET = 'segredo-do-relay-de-teste';
const newLinkId = () => randomBytes(16).toString('base64url');

interface Recipient {
  id: string;
  address: string;
  linkId: string;
}

/** A frozen e-mail shot of `addresses` from an ACTIVE sender 'Gabinete da Vereadora'. */
async function frozenShot(t: TestApp, tenantId: string, addresses: string[]) {
  return withTenant(t.db, tenantId, async ({ trx }) => {
    const domain = await trx
      .insertInto('mkt_domains')
      .values({
        tenant_id: tenantId,
        name: `envio-${randomBytes(3).toString('hex')}.exemplo.com.br`,
        status: 'VALID',
        dkim_selector: 'mandato',
        dkim_public_key: 'x',
        dkim_private_key: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sender = await trx
      .insertInto('mkt_senders')
      .values({
        tenant_id: tenantId,
        name: 'Gabinete da Vereadora',
        email_prefix: 'contato',
        domain_id: String(domain.id),
        status: 'ACTIVE',
        link_id: newLinkId(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shot = await trx
      .insertInto('mkt_shots')
      .values({
        tenant_id: tenantId,
        channel: 'EMAIL',
        status: 'SENDING',
        subject: 'Olá',
        sender_id: sender.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await trx
      .insertInto('mkt_shot_recipients')
      .values(
        addresses.map((address) => ({
          tenant_id: tenantId,
          shot_id: String(shot.id),
          address,
          link_id: newLinkId(),
          status: 'SENT' as const,
        })),
      )
      .returning(['id', 'address', 'link_id'])
      .execute();
    return {
      shotId: String(shot.id),
      recipients: rows.map((r): Recipient => ({ id: String(r.id), address: r.address, linkId: r.link_id })),
    };
  });
}

describe(`shots, public side (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let links: ReturnType<typeof shotLinks>;

  const recipientRow = (tenantId: string, id: string) =>
    withTenant(t.db, tenantId, ({ trx }) =>
      trx.selectFrom('mkt_shot_recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
  const eventsOf = (tenantId: string, id: string) =>
    withTenant(t.db, tenantId, ({ trx }) =>
      trx
        .selectFrom('mkt_shot_events')
        .select(['kind', 'url'])
        .where('recipient_id', '=', id)
        .orderBy('id')
        .execute(),
    );
  const optOuts = (tenantId: string) =>
    withTenant(t.db, tenantId, ({ trx }) =>
      trx.selectFrom('mkt_opt_outs').select(['address', 'source', 'channel']).execute(),
    );
  const allEvents = async () =>
    Number(
      (
        await withTenant(t.db, tenant.id, ({ trx }) =>
          trx
            .selectFrom('mkt_shot_events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow(),
        )
      ).n,
    );

  const inject = (method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}) =>
    t.api.inject({ method, url, ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { name: 'Mandato Vereadora Ana' });
    other = await buildTenant(t, { name: 'Mandato Outro' });
    links = shotLinks(t.app.config.publicUrl, await shotLinkKey(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('unsubscribe', () => {
    it('GET shows the masked address, sender and mandate and changes nothing; the page POST opts out', async () => {
      const { recipients } = await frozenShot(t, tenant.id, ['maria.silva@exemplo.com.br']);
      const r = recipients[0] as Recipient;
      for (let i = 0; i < 2; i++) {
        const res = await inject('GET', `/api/public/unsubscribe/${r.linkId}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json().data).toEqual({
          address: 'm***@exemplo.com.br',
          sender: 'Gabinete da Vereadora',
          mandate: 'Mandato Vereadora Ana',
          optedOut: false,
        });
      }
      expect(await eventsOf(tenant.id, r.id)).toEqual([]);
      expect((await recipientRow(tenant.id, r.id)).unsubscribed_at).toBeNull();

      for (let i = 0; i < 2; i++) {
        const res = await inject('POST', `/api/public/unsubscribe/${r.linkId}`, {
          payload: { confirm: true },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toEqual({ unsubscribed: true });
      }
      expect((await recipientRow(tenant.id, r.id)).unsubscribed_at).not.toBeNull();
      expect(await optOuts(tenant.id)).toContainEqual({
        address: 'maria.silva@exemplo.com.br',
        source: 'link',
        channel: 'EMAIL',
      });
      expect((await inject('GET', `/api/public/unsubscribe/${r.linkId}`)).json().data.optedOut).toBe(true);
      // the rule the freeze and the dispatch apply: a later shot of the tenant leaves the address out
      expect(
        await withTenant(t.db, tenant.id, (ctx) => isOptedOut(ctx, 'EMAIL', 'Maria.Silva@exemplo.com.br')),
      ).toBe(true);
      expect(
        await withTenant(t.db, tenant.id, (ctx) => isOptedOut(ctx, 'SMS', 'maria.silva@exemplo.com.br')),
      ).toBe(false);
      // another tenant's list with the same address is not touched
      expect(
        await withTenant(t.db, other.id, (ctx) => isOptedOut(ctx, 'EMAIL', 'maria.silva@exemplo.com.br')),
      ).toBe(false);
    });

    it('RFC 8058: the form POST List-Unsubscribe=One-Click opts out at once, without login', async () => {
      const { recipients } = await frozenShot(t, tenant.id, ['joao@exemplo.com']);
      const r = recipients[0] as Recipient;
      const res = await inject('POST', `/api/public/unsubscribe/${r.linkId}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await optOuts(tenant.id)).toContainEqual({
        address: 'joao@exemplo.com',
        source: 'one-click',
        channel: 'EMAIL',
      });
      expect((await eventsOf(tenant.id, r.id)).map((e) => e.kind)).toEqual(['unsubscribe']);
    });

    it('refuses a wrong body with a pt-BR 400 and opts nobody out', async () => {
      const { recipients } = await frozenShot(t, tenant.id, ['hostil@exemplo.com']);
      const r = recipients[0] as Recipient;
      const url = `/api/public/unsubscribe/${r.linkId}`;
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const attempt of [
        { payload: {} },
        { payload: { confirm: 'true' } },
        { payload: { confirm: true, extra: 1 } },
        { payload: '{"confirm":true,"__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } },
        { payload: 'List-Unsubscribe=Other', headers: form },
        { payload: 'List-Unsubscribe=One-Click&__proto__=x', headers: form },
        { payload: `List-Unsubscribe=One-Click&x=${'a'.repeat(5000)}`, headers: form },
        { payload: '', headers: form },
      ]) {
        const res = await inject('POST', url, attempt);
        expect([400, 413], `${JSON.stringify(attempt.payload).slice(0, 80)} ${res.body}`).toContain(
          res.statusCode,
        );
        expect(typeof res.json().message).toBe('string');
      }
      expect(await eventsOf(tenant.id, r.id)).toEqual([]);
      expect((await optOuts(tenant.id)).map((o) => o.address)).not.toContain('hostil@exemplo.com');
    });

    it('an unknown or malformed link id: 404 with the pt-BR text, nothing written', async () => {
      for (const id of [newLinkId(), 'curto', `${'a'.repeat(22)}'--`, 'x'.repeat(64)]) {
        const get = await inject('GET', `/api/public/unsubscribe/${encodeURIComponent(id)}`);
        expect(get.statusCode, id).toBe(404);
        expect(get.json().message).toBe(T.invalid);
        const post = await inject('POST', `/api/public/unsubscribe/${encodeURIComponent(id)}`, {
          payload: { confirm: true },
        });
        expect(post.statusCode, id).toBe(404);
      }
      expect((await inject('GET', `/api/public/unsubscribe/${'x'.repeat(65)}`)).statusCode).toBe(400);
    });
  });

  describe('tracking', () => {
    it('the pixel answers a GIF, not cached, and records every open but the first only once', async () => {
      const { recipients } = await frozenShot(t, tenant.id, ['leitor@exemplo.com']);
      const r = recipients[0] as Recipient;
      for (let i = 0; i < 3; i++) {
        const res = await inject('GET', `/api/public/t/o/${r.linkId}.gif`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/gif');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      }
      const row = await recipientRow(tenant.id, r.id);
      const first = row.opened_at;
      expect(first).not.toBeNull();
      expect((await eventsOf(tenant.id, r.id)).map((e) => e.kind)).toEqual(['open', 'open', 'open']);
      await inject('GET', `/api/public/t/o/${r.linkId}.gif`);
      expect(String((await recipientRow(tenant.id, r.id)).opened_at)).toBe(String(first));
    });

    it('concurrent opens and clicks of two tenants, written together, are each recorded once', async () => {
      const mine = (await frozenShot(t, tenant.id, ['c1@exemplo.com', 'c2@exemplo.com'])).recipients;
      const theirs = (await frozenShot(t, other.id, ['c3@exemplo.com'])).recipients;
      const all = [...mine, ...theirs] as Recipient[];
      const hits = Array.from({ length: 60 }, (_, i) => {
        const r = all[i % all.length] as Recipient;
        if (i % 2 === 0) return inject('GET', `/api/public/t/o/${r.linkId}.gif`);
        const u = new URL(links.click(r.linkId, `https://camara.example/${i}`));
        return inject('GET', `${u.pathname}${u.search}`);
      });
      const answers = await Promise.all(hits);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([
        ...Array(30).fill(200),
        ...Array(30).fill(302),
      ]);
      for (const r of mine as Recipient[]) {
        expect((await eventsOf(tenant.id, r.id)).length).toBe(20);
        const row = await recipientRow(tenant.id, r.id);
        expect(row.opened_at).not.toBeNull();
        expect(row.clicked_at).not.toBeNull();
      }
      expect((await eventsOf(other.id, (theirs[0] as Recipient).id)).length).toBe(20);
    });

    it('first hits of many new links at once (two tenants, twice each, unknown ids among them) are each recorded once', async () => {
      const mine = (
        await frozenShot(
          t,
          tenant.id,
          Array.from({ length: 30 }, (_, i) => `n${i}@exemplo.com`),
        )
      ).recipients;
      const theirs = (
        await frozenShot(
          t,
          other.id,
          Array.from({ length: 10 }, (_, i) => `o${i}@exemplo.com`),
        )
      ).recipients;
      const before = await allEvents();
      const unknown = Array.from({ length: 10 }, newLinkId);
      const files = [...mine, ...theirs].flatMap((r) => [r.linkId, r.linkId]).concat(unknown);
      const answers = await Promise.all(files.map((id) => inject('GET', `/api/public/t/o/${id}.gif`)));
      expect(answers.every((a) => a.statusCode === 200 && a.headers['content-type'] === 'image/gif')).toBe(
        true,
      );
      expect(await allEvents()).toBe(before + 2 * mine.length);
      for (const r of mine) {
        expect((await eventsOf(tenant.id, r.id)).map((e) => e.kind)).toEqual(['open', 'open']);
        expect((await recipientRow(tenant.id, r.id)).opened_at).not.toBeNull();
      }
      for (const r of theirs) expect((await eventsOf(other.id, r.id)).length).toBe(2);
    });

    it('a batch keeps the first open and click (a click opens), and leaves out a recipient gone', async () => {
      const [a, b] = (await frozenShot(t, tenant.id, ['lote-a@exemplo.com', 'lote-b@exemplo.com']))
        .recipients as [Recipient, Recipient];
      const first = new Date('2026-03-01T12:00:00Z');
      const later = new Date('2026-03-02T12:00:00Z');
      const row = (recipientId: string, kind: 'open' | 'click', at: Date) => ({
        recipientId,
        kind,
        url: kind === 'click' ? 'https://camara.example/' : null,
        at,
      });
      await runSelfBound(t.db, (exec) =>
        shotEventsRepository.recordTracking(exec, tenant.id, PUBLIC_ROUTE_LIMITS.trackingPerLink, [
          row(a.id, 'open', first),
          row(a.id, 'open', first),
          row(b.id, 'click', first),
          row('999999999', 'click', first),
        ]),
      );
      await runSelfBound(t.db, (exec) =>
        shotEventsRepository.recordTracking(exec, tenant.id, PUBLIC_ROUTE_LIMITS.trackingPerLink, [
          row(a.id, 'click', later),
          row(b.id, 'open', later),
          row(b.id, 'click', later),
        ]),
      );
      const [ra, rb] = [await recipientRow(tenant.id, a.id), await recipientRow(tenant.id, b.id)];
      expect([ra.opened_at, ra.clicked_at].map((d) => new Date(String(d)).toISOString())).toEqual([
        first.toISOString(),
        later.toISOString(),
      ]);
      expect([rb.opened_at, rb.clicked_at].map((d) => new Date(String(d)).toISOString())).toEqual([
        first.toISOString(),
        first.toISOString(),
      ]);
      expect((await eventsOf(tenant.id, a.id)).map((e) => e.kind)).toEqual(['open', 'open', 'click']);
      expect((await eventsOf(tenant.id, b.id)).map((e) => e.kind)).toEqual(['click', 'open', 'click']);
      expect(await eventsOf(tenant.id, '999999999')).toEqual([]);
    });

    it('a link hit past its limit in the window has the extra hits answered, not recorded', async () => {
      const [a, b] = (await frozenShot(t, tenant.id, ['muito@exemplo.com', 'pouco@exemplo.com']))
        .recipients as [Recipient, Recipient];
      const at = new Date();
      const hits = (id: string, n: number) =>
        Array.from({ length: n }, () => ({ recipientId: id, kind: 'open' as const, url: null, at }));
      const record = (rows: TrackingRow[]) =>
        runSelfBound(t.db, (exec) =>
          shotEventsRepository.recordTracking(exec, tenant.id, { max: 3, windowSeconds: 60 }, rows),
        );
      await record([...hits(a.id, 2), ...hits(b.id, 1)]);
      await record([...hits(a.id, 4), ...hits(b.id, 1)]);
      expect((await eventsOf(tenant.id, a.id)).length).toBe(3);
      expect((await eventsOf(tenant.id, b.id)).length).toBe(2);
      // through the pixel, with the route's limit: every hit answered, the limit's worth recorded
      const { max } = PUBLIC_ROUTE_LIMITS.trackingPerLink;
      const c = (await frozenShot(t, tenant.id, ['pixel@exemplo.com'])).recipients[0] as Recipient;
      const answers = [];
      for (let i = 0; i < max + 3; i++) answers.push(await inject('GET', `/api/public/t/o/${c.linkId}.gif`));
      expect(
        answers.every((res) => res.statusCode === 200 && res.headers['content-type'] === 'image/gif'),
      ).toBe(true);
      expect((await eventsOf(tenant.id, c.id)).length).toBe(max);
    });

    it("a batch bound to one tenant writes nothing of another tenant's recipient", async () => {
      const mine = (await frozenShot(t, tenant.id, ['so-meu@exemplo.com'])).recipients[0] as Recipient;
      const theirs = (await frozenShot(t, other.id, ['so-deles@exemplo.com'])).recipients[0] as Recipient;
      const at = new Date('2026-03-03T12:00:00Z');
      await runSelfBound(t.db, (exec) =>
        shotEventsRepository.recordTracking(exec, tenant.id, PUBLIC_ROUTE_LIMITS.trackingPerLink, [
          { recipientId: theirs.id, kind: 'click', url: 'https://camara.example/', at },
          { recipientId: mine.id, kind: 'open', url: null, at },
        ]),
      );
      expect((await recipientRow(other.id, theirs.id)).opened_at).toBeNull();
      expect(await eventsOf(other.id, theirs.id)).toEqual([]);
      expect((await eventsOf(tenant.id, mine.id)).map((e) => e.kind)).toEqual(['open']);
    });

    it('the pixel answers the same GIF for unknown and malformed ids, and writes nothing', async () => {
      const before = await allEvents();
      for (const file of [`${newLinkId()}.gif`, 'nada.gif', `${'a'.repeat(22)}`, 'x'.repeat(90)]) {
        const res = await inject('GET', `/api/public/t/o/${file}`);
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['content-type']).toBe('image/gif');
      }
      expect(await allEvents()).toBe(before);
    });

    it('a signed click redirects to its target and counts a click and an open', async () => {
      const { recipients } = await frozenShot(t, tenant.id, ['clica@exemplo.com']);
      const r = recipients[0] as Recipient;
      const target = 'https://camara.example/audiencia?x=1&y=2';
      const url = new URL(links.click(r.linkId, target));
      for (let i = 0; i < 2; i++) {
        const res = await inject('GET', `${url.pathname}${url.search}`);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(target);
      }
      const row = await recipientRow(tenant.id, r.id);
      expect(row.clicked_at).not.toBeNull();
      expect(row.opened_at).not.toBeNull();
      expect(await eventsOf(tenant.id, r.id)).toEqual([
        { kind: 'click', url: target },
        { kind: 'click', url: target },
      ]);
    });

    it('a tampered target or signature, or a signed javascript: target, is a 400 page and no redirect', async () => {
      const { recipients } = await frozenShot(t, tenant.id, ['alvo@exemplo.com']);
      const [r, s] = [
        recipients[0] as Recipient,
        (await frozenShot(t, tenant.id, ['b@exemplo.com'])).recipients[0] as Recipient,
      ];
      const target = 'https://camara.example/';
      const good = new URL(links.click(r.linkId, target));
      const sig = good.searchParams.get('s') as string;
      const evil = 'https://evil.example/';
      const js = 'javascript:alert(1)';
      const attempts = [
        `/api/public/t/c/${r.linkId}?u=${encodeURIComponent(evil)}&s=${sig}`,
        `/api/public/t/c/${r.linkId}?u=${encodeURIComponent(target)}&s=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `/api/public/t/c/${r.linkId}?u=${encodeURIComponent(target)}&s=`,
        `/api/public/t/c/${r.linkId}?u=${encodeURIComponent(target)}`,
        `/api/public/t/c/${s.linkId}?u=${encodeURIComponent(target)}&s=${sig}`,
        `${new URL(links.click(r.linkId, js)).pathname}${new URL(links.click(r.linkId, js)).search}`,
        `${new URL(links.click(r.linkId, 'data:text/html,x')).pathname}${new URL(links.click(r.linkId, 'data:text/html,x')).search}`,
        `/api/public/t/c/${r.linkId}?u=${encodeURIComponent(target)}&s=${sig}&extra=1`,
        `/api/public/t/c/curto?u=${encodeURIComponent(target)}&s=${sig}`,
      ];
      for (const path of attempts) {
        const res = await inject('GET', path);
        expect(res.statusCode, path).toBe(400);
        expect(res.headers.location, path).toBeUndefined();
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain(T.badClick);
      }
      expect(await eventsOf(tenant.id, r.id)).toEqual([]);
      expect(await eventsOf(tenant.id, s.id)).toEqual([]);
    });
  });

  describe('relay event intake', () => {
    const post = (app: TestApp, payload: unknown, authorization?: string) =>
      app.api.inject({
        method: 'POST',
        url: '/api/public/shots/events',
        headers: authorization ? { authorization } : {},
        payload: payload as object,
      });

    it('answers 404 while MARKETING_EVENTS_SECRET is unset', async () => {
      const res = await post(t, { events: [] }, `Bearer ${SECRET}`);
      expect(res.statusCode).toBe(404);
    });

    describe('with a secret', () => {
      let s: TestApp;
      let tenantS: BuiltTenant;
      let otherS: BuiltTenant;
      beforeAll(async () => {
        s = await createTestApp({ marketing: { ...t.app.config.marketing, eventsSecret: SECRET } });
        tenantS = await buildTenant(s);
        otherS = await buildTenant(s);
      });
      afterAll(async () => {
        await s?.close();
      });
      const rowOf = (tenantId: string, id: string) =>
        withTenant(s.db, tenantId, ({ trx }) =>
          trx.selectFrom('mkt_shot_recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        );
      const countEvents = async (tenantId: string) =>
        Number(
          (
            await withTenant(s.db, tenantId, ({ trx }) =>
              trx
                .selectFrom('mkt_shot_events')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow(),
            )
          ).n,
        );

      it('records delivered, bounce and complaint by Message-ID, across tenants; unknown ids counted', async () => {
        const a = (await frozenShot(s, tenantS.id, ['a@exemplo.com', 'b@exemplo.com']))
          .recipients as Recipient[];
        const b = (await frozenShot(s, otherS.id, ['c@exemplo.com'])).recipients as Recipient[];
        const [a0, a1, b0] = [a[0], a[1], b[0]] as [Recipient, Recipient, Recipient];
        const res = await post(
          s,
          {
            events: [
              {
                type: 'delivered',
                messageId: shotMessageId(a0.linkId, 'envio.exemplo.com'),
                at: '2026-11-20T10:00:00Z',
              },
              { type: 'delivered', messageId: shotMessageId(a0.linkId, 'envio.exemplo.com') },
              {
                type: 'bounce',
                messageId: shotMessageId(a1.linkId, 'x.com'),
                reason: '550 5.1.1 mailbox unknown',
              },
              { type: 'complaint', messageId: `${b0.linkId}@y.com` },
              { type: 'delivered', messageId: shotMessageId(newLinkId(), 'x.com') },
              { type: 'delivered', messageId: '<qualquer-coisa@outro.com>' },
            ],
          },
          `Bearer ${SECRET}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toEqual({ accepted: 4, ignored: 2 });
        const r0 = await rowOf(tenantS.id, a0.id);
        expect(new Date(r0.delivered_at as Date).toISOString()).toBe('2026-11-20T10:00:00.000Z');
        const r1 = await rowOf(tenantS.id, a1.id);
        expect(r1.status).toBe('BOUNCED');
        expect(r1.message).toBe('550 5.1.1 mailbox unknown');
        expect(r1.bounced_at).not.toBeNull();
        const rb = await rowOf(otherS.id, b0.id);
        expect(rb.spam_at).not.toBeNull();
        const outs = await withTenant(s.db, otherS.id, ({ trx }) =>
          trx.selectFrom('mkt_opt_outs').select(['address', 'source']).execute(),
        );
        expect(outs).toEqual([{ address: 'c@exemplo.com', source: 'complaint' }]);
        expect(await countEvents(tenantS.id)).toBe(3);
        expect(await countEvents(otherS.id)).toBe(1);
      });

      it('a missing or wrong secret is a 401 that writes nothing, before the body is read', async () => {
        const r = (await frozenShot(s, tenantS.id, ['z@exemplo.com'])).recipients[0] as Recipient;
        const body = { events: [{ type: 'delivered', messageId: shotMessageId(r.linkId, 'x.com') }] };
        for (const auth of [
          undefined,
          'Bearer errado',
          `Bearer ${SECRET}x`,
          SECRET,
          `Basic ${SECRET}`,
          'Bearer ',
        ]) {
          const res = await post(s, body, auth);
          expect(res.statusCode, String(auth)).toBe(401);
        }
        expect((await post(s, '{não é json', 'Bearer errado')).statusCode).toBe(401);
        expect((await rowOf(tenantS.id, r.id)).delivered_at).toBeNull();
      });

      it('hostile bodies are a pt-BR 400 that changes nothing', async () => {
        const r = (await frozenShot(s, tenantS.id, ['h@exemplo.com'])).recipients[0] as Recipient;
        const messageId = shotMessageId(r.linkId, 'x.com');
        const before = await countEvents(tenantS.id);
        const many = Array.from({ length: 10_000 }, () => ({ type: 'delivered', messageId }));
        for (const payload of [
          { events: many },
          { events: [{ type: 'delivered', messageId }], extra: true },
          { events: [{ type: 'delivered', messageId, source: 'x' }] },
          { events: [{ type: 'open', messageId }] },
          { events: [{ type: 'bounce', messageId, reason: 'a\u0000b' }] },
          { events: [{ type: 'bounce', messageId: `${messageId}\u0007` }] },
          { events: [{ type: 'delivered', messageId, at: 'ontem' }] },
          { events: [{ type: 'delivered', messageId: 'x'.repeat(5000) }] },
          { events: 'tudo' },
          {},
          JSON.parse(`{"events":[],"__proto__":{"polluted":1}}`),
        ]) {
          const res = await post(s, payload, `Bearer ${SECRET}`);
          expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
          expect(typeof res.json().message).toBe('string');
        }
        expect(await countEvents(tenantS.id)).toBe(before);
        expect((await rowOf(tenantS.id, r.id)).delivered_at).toBeNull();
      });
    });
  });

  it("another tenant's recipient is reached only through its own link", async () => {
    const mine = (await frozenShot(t, tenant.id, ['meu@exemplo.com'])).recipients[0] as Recipient;
    const theirs = (await frozenShot(t, other.id, ['deles@exemplo.com'])).recipients[0] as Recipient;
    // the lookup policy shows nothing inside a tenant session, and a tenant sees no other's rows
    const seen = await withTenant(t.db, tenant.id, async ({ trx }) => {
      await sql`SELECT set_config('app.shot_links', ${theirs.linkId}, true)`.execute(trx);
      return trx
        .selectFrom('mkt_shot_recipients')
        .select('id')
        .where('link_id', '=', theirs.linkId)
        .execute();
    });
    expect(seen).toEqual([]);
    const res = await inject('GET', `/api/public/unsubscribe/${theirs.linkId}`);
    expect(res.json().data.mandate).toBe('Mandato Outro');
    await inject('GET', `/api/public/t/o/${theirs.linkId}.gif`);
    expect((await recipientRow(other.id, theirs.id)).opened_at).not.toBeNull();
    expect((await recipientRow(tenant.id, mine.id)).opened_at).toBeNull();
  });

  it('outside any tenant, a transaction sees only the recipients whose link ids it named', async () => {
    const [a, b, c] = (await frozenShot(t, tenant.id, ['a@exemplo.com', 'b@exemplo.com', 'c@exemplo.com']))
      .recipients as [Recipient, Recipient, Recipient];
    const visible = (named: string | null) =>
      withoutTenant(t.db, async (trx) => {
        if (named !== null) await sql`SELECT set_config('app.shot_links', ${named}, true)`.execute(trx);
        const rows = await trx.selectFrom('mkt_shot_recipients').select('link_id').execute();
        return rows.map((r) => r.link_id).sort();
      });
    expect(await visible(null)).toEqual([]);
    expect(await visible('')).toEqual([]);
    expect(await visible(`${a.linkId},${b.linkId}`)).toEqual([a.linkId, b.linkId].sort());
    expect(await visible(`${c.linkId}%`)).toEqual([]);
    // read only: naming a recipient does not let the transaction change it
    await withoutTenant(t.db, async (trx) => {
      await sql`SELECT set_config('app.shot_links', ${a.linkId}, true)`.execute(trx);
      const changed = await trx
        .updateTable('mkt_shot_recipients')
        .set({ address: 'outro@exemplo.com' })
        .where('link_id', '=', a.linkId)
        .executeTakeFirst();
      expect(Number(changed.numUpdatedRows)).toBe(0);
    });
  });

  it('the one-statement lookup finds only the ids named, and refuses to run inside a tenant', async () => {
    const [a, b] = (await frozenShot(t, tenant.id, ['um@exemplo.com', 'dois@exemplo.com'])).recipients as [
      Recipient,
      Recipient,
    ];
    const found = await runSelfBound(t.db, (exec) =>
      shotPublicRepository.findByLinks(exec, [a.linkId, 'x'.repeat(22), `${b.linkId},`]),
    );
    expect([...found.entries()]).toEqual([[a.linkId, { tenantId: tenant.id, recipientId: a.id }]]);
    // what it names lasts as long as its transaction: alone (PostgreSQL), its own statement only
    const after = await runSelfBound(t.db, async (exec) => {
      await shotPublicRepository.findByLinks(exec, [a.linkId]);
      return exec.selectFrom('mkt_shot_recipients').select('link_id').execute();
    });
    expect(after.map((r) => r.link_id)).toEqual(t.db.engine === 'postgres' ? [] : [a.linkId]);
    await expect(
      withTenant(t.db, tenant.id, ({ trx }) =>
        sql`SELECT * FROM shot_links_find(${[b.linkId]}::text[])`.execute(trx),
      ),
    ).rejects.toThrow(/outside any tenant/);
  });
});
