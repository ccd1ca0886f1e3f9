import { type AgendaEvent, addDays, type Schedule, zonedDate } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { DEMO_AGENDA_NAME } from './demo-agenda.ts';
import { DEMO_DEMAND_PEOPLE } from './demo-demands.ts';
import { DEMO_REPORT_PEOPLE } from './demo-reports.ts';
import { seedDemo } from './demo-seed.ts';
import { DEMO_SHOTS } from './demo-shots.ts';

describe(`demo tenant (${testEngine})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { sample: true })).toBe(true);
    headers = await demoAdminHeaders(t);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.api.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('comes with sample contacts, voting places and lists that all open', async () => {
    expect((await get('/api/people?page=1&itemsPerPage=50')).total).toBe(
      150 + DEMO_REPORT_PEOPLE + DEMO_DEMAND_PEOPLE,
    );
    expect((await get('/api/companies/names?page=1&itemsPerPage=10')).total).toBe(3);
    const lists = await get('/api/segments?type=PERSON&page=1&itemsPerPage=8');
    const saved = lists.list.filter((s: { special: boolean }) => !s.special);
    expect(saved.map((s: { name: string }) => s.name).sort()).toEqual([
      DEMO_SHOTS.listName,
      'Saúde no Nordeste',
      'Votos conquistados',
    ]);
    for (const list of saved) {
      expect(list.total, list.name).toBeGreaterThan(0);
      const people = await get(`/api/people?segmentCode=${list.code}&page=1&itemsPerPage=50`);
      expect(people.total).toBe(list.total);
    }
  });

  it("comes with the admin's agenda and events around today, one of them all-day", async () => {
    const schedules: Schedule[] = (await get('/api/schedules')).list;
    // the admin's personal agenda (migration 0036) and the sample one
    expect(schedules.map((s) => [s.name, s.owner.name, s.isOwner])).toEqual([
      ['Administrador Demo', 'Administrador Demo', true],
      [DEMO_AGENDA_NAME, 'Administrador Demo', true],
    ]);
    const sample = schedules.find((s) => s.name === DEMO_AGENDA_NAME);
    const today = zonedDate(new Date());
    const events: AgendaEvent[] = (
      await get(`/api/events?beginDate=${addDays(today, -1)}&endDate=${addDays(today, 2)}`)
    ).list;
    expect(events).toHaveLength(4);
    for (const e of events) expect(e.schedule.code).toBe(sample?.code);
    const days = events.map((e) => e.beginDate.slice(0, 10)).sort();
    expect(days).toEqual([addDays(today, -1), today, addDays(today, 1), addDays(today, 2)]);
    const allDay = events.filter((e) => e.entireDay);
    expect(allDay.map((e) => [e.beginDate, e.endDate])).toEqual([[addDays(today, 1), addDays(today, 1)]]);
    expect(events.every((e) => e.canEdit && e.responsible?.name === 'Administrador Demo')).toBe(true);
    // this week's view always has something: today's event is in the range of today alone
    expect((await get(`/api/events?beginDate=${today}&endDate=${today}`)).total).toBeGreaterThan(0);
  });

  it('is seeded once', async () => {
    expect(await seedDemo(t.db, { sample: true })).toBe(false);
    expect((await get('/api/people?page=1&itemsPerPage=1')).total).toBe(
      150 + DEMO_REPORT_PEOPLE + DEMO_DEMAND_PEOPLE,
    );
    expect((await get('/api/schedules')).total).toBe(2);
  });
});
