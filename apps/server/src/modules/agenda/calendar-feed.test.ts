import { zoneOffsetMinutes } from '@mandato/domain';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { escapeText, foldLine } from './calendar-feed.ts';

// X-WR-CALNAME is TEXT for Google, Outlook and Apple; teach ical.js so it unescapes it
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

/** Next year: the feed leaves out events that ended more than a year ago. */
const Y = new Date().getUTCFullYear() + 1;

/** Parses a feed with ical.js (an independent RFC 5545 parser) and registers its time zones. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = calendar
    .getAllSubcomponents('vevent')
    .map((c) => ({ component: c, event: new ICAL.Event(c) }));
  return { calendar, events };
}

describe('calendar feed text', () => {
  it('escapes TEXT values and folds lines at 75 octets without splitting characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('a\u0001b\tc\u007f')).toBe('ab\tc');
    const folded = foldLine(`SUMMARY:${'ação '.repeat(40)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`SUMMARY:${'ação '.repeat(40)}`);
  });
});

describe(`calendar subscription feed (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let owner: Caller;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://agenda.mandato.test/' });
    tenant = await buildTenant(t);
    owner = await signedIn(t, tenant, ['ROLE_CRM'], 'Dona');
  });
  afterAll(() => t.close());

  const path = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    t.api.inject({ method: 'GET', url: path(url), headers });

  it('serves a valid iCalendar that an independent parser reads: zone, all-day, timed, escaping', async () => {
    const s = (await call(t, owner, 'POST', '/api/schedules', { name: 'Gabinete, agenda; oficial' })).body
      .data;
    const timed = (
      await call(t, owner, 'POST', '/api/events', {
        title: 'Reunião com a comunidade; pauta: saúde, educação',
        entireDay: false,
        beginDate: `${Y}-03-10 14:00`,
        endDate: `${Y}-03-10 15:30`,
        location: 'Rua das Flores, 10; sala 2',
        description: `Primeira linha\nSegunda linha com barra \\ e acentuação: ${'ção '.repeat(30)}`,
        scheduleCode: s.code,
      })
    ).body.data;
    const allDay = (
      await call(t, owner, 'POST', '/api/events', {
        title: 'Viagem',
        beginDate: `${Y}-03-12`,
        endDate: `${Y}-03-14`,
        scheduleCode: s.code,
      })
    ).body.data;
    expect(timed.code && allDay.code).toBeTruthy();

    const res = await fetchFeed(s.subscribeURL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const text = res.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const { calendar, events } = parseFeed(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toContain('Mandato');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Gabinete, agenda; oficial');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Sao_Paulo');
    // timed events are written in UTC: no VTIMEZONE to misstate the zone's history
    expect(calendar.getAllSubcomponents('vtimezone')).toEqual([]);
    expect(events).toHaveLength(2);

    const one = events.find((e) => e.event.summary.startsWith('Reunião'));
    expect(one?.event.summary).toBe('Reunião com a comunidade; pauta: saúde, educação');
    expect(one?.event.location).toBe('Rua das Flores, 10; sala 2');
    expect(one?.event.description).toBe(timed.description);
    expect(one?.event.startDate.isDate).toBe(false);
    expect(one?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBeUndefined();
    expect(one?.event.startDate.zone?.tzid).toBe('UTC');
    expect(one?.event.startDate.toJSDate().toISOString()).toBe(`${Y}-03-10T17:00:00.000Z`);
    expect(one?.event.endDate.toJSDate().toISOString()).toBe(`${Y}-03-10T18:30:00.000Z`);
    expect(one?.event.uid).toBe(`event-${tenant.id}-${timed.code}@agenda.mandato.test`);
    expect(one?.component.getFirstPropertyValue('sequence')).toBe(0);
    expect(one?.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(one?.component.getFirstPropertyValue('last-modified')).toBeTruthy();

    const trip = events.find((e) => e.event.summary === 'Viagem');
    expect(trip?.event.startDate.isDate).toBe(true);
    expect(trip?.event.startDate.toString()).toBe(`${Y}-03-12`);
    // DTEND of an all-day event is the day after the last day
    expect(trip?.event.endDate.toString()).toBe(`${Y}-03-15`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${Y}0312`);
    expect(text).toContain(`DTSTART:${Y}0310T170000Z`);

    // an unchanged feed answers 304 to its ETag
    const again = await fetchFeed(s.subscribeURL, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('keeps UIDs across updates, raises SEQUENCE, reflects changes and removals', async () => {
    const s = (await call(t, owner, 'POST', '/api/schedules', { name: 'Mudanças' })).body.data;
    const body = { title: 'Original', beginDate: `${Y}-05-01`, endDate: `${Y}-05-01`, scheduleCode: s.code };
    const e = (await call(t, owner, 'POST', '/api/events', body)).body.data;
    const before = parseFeed((await fetchFeed(s.subscribeURL)).body).events[0];
    await call(t, owner, 'PUT', `/api/events/${e.code}`, { ...body, title: 'Alterado' });
    await call(t, owner, 'PUT', `/api/events/${e.code}`, {
      ...body,
      title: 'Alterado de novo',
      entireDay: false,
      beginDate: `${Y}-05-02 09:00`,
      endDate: `${Y}-05-02 10:00`,
    });
    const after = parseFeed((await fetchFeed(s.subscribeURL)).body).events[0];
    expect(after?.event.uid).toBe(before?.event.uid);
    expect(before?.component.getFirstPropertyValue('sequence')).toBe(0);
    expect(after?.component.getFirstPropertyValue('sequence')).toBe(2);
    expect(after?.event.summary).toBe('Alterado de novo');
    expect(after?.event.startDate.toJSDate().toISOString()).toBe(`${Y}-05-02T12:00:00.000Z`);
    await call(t, owner, 'DELETE', `/api/events/${e.code}`);
    expect(parseFeed((await fetchFeed(s.subscribeURL)).body).events).toHaveLength(0);
  });

  it('leaves out events that ended more than a year ago', async () => {
    const s = (await call(t, owner, 'POST', '/api/schedules', { name: 'Histórico' })).body.data;
    const old = new Date().getUTCFullYear() - 3;
    for (const [title, year] of [
      ['Antigo', old],
      ['Futuro', Y],
    ] as const) {
      const res = await call(t, owner, 'POST', '/api/events', {
        title,
        beginDate: `${year}-06-01`,
        endDate: `${year}-06-01`,
        scheduleCode: s.code,
      });
      expect(res.status).toBe(200);
    }
    const { events } = parseFeed((await fetchFeed(s.subscribeURL)).body);
    expect(events.map((e) => e.event.summary)).toEqual(['Futuro']);
  });

  it('regenerating the token revokes the old URL; unknown tokens are 404; no session needed', async () => {
    const s = (await call(t, owner, 'POST', '/api/schedules', { name: 'Assinatura' })).body.data;
    expect((await fetchFeed(s.subscribeURL)).statusCode).toBe(200);
    const renewed = await call(t, owner, 'PUT', `/api/schedules/${s.code}/subscribe-token`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.subscribeURL).not.toBe(s.subscribeURL);
    expect((await fetchFeed(s.subscribeURL)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.body.data.subscribeURL)).statusCode).toBe(200);
    for (const url of [
      `/api/calendar/${tenant.slug}.${'A'.repeat(43)}.ics`,
      '/api/calendar/nao-existe.ics',
      `/api/calendar/${path(renewed.body.data.subscribeURL).split('/').pop()?.replace('.ics', '')}`,
    ]) {
      const res = await t.api.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    // control characters are refused before any lookup (a 400, never a 500)
    const nul = await t.api.inject({ method: 'GET', url: `/api/calendar/x-${'%00'.repeat(3)}.ics` });
    expect(nul.statusCode).toBe(400);
    // the schedule's removal ends its feed too
    await call(t, owner, 'DELETE', `/api/schedules/${s.code}`);
    expect((await fetchFeed(renewed.body.data.subscribeURL)).statusCode).toBe(404);
  });
});

describe('calendar feed across the zone history (issue 39 item 13)', () => {
  const timed = (id: string, title: string, iso: string) => {
    const at = new Date(iso);
    return {
      id,
      title,
      entireDay: false,
      beginAt: at,
      endAt: new Date(at.getTime() + 3_600_000),
      beginDate: null,
      endDate: null,
      location: null,
      description: null,
      revision: 0,
      createdAt: at,
      updatedAt: at,
    };
  };

  it('resolves 2018-01-15 10:00 (Brasília summer time, UTC−2) and 2025-03-10 10:00 (UTC−3) to their instants in ical.js', async () => {
    const { renderCalendar } = await import('./calendar-feed.ts');
    const text = renderCalendar({
      name: 'x',
      host: 'h',
      tenantId: '1',
      events: [
        timed('1', 'Verão 2018', '2018-01-15T12:00:00Z'), // 10:00 at -02:00
        timed('2', 'Março 2025', '2025-03-10T13:00:00Z'), // 10:00 at -03:00
        timed('3', 'Inverno 2017', '2017-07-10T13:00:00Z'), // 10:00 at -03:00, between summers
      ],
    });
    const { calendar, events } = parseFeed(text);
    const at = (title: string) =>
      events
        .find((e) => e.event.summary === title)
        ?.event.startDate.toJSDate()
        .toISOString();
    expect(at('Verão 2018')).toBe('2018-01-15T12:00:00.000Z');
    expect(at('Março 2025')).toBe('2025-03-10T13:00:00.000Z');
    expect(at('Inverno 2017')).toBe('2017-07-10T13:00:00.000Z');
    // no VTIMEZONE states an offset the zone did not have at an event (the old one said -03:00
    // since 1970, so 2018-01-15 read -03:00 instead of -02:00)
    for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
      const zone = new ICAL.Timezone(vtimezone);
      for (const { event } of events) {
        const instant = event.startDate.toJSDate();
        const real = zoneOffsetMinutes(instant, 'America/Sao_Paulo') * 60;
        expect(zone.utcOffset(ICAL.Time.fromJSDate(instant, true).convertToZone(zone)), event.summary).toBe(
          real,
        );
      }
    }
    // and every timed DTSTART/DTEND is UTC: a client's own zone data cannot move it
    const times = text
      .split('BEGIN:VEVENT')
      .slice(1)
      .flatMap((block) => block.split('\r\n').filter((l) => /^DT(START|END)[:;]/.test(l)));
    expect(times).toHaveLength(6);
    for (const line of times) expect(line).toMatch(/^DT(START|END):\d{8}T\d{6}Z$/);
  });
});
