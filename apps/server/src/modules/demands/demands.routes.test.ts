import { DEMAND_FILE_MAX_BYTES, DEMAND_TEXTS, ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { multipartBody } from '../../test/xlsx-fixture.ts';
import { setTenantModules } from '../tenants/tenants.service.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR x'),
]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

describe(`demands routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let crm: Caller;
  let applicant: { code: number; name: string | null };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    await setTenantModules(t.app, tenant.slug, { demands: true });
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    crm = await signedIn(t, tenant, ['ROLE_CRM'], 'Ana da Equipe');
    // a ROLE_CRM user without ROLE_CRM_ALL_DATA sees the contacts they registered
    applicant = await buildPerson(t, crm, { name: 'João Solicitante' });
  });
  afterAll(() => t.close());

  const upload = async (
    who: Caller,
    code: number,
    file: Buffer | undefined,
    name = 'oficio.pdf',
    data?: unknown,
  ) => {
    const body = multipartBody(file, data, name);
    const res = await t.api.inject({
      method: 'POST',
      url: `/api/demands/${code}/files`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const register = async (who: Caller, body: Record<string, unknown>) =>
    call(t, who, 'POST', '/api/demands', body);

  it('registers a demand with a PDF, lists it newest first and serves the file as an attachment', async () => {
    const first = await register(crm, {
      title: 'Poste apagado',
      description: 'Rua A',
      applicant: applicant.code,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      code: 1,
      title: 'Poste apagado',
      applicant: applicant.code,
      applicantName: 'João Solicitante',
      status: 'OPEN',
      files: [],
      history: [{ from: null, to: 'OPEN', by: 'Ana da Equipe' }],
    });
    const second = await register(crm, { title: 'Buraco', applicant: applicant.code, status: 'IN_PROGRESS' });
    expect(second.body.data.code).toBe(2);

    const stored = await upload(crm, 1, PDF, 'Ofício nº 1.pdf');
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.data).toMatchObject({
      originalName: 'Ofício nº 1.pdf',
      extension: 'pdf',
      size: PDF.length,
    });
    expect(stored.body.data.name).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const list = await call(t, crm, 'GET', '/api/demands');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((d: { code: number }) => d.code)).toEqual([2, 1]);
    expect(list.body.data.list[1].files).toEqual([stored.body.data]);
    const paged = await call(t, crm, 'GET', '/api/demands?page=2&itemsPerPage=1');
    expect(paged.body.data).toMatchObject({ total: 2, list: [{ code: 1 }] });

    const file = await t.api.inject({
      url: `/api/demand-files/${stored.body.data.name}`,
      headers: crm.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Of_cio n_ 1.pdf"');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Ofício nº 1.pdf')}`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('records each status change with who and when', async () => {
    const created = await register(crm, { title: 'Creche', applicant: applicant.code });
    const code = created.body.data.code;
    const changed = await call(t, admin, 'POST', `/api/demands/${code}/status`, { status: 'DONE' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.status).toBe('DONE');
    const detail = await call(t, crm, 'GET', `/api/demands/${code}`);
    expect(detail.body.data.history).toEqual([
      { from: null, to: 'OPEN', by: 'Ana da Equipe', at: expect.any(String) },
      { from: 'OPEN', to: 'DONE', by: 'Admin', at: expect.any(String) },
    ]);
    const bad = await call(t, crm, 'POST', `/api/demands/${code}/status`, { status: 'LOST' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toEqual([DEMAND_TEXTS.status]);
    expect((await call(t, crm, 'POST', '/api/demands/9999/status', { status: 'DONE' })).status).toBe(404);
    expect((await call(t, crm, 'GET', '/api/demands/9999')).status).toBe(404);
  });

  it('refuses bad input in pt-BR and writes nothing', async () => {
    const before = (await call(t, crm, 'GET', '/api/demands')).body.data.total;
    const cases: Record<string, unknown>[] = [
      { title: '', applicant: applicant.code },
      { title: 'x'.repeat(201), applicant: applicant.code },
      { title: 'ok\u0007', applicant: applicant.code },
      { title: 'ok', applicant: 'abc' },
      { title: 'ok', applicant: applicant.code, status: 'X' },
      { title: 'ok', applicant: applicant.code, extra: true },
      { title: 'ok', applicant: 999999 },
    ];
    for (const body of cases) {
      const res = await register(crm, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await register(crm, { title: 'ok', applicant: 999999 })).body.errors.applicant).toEqual([
      DEMAND_TEXTS.applicantNotFound,
    ]);
    const hidden = await buildPerson(t, admin, { name: 'Contato da Admin' });
    expect((await register(crm, { title: 'ok', applicant: hidden.code })).status).toBe(400);
    expect((await call(t, crm, 'GET', '/api/demands?itemsPerPage=500')).status).toBe(400);
    expect((await call(t, crm, 'GET', '/api/demands/abc')).status).toBe(400);
    expect((await call(t, crm, 'GET', '/api/demands')).body.data.total).toBe(before);
  });

  it('refuses a wrong type, a missing file, extra parts and files over 50 MB', async () => {
    const wrong = await upload(crm, 1, HTML, 'x.pdf');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(DEMAND_TEXTS.wrongType);
    const none = await upload(crm, 1, undefined, 'x.pdf', 'texto');
    expect(none.status).toBe(400);
    const extra = await upload(crm, 1, PNG, 'foto.png', { a: 1 });
    expect(extra.status).toBe(400);
    expect((await upload(crm, 9999, PNG, 'foto.png')).status).toBe(404);
    const big = Buffer.alloc(DEMAND_FILE_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const tooLarge = await upload(crm, 1, big, 'grande.pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(DEMAND_TEXTS.tooLarge);
    const files = (await call(t, crm, 'GET', '/api/demands?itemsPerPage=50')).body.data.list.flatMap(
      (d: { files: unknown[] }) => d.files,
    );
    expect(files).toHaveLength(1);
  });

  it('refuses path traversal and unknown names', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '..', 'oficio.pdf', `t${tenant.id}%2Fdemand%2Fx.pdf`]) {
      const res = await t.api.inject({ url: `/api/demand-files/${name}`, headers: crm.headers });
      expect([400, 404], name).toContain(res.statusCode);
    }
    const unknown = await t.api.inject({
      url: '/api/demand-files/0f8fad5b-d9cb-469f-a165-70867728950e.pdf',
      headers: crm.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DEMAND_TEXTS.fileNotFound);
  });

  it('keeps tenants apart: no applicant, demand or file of another tenant', async () => {
    const other = await buildTenant(t);
    await setTenantModules(t.app, other.slug, { demands: true });
    const stranger = await signedIn(t, other, [...ROLES]);
    const theirPerson = await buildPerson(t, stranger, { name: 'De Outro' });
    const refused = await register(crm, { title: 'x', applicant: theirPerson.code });
    expect(refused.status).toBe(400);
    const theirs = await register(stranger, { title: 'Deles', applicant: theirPerson.code });
    expect(theirs.body.data.code).toBe(1);
    const theirFile = await upload(stranger, 1, PNG, 'foto.png');
    expect(theirFile.status).toBe(200);
    const mine = await t.api.inject({
      url: `/api/demand-files/${theirFile.body.data.name}`,
      headers: crm.headers,
    });
    expect(mine.statusCode).toBe(404);
    const list = await call(t, crm, 'GET', '/api/demands?itemsPerPage=50');
    expect(list.body.data.list.map((d: { title: string }) => d.title)).not.toContain('Deles');
  });

  it('needs ROLE_CRM and the tenant on the demands allowlist', async () => {
    const team = await signedIn(t, tenant, ['ROLE_TEAM', 'ROLE_REPORT']);
    expect((await call(t, team, 'GET', '/api/demands')).status).toBe(403);
    expect((await register(team, { title: 'x', applicant: applicant.code })).status).toBe(403);
    expect((await upload(team, 1, PDF)).status).toBe(403);

    const off = await buildTenant(t);
    const offUser = await signedIn(t, off, [...ROLES]);
    expect((await call(t, offUser, 'GET', '/api/demands')).status).toBe(403);
    await setTenantModules(t.app, off.slug, { demands: true });
    expect((await call(t, offUser, 'GET', '/api/demands')).status).toBe(200);
    await setTenantModules(t.app, off.slug, { demands: false });
    expect((await call(t, offUser, 'GET', '/api/demands')).status).toBe(403);
    expect((await upload(offUser, 1, PDF)).status).toBe(403);
    const anonymous = await t.api.inject({ url: '/api/demands', headers: { 'x-schema': tenant.slug } });
    expect(anonymous.statusCode).toBe(401);
  });
});
