import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { shotMessageId } from '../../platform/mail/shot-transport.ts';
import { call } from '../../test/crm-factories.ts';
import { tablesHolding } from '../../test/privacy-person-kit.ts';
import { buildFrozenShot, type FrozenShot } from '../../test/shot-factories.ts';
import {
  allPeopleSegment,
  emailBody,
  grantEmailCredits,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import { buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const CAMPAIGNS = '/api/mkt/emails/campaign';
const RELAY_SECRET = 'segredo-do-relay-de-teste';
const NAME = 'Quitéria Clicadora Montenegro';
const EMAIL = 'quiteria.clicadora@exemplo.com.br';
/**
 * The person's values as a table could hold them (compared with ILIKE): the address's local part
 * (also inside a URL-encoded address), the name's words as typed, URL-encoded and without accents
 * (the name-word dictionary).
 */
const IDENTIFIERS = ['Clicadora', 'Quitéria', encodeURIComponent('Quitéria'), 'Quiteria', 'Montenegro'];

/**
 * Issue 38, item 3: a shot whose link carries the person's merged address and first name, clicked
 * through the real redirect, then the person anonymised or deleted. The tracker wrote the clicked
 * URL (the merged one) into mkt_shot_events: no table of the tenant may hold the person's values
 * afterwards — nor after the person clicks the old message's link again, or a late bounce quotes
 * the address.
 */
describe(`shots: a clicked link with merged values, then the person erased (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const { marketing } = loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({ marketing: { ...marketing, eventsSecret: RELAY_SECRET } });
  });
  afterAll(() => t.close());

  /** A tenant of its own (the scan reads every table), the person, the shot sent to them and their click link. */
  async function sentAndClicked() {
    const s: MarketingSetup = await marketingSetup(t);
    await grantEmailCredits(t.db, s.tenant.id, 10);
    const personId = await withTenant(t.db, s.tenant.id, async ({ trx, tenantId }) => {
      const row = await trx
        .insertInto('people')
        .values({ tenant_id: tenantId, name: NAME, email: EMAIL, created_by: s.authorId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    });
    const segment = await allPeopleSegment(t, s.author);
    const created = await mktCall(
      t,
      s.tenant,
      s.token,
      'POST',
      CAMPAIGNS,
      emailBody(s.senderCode, segment, {
        subject: 'Convite, {{primeiro_nome}}',
        htmlContent:
          '<p>Olá, {{nome_completo}}!</p><p><a href="https://camara.example/inscricao?e={{email}}&amp;n={{primeiro_nome}}">Inscreva-se</a></p>',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sent = await mktCall(t, s.tenant, s.token, 'POST', `${CAMPAIGNS}/send/${created.body.data.code}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // the freeze, then the dispatch lanes it enqueued
    for (let round = 0; round < 5 && (await t.worker.drain()) > 0; round++);

    // the message the embedded outbox holds for the person as sent (its preview has no tracked link),
    // and its signed click link
    const stored = await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shot_outbox')
        .select('html_body')
        .where('to_address', '=', EMAIL)
        .executeTakeFirstOrThrow(),
    );
    const href = /href="([^"]*\/api\/public\/t\/c\/[^"]*)"/.exec(stored.html_body ?? '')?.[1];
    expect(href, stored.html_body ?? '').toBeDefined();
    const link = new URL((href as string).replace(/&amp;/g, '&'));
    const clickUrl = `${link.pathname}${link.search}`;
    const click = async () => {
      const res = await t.api.inject({ method: 'GET', url: clickUrl });
      expect(res.statusCode, res.body).toBe(302);
      // the merged target: the person's own address and first name
      expect(res.headers.location).toBe(`https://camara.example/inscricao?e=${EMAIL}&n=Quitéria`);
    };
    await click();
    // the scan works: before the erasure the click's URL holds the address (and the other copies)
    expect(await tablesHolding(t, s.tenant, [EMAIL])).toContain(`mkt_shot_events.url: ${EMAIL}`);
    const recipient = await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shot_recipients')
        .select(['id', 'link_id'])
        .where('person_id', '=', personId)
        .executeTakeFirstOrThrow(),
    );
    return { s, personId, recipientId: String(recipient.id), linkId: recipient.link_id, click };
  }

  /** The person's clicks, by their recipient row (a deletion unlinks it from the person). */
  const eventsOf = (tenantId: string, recipientId: string) =>
    withTenant(t.db, tenantId, ({ trx }) =>
      trx
        .selectFrom('mkt_shot_events as e')
        .innerJoin('mkt_shot_recipients as r', (j) =>
          j.onRef('r.tenant_id', '=', 'e.tenant_id').onRef('r.id', '=', 'e.recipient_id'),
        )
        .select(['e.kind', 'e.url', 'r.clicked_at', 'r.status', 'r.message'])
        .where('r.id', '=', recipientId)
        .orderBy('e.id')
        .execute(),
    );

  for (const kind of ['ANONYMISATION', 'DELETION'] as const) {
    it(`${kind}: no table of the tenant keeps the address or the name, even after another click or a late bounce`, async () => {
      const { s, personId, recipientId, linkId, click } = await sentAndClicked();
      const request = await call(t, s.author, 'POST', '/api/privacy/requests', {
        personCode: personId,
        kind,
        channel: 'EMAIL',
      });
      expect(request.status, JSON.stringify(request.body)).toBe(200);
      const fulfilled = await call(
        t,
        s.author,
        'POST',
        `/api/privacy/requests/${request.body.data.code}/fulfil`,
      );
      expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);

      // the old message's link still takes the person where it went; the click is counted, not its URL
      await click();
      // a bounce arriving late from the relay, its reason quoting the address: counted, not quoted
      const bounce = await t.api.inject({
        method: 'POST',
        url: '/api/public/shots/events',
        headers: { authorization: `Bearer ${RELAY_SECRET}` },
        payload: {
          events: [
            {
              type: 'bounce',
              messageId: shotMessageId(linkId, 'envio.exemplo.com.br'),
              reason: `550 5.1.1 <${EMAIL}>: user unknown`,
            },
          ],
        },
      });
      expect(bounce.statusCode, bounce.body).toBe(200);
      expect(await tablesHolding(t, s.tenant, IDENTIFIERS)).toEqual([]);
      const events = await eventsOf(s.tenant.id, recipientId);
      expect(events.map((e) => [e.kind, e.url])).toEqual([
        ['click', null],
        ['click', null],
        ['bounce', null],
      ]);
      expect(events[0]).toMatchObject({ status: 'BOUNCED', message: null });
      expect(events[0]?.clicked_at).not.toBeNull();
    }, 120_000);
  }

  it('migration 0049 clears the URLs recorded for recipients erased before it, and only theirs', async () => {
    const tenant = await buildTenant(t);
    const { shotId, recipients } = await buildFrozenShot(t.app, tenant.id, {
      addresses: ['apagada@exemplo.com.br', 'ativa@exemplo.com.br'],
    });
    const [erased, active] = recipients as [
      FrozenShot['recipients'][number],
      FrozenShot['recipients'][number],
    ];
    await withTenant(t.db, tenant.id, async ({ trx, tenantId }) => {
      await trx
        .insertInto('mkt_shot_events')
        .values(
          recipients.map((r) => ({
            tenant_id: tenantId,
            shot_id: shotId,
            recipient_id: r.id,
            kind: 'click' as const,
            url: `https://camara.example/inscricao?e=${r.address}`,
          })),
        )
        .execute();
      // what an erasure left before this change: the recipient without its address, the click with it
      await trx
        .updateTable('mkt_shot_recipients')
        .set({ address: '', merge: '{}' })
        .where('id', '=', erased.id)
        .execute();
    });
    const migration = '0049_tracking_erased_recipients.sql';
    await t.db.ownerSession((run) => run('DELETE FROM schema_migrations WHERE name = $1', [migration]));
    expect(await migrate(t.db)).toEqual([migration]);
    const urls = await withTenant(t.db, tenant.id, ({ trx }) =>
      trx.selectFrom('mkt_shot_events').select(['recipient_id', 'url']).orderBy('recipient_id').execute(),
    );
    expect(urls.map((e) => [String(e.recipient_id), e.url])).toEqual([
      [erased.id, null],
      [active.id, `https://camara.example/inscricao?e=${active.address}`],
    ]);
  });
});
