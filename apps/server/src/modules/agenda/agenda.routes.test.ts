import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`agenda: schedules and events (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let owner: Caller;
  let guest: Caller;
  let stranger: Caller;
  let outsider: Caller;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://app.mandato.test' });
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    owner = await signedIn(t, tenant, ['ROLE_REPORT'], 'Dona da Agenda');
    guest = await signedIn(t, tenant, ['ROLE_CRM'], 'Convidado');
    stranger = await signedIn(t, tenant, ['ROLE_CRM'], 'Estranho');
    outsider = await signedIn(t, other, ['ROLE_CRM', 'ROLE_TEAM'], 'Outro Tenant');
  });
  afterAll(() => t.close());

  async function schedule(who: Caller, body: Record<string, unknown> = {}) {
    const res = await call(t, who, 'POST', '/api/schedules', { name: 'Gabinete', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  async function event(who: Caller, scheduleCode: number, body: Record<string, unknown> = {}) {
    const res = await call(t, who, 'POST', '/api/events', {
      title: 'Reunião',
      beginDate: '2025-03-10',
      endDate: '2025-03-10',
      scheduleCode,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  it('creates a schedule: BLUE by default, guests by user code, subscribe URL under PUBLIC_URL', async () => {
    const s = await schedule(owner, { invitedPeopleCodes: [guest.user.code, owner.user.code] });
    expect(s).toMatchObject({
      name: 'Gabinete',
      color: 'BLUE',
      colorHex: '#2196f3',
      isOwner: true,
      owner: { code: owner.user.code, name: 'Dona da Agenda' },
      invitedPeople: [{ code: guest.user.code, name: 'Convidado' }],
    });
    expect(s.subscribeURL).toMatch(
      new RegExp(`^https://app\\.mandato\\.test/api/calendar/${tenant.slug}\\.[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const list = await call(t, guest, 'GET', '/api/schedules');
    expect(list.body.data.list.map((x: { code: number }) => x.code)).toContain(s.code);
    expect(list.body.data.list.find((x: { code: number }) => x.code === s.code).isOwner).toBe(false);
  });

  it('hides schedules from users not invited and from other tenants (404), validates input in pt-BR', async () => {
    const s = await schedule(owner, { name: 'Privada', color: 'RED' });
    expect((await call(t, stranger, 'GET', `/api/schedules/${s.code}`)).status).toBe(404);
    expect((await call(t, stranger, 'PUT', `/api/schedules/${s.code}`, { name: 'x' })).status).toBe(404);
    expect((await call(t, stranger, 'DELETE', `/api/schedules/${s.code}`)).status).toBe(404);
    expect((await call(t, outsider, 'GET', `/api/schedules/${s.code}`)).status).toBe(404);
    const strangerList = await call(t, stranger, 'GET', '/api/schedules');
    expect(strangerList.body.data.list.map((x: { code: number }) => x.code)).not.toContain(s.code);
    // a token of the other tenant with this tenant's header is refused
    const wrong = await t.api.inject({
      method: 'GET',
      url: `/api/schedules/${s.code}`,
      headers: { ...outsider.headers, 'x-schema': tenant.slug },
    });
    expect(wrong.statusCode).toBe(403);
    const bad = await call(t, owner, 'POST', '/api/schedules', { name: '', color: 'CYAN', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ['Campo Obrigatório'],
      color: ['Valor não permitido'],
      extra: ['Campo informado não existe'],
    });
    const unknownGuest = await call(t, owner, 'POST', '/api/schedules', {
      name: 'x',
      invitedPeopleCodes: [outsider.user.code],
    });
    expect(unknownGuest.status).toBe(400);
    expect(unknownGuest.body.errors.invitedPeopleCodes[0]).toMatch(/^Convidado não é um usuário desta conta/);
    expect((await call(t, owner, 'GET', '/api/schedules/abc')).status).toBe(400);
    expect((await call(t, owner, 'GET', '/api/schedules/999999')).status).toBe(404);
  });

  it('only the owner changes, removes or re-keys a schedule; guests add events to it', async () => {
    const s = await schedule(owner, { invitedPeopleCodes: [guest.user.code] });
    const put = await call(t, guest, 'PUT', `/api/schedules/${s.code}`, { name: 'Tomada' });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe('Somente o dono da agenda pode alterá-la');
    expect((await call(t, guest, 'DELETE', `/api/schedules/${s.code}`)).status).toBe(403);
    expect((await call(t, guest, 'PUT', `/api/schedules/${s.code}/subscribe-token`)).status).toBe(403);
    const e = await event(guest, s.code, { title: 'Do convidado' });
    expect(e.responsibleCode).toBe(guest.user.code);
    expect(e.canEdit).toBe(true);
    // the owner sees and may change it; the stranger may not add to the schedule
    expect((await call(t, owner, 'GET', `/api/events/${e.code}`)).body.data.canEdit).toBe(true);
    const foreign = await call(t, stranger, 'POST', '/api/events', {
      title: 'x',
      beginDate: '2025-03-10',
      endDate: '2025-03-10',
      scheduleCode: s.code,
    });
    expect(foreign.status).toBe(404);
    const renamed = await call(t, owner, 'PUT', `/api/schedules/${s.code}`, {
      name: 'Renomeada',
      color: 'GREEN',
      invitedPeopleCodes: [],
    });
    expect(renamed.body.data).toMatchObject({ name: 'Renomeada', color: 'GREEN', invitedPeople: [] });
    // no longer invited: the schedule and its events are gone for the former guest
    expect((await call(t, guest, 'GET', `/api/schedules/${s.code}`)).status).toBe(404);
    expect((await call(t, guest, 'GET', `/api/events/${e.code}`)).status).toBe(404);
  });

  it('lists events of visible schedules overlapping the range, all-day and timed', async () => {
    const s = await schedule(owner, { name: 'Campanha', invitedPeopleCodes: [guest.user.code] });
    const hidden = await schedule(stranger, { name: 'Do estranho' });
    const allDay = await event(owner, s.code, {
      title: 'Feriado',
      beginDate: '2025-04-18',
      endDate: '2025-04-19',
    });
    expect(allDay).toMatchObject({ entireDay: true, beginDate: '2025-04-18', endDate: '2025-04-19' });
    const timed = await event(owner, s.code, {
      title: 'Comício',
      entireDay: false,
      beginDate: '2025-04-20 18:00',
      endDate: '2025-04-20 21:30',
      location: 'Praça Central',
    });
    expect(timed).toMatchObject({
      entireDay: false,
      beginDate: '2025-04-20T18:00:00-03:00',
      endDate: '2025-04-20T21:30:00-03:00',
      schedule: { code: s.code, name: 'Campanha', color: 'BLUE', colorHex: '#2196f3' },
      location: 'Praça Central',
    });
    await event(stranger, hidden.code, {
      title: 'Invisível',
      beginDate: '2025-04-20',
      endDate: '2025-04-20',
    });
    const titles = async (who: Caller, from: string, to: string) => {
      const res = await call(t, who, 'GET', `/api/events?beginDate=${from}&endDate=${to}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.list.map((e: { title: string }) => e.title);
    };
    expect(await titles(owner, '2025-04-13', '2025-04-19')).toEqual(['Feriado']);
    expect(await titles(owner, '2025-04-19', '2025-04-20')).toEqual(['Feriado', 'Comício']);
    expect(await titles(guest, '2025-04-20', '2025-04-26')).toEqual(['Comício']);
    // the day after the all-day event: it ended at midnight, not shown
    expect(await titles(owner, '2025-04-21', '2025-04-27')).toEqual([]);
    expect(await titles(stranger, '2025-04-13', '2025-04-26')).toEqual(['Invisível']);
    expect(await titles(outsider, '2025-04-13', '2025-04-26')).toEqual([]);
    const missing = await call(t, owner, 'GET', '/api/events?beginDate=2025-04-13');
    expect(missing.status).toBe(400);
    expect(missing.body.errors.endDate).toEqual(['Campo Obrigatório']);
    expect((await call(t, owner, 'GET', '/api/events?beginDate=x&endDate=2025-01-01')).status).toBe(400);
  });

  it("requires hours on timed events ('Informe o horário de início e término') and end after begin", async () => {
    const s = await schedule(owner);
    const res = await call(t, owner, 'POST', '/api/events', {
      title: 'Sem hora',
      entireDay: false,
      beginDate: '2025-03-10',
      endDate: '2025-03-10',
      scheduleCode: s.code,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      beginDate: ['Informe o horário de início e término'],
      endDate: ['Informe o horário de início e término'],
    });
    const reversed = await call(t, owner, 'POST', '/api/events', {
      title: 'Ao contrário',
      entireDay: false,
      beginDate: '2025-03-10 10:00',
      endDate: '2025-03-10 09:00',
      scheduleCode: s.code,
    });
    expect(reversed.body.errors.endDate).toEqual(['O término deve ser igual ou posterior ao início']);
    const noTitle = await call(t, owner, 'POST', '/api/events', {
      beginDate: '2025-03-10',
      endDate: '2025-03-10',
    });
    expect(noTitle.body.errors).toMatchObject({
      title: ['Campo Obrigatório'],
      scheduleCode: ['Campo Obrigatório'],
    });
    expect((await call(t, owner, 'POST', '/api/events', 'not json')).status).toBe(400);
  });

  it('event guests see the event read-only; only owner or responsible change or remove it', async () => {
    const s = await schedule(owner, { name: 'Reuniões' });
    const e = await event(owner, s.code, { invitedPeopleCodes: [stranger.user.code] });
    expect(e.invitedPeople).toEqual([{ code: stranger.user.code, name: 'Estranho' }]);
    const seen = await call(t, stranger, 'GET', `/api/events/${e.code}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.canEdit).toBe(false);
    const body = { title: 'x', beginDate: '2025-03-10', endDate: '2025-03-10', scheduleCode: s.code };
    expect((await call(t, stranger, 'PUT', `/api/events/${e.code}`, body)).status).toBe(403);
    expect((await call(t, stranger, 'DELETE', `/api/events/${e.code}`)).status).toBe(403);
    expect((await call(t, guest, 'GET', `/api/events/${e.code}`)).status).toBe(404);
    expect((await call(t, outsider, 'GET', `/api/events/${e.code}`)).status).toBe(404);
    // moving it to a schedule the caller cannot reach is a 404
    const foreignSchedule = await schedule(stranger, { name: 'Alheia' });
    const moved = await call(t, owner, 'PUT', `/api/events/${e.code}`, {
      ...body,
      scheduleCode: foreignSchedule.code,
    });
    expect(moved.status).toBe(404);
    const updated = await call(t, owner, 'PUT', `/api/events/${e.code}`, { ...body, title: 'Atualizado' });
    expect(updated.body.data).toMatchObject({ title: 'Atualizado', revision: 1, invitedPeople: [] });
    expect((await call(t, owner, 'DELETE', `/api/events/${e.code}`)).status).toBe(200);
    expect((await call(t, owner, 'GET', `/api/events/${e.code}`)).status).toBe(404);
  });

  it('removing a schedule removes its events', async () => {
    const s = await schedule(owner, { name: 'Temporária' });
    const e = await event(owner, s.code);
    const res = await call(t, owner, 'DELETE', `/api/schedules/${s.code}`);
    expect(res.body.data).toEqual({ code: s.code, removedEvents: 1 });
    expect((await call(t, owner, 'GET', `/api/events/${e.code}`)).status).toBe(404);
    expect((await call(t, owner, 'GET', `/api/schedules/${s.code}`)).status).toBe(404);
  });

  it('needs a session and the schedule module (a user without permissions is refused)', async () => {
    const res = await t.api.inject({
      method: 'GET',
      url: '/api/schedules',
      headers: { 'x-schema': tenant.slug },
    });
    expect(res.statusCode).toBe(401);
    const none = await signedIn(t, tenant, [], 'Sem permissões');
    expect((await call(t, none, 'GET', '/api/schedules')).status).toBe(403);
  });
});
