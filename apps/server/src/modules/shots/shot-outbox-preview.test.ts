import {
  SHOT_PERCENT_BASES,
  SHOT_REPORT_EVENT_MESSAGES,
  SHOT_SCREEN_TEXTS,
  type Shot,
  shotPercentages,
} from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { buildFrozenShot, buildSendingDomain } from '../../test/shot-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { shotDispatchQueue } from './shot-dispatch.queue.ts';

const T = SHOT_SCREEN_TEXTS;

/** The list item's line of percentages, as ShotPercentages renders it (an e-mail: three). */
const percentLine = (shot: Shot) => {
  const pct = shotPercentages(shot);
  return [
    T.percentOf(T.delivered, pct.delivered, SHOT_PERCENT_BASES.delivered),
    T.percentOf(T.opened, pct.opened, SHOT_PERCENT_BASES.opened),
    T.percentOf(T.clicked, pct.clicked, SHOT_PERCENT_BASES.clicked),
  ].join(' · ');
};

/**
 * Issue 39 item 3: opening a message in the outbox is not an open, and a bounced recipient is never
 * opened or clicked. Five messages go out through the outbox; two are marked delivered, one bounced;
 * every message is previewed as the outbox screen does (its HTML in a frame: the browser loads every
 * image and nothing else), then the bounced one's pixel and click link are hit as a mail client
 * would, and one delivered recipient really opens. The judge: 2 delivered of 5 contacts (40 %), 1
 * opened of the 2 delivered (50 %), 0 clicks; the 'Abertos' tab lists that one recipient only.
 * Before the fix the previews counted five opens: 'Entregues: 40% · Abertos: 100% · Cliques: 20%',
 * and the bounced address was listed as 'Abriu o e-mail'.
 */
describe(`outbox preview and tracking of a bounced recipient (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let token: string;
  let shotId: string;
  let addresses: string[];

  async function mkt(method: 'GET' | 'POST', url: string, payload?: object) {
    const res = await t.api.inject({
      method,
      url,
      headers: { 'x-schema': tenant.slug, authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json().data;
  }

  /** A URL of the message as the browser asks it (our own public URL: the route's path). */
  const pathOf = (url: string) => {
    const u = new URL(url.replace(/&amp;/g, '&'));
    return `${u.pathname}${u.search}`;
  };
  const isOurs = (url: string) => url.startsWith(t.app.config.publicUrl.replace(/\/+$/, ''));

  /** The outbox screen's preview: the HTML in a frame, every image of it loaded. */
  async function preview(id: string): Promise<string> {
    const message = await mkt('GET', `/api/mkt/outbox/${id}`);
    const html = String(message.html);
    for (const [, src] of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*"([^"]*)"/gi))
      if (src && isOurs(src)) await t.api.inject({ method: 'GET', url: pathOf(src) });
    return html;
  }

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { name: 'Mandato da Vereadora Ana' });
    const manager = await signedIn(t, tenant, ['ROLE_MARKETING', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Gestora');
    token = await marketingToken(t, manager.headers, tenant.slug);
    const domain = await buildSendingDomain(t.app, tenant.id);
    addresses = [
      'a@destino.example',
      'b@destino.example',
      'c@destino.example',
      'd@destino.example',
      'e@destino.example',
    ];
    const frozen = await buildFrozenShot(t.app, tenant.id, { senderId: domain.senderId, addresses });
    shotId = frozen.shotId;
    await t.app.jobs.enqueue(shotDispatchQueue, { tenantId: tenant.id, shotId, lane: 0 });
    await t.worker.drain();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts neither the previews nor the bounced recipient, and says what each percentage is of', async () => {
    const list = (await mkt('GET', '/api/mkt/outbox?channel=EMAIL')).list as { id: string; to: string }[];
    expect(list).toHaveLength(5);
    const idOf = (to: string) => list.find((m) => m.to === to)?.id as string;
    await mkt('POST', `/api/mkt/outbox/${idOf('a@destino.example')}/mark`, { as: 'delivered' });
    await mkt('POST', `/api/mkt/outbox/${idOf('b@destino.example')}/mark`, { as: 'delivered' });
    await mkt('POST', `/api/mkt/outbox/${idOf('c@destino.example')}/mark`, { as: 'bounce' });

    // every message previewed, some twice: the preview has no pixel and no tracked link
    for (const to of [...addresses, 'c@destino.example', 'a@destino.example']) {
      const html = await preview(idOf(to));
      expect(html, to).not.toContain('/api/public/t/');
      // the link goes straight to its destination (the stored message keeps the tracked one)
      expect(html, to).toContain('href="https://camara.example/audiencia?x=1&amp;y=2"');
      expect(html, to).toContain('href="mailto:a@b.example"');
    }

    // the message as sent still has them: the bounced recipient's mail client opens and clicks it
    const sent = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_shot_outbox')
        .select(['to_address', 'html_body'])
        .where('shot_id', '=', shotId)
        .execute(),
    );
    const bodies = new Map(sent.map((r) => [r.to_address, r.html_body ?? '']));
    const urls = (to: string) => {
      const html = bodies.get(to) ?? '';
      const pixel = /src="([^"]*\/api\/public\/t\/o\/[^"]*)"/.exec(html)?.[1];
      const click = /href="([^"]*\/api\/public\/t\/c\/[^"]*)"/.exec(html)?.[1];
      return { pixel, click };
    };
    expect(bodies.size).toBe(5);
    const bounced = urls('c@destino.example');
    expect(bounced.pixel).toBeDefined();
    expect(bounced.click).toBeDefined();
    await t.api.inject({ method: 'GET', url: pathOf(bounced.pixel as string) });
    const click = await t.api.inject({ method: 'GET', url: pathOf(bounced.click as string) });
    // the person is still taken where the link goes
    expect(click.statusCode).toBe(302);
    // a delivered recipient really opens the message
    await t.api.inject({ method: 'GET', url: pathOf(urls('a@destino.example').pixel as string) });

    const shot = (await mkt('GET', `/api/mkt/emails/campaign/${shotId}`)) as Shot;
    expect({
      delivered: shot.totalDelivered,
      opened: shot.totalOpened,
      clicked: shot.totalClicked,
    }).toEqual({ delivered: 2, opened: 1, clicked: 0 });
    expect(percentLine(shot)).toBe(
      'Entregues: 40% dos contatos · Abertos: 50% dos entregues · Cliques: 0% dos abertos',
    );

    const opened = await mkt('GET', `/api/mkt/emails/campaign/${shotId}/reports/open?page=1&itemsPerPage=50`);
    expect(opened.count).toBe(1);
    expect(opened.list).toEqual([
      { contact: 'a@destino.example', message: SHOT_REPORT_EVENT_MESSAGES.open, at: expect.any(String) },
    ]);
    const bounceTab = await mkt(
      'GET',
      `/api/mkt/emails/campaign/${shotId}/reports/bounce?page=1&itemsPerPage=50`,
    );
    expect(bounceTab.list.map((r: { contact: string }) => r.contact)).toEqual(['c@destino.example']);
  });
});
