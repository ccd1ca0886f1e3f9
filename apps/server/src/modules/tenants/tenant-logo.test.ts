import { LOGO_MESSAGES, ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signedIn } from '../../test/crm-factories.ts';
import { uploadWhileLoggingOut, watchStorage } from '../../test/storage-watch.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { multipartBody } from '../../test/xlsx-fixture.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR dados de imagem de teste'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF teste')]);

describe(`account logo (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let member: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    member = await signedIn(t, tenant, ['ROLE_CRM'], 'Sem configuração');
  });
  afterAll(() => t.close());

  const upload = async (who: Caller, file: Buffer | undefined, name = 'logo.png', slug = tenant.slug) => {
    const body = multipartBody(file, undefined, name);
    const res = await t.api.inject({
      method: 'POST',
      url: `/api/sys-admin/schemas/${slug}/upload-logo`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const schema = async () =>
    (
      await t.api.inject({
        method: 'GET',
        url: `/api/sys-admin/schemas/${tenant.slug}`,
        headers: admin.headers,
      })
    ).json().data;

  it('stores a PNG, points the account at it and serves it with the type its bytes tell, never as HTML', async () => {
    const res = await upload(admin, PNG);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.logoUrl).toMatch(new RegExp(`^/api/sys-admin/schemas/${tenant.slug}/logo\\?v=`));
    expect((await schema()).logoUrl).toBe(res.body.data.logoUrl);
    const logo = await t.api.inject({ method: 'GET', url: res.body.data.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-disposition']).toBe('inline; filename="logo.png"');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect(logo.rawPayload).toEqual(PNG);
  });

  it('replaces the logo: the new address serves the new file, the old file is gone from the storage', async () => {
    const keyNow = async () =>
      String(
        (
          await t.db.ownerSession((run) => run('SELECT logo_key FROM tenants WHERE slug = $1', [tenant.slug]))
        )[0]?.logo_key,
      );
    const first = await upload(admin, PNG);
    const firstKey = await keyNow();
    expect(await t.app.files.get(firstKey)).toBeDefined();
    const second = await upload(admin, JPEG, 'foto.jpeg');
    expect(second.status).toBe(200);
    expect(second.body.data.logoUrl).not.toBe(first.body.data.logoUrl);
    const logo = await t.api.inject({ method: 'GET', url: second.body.data.logoUrl });
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(logo.rawPayload).toEqual(JPEG);
    const key = await keyNow();
    expect(key).toMatch(/\.jpg$/);
    expect(await t.app.files.get(key)).toBeDefined();
    expect(await t.app.files.get(firstKey)).toBeUndefined();
  });

  it('holds no database transaction while the storage is called; the replaced file goes after the commit', async () => {
    expect((await upload(admin, PNG)).status).toBe(200);
    const storage = watchStorage(t);
    try {
      expect((await upload(admin, JPEG, 'foto.jpeg')).status).toBe(200);
    } finally {
      storage.restore();
    }
    expect(storage.calls.map((c) => [c.method, c.openTransactions])).toEqual([
      ['put', 0],
      ['delete', 0],
    ]);
  });

  it('a logo whose record is refused is removed from the storage; the old one stays recorded and served', async () => {
    const leaving = await signedIn(t, tenant, [...ROLES], 'Sai no meio do envio');
    const first = await upload(leaving, PNG);
    expect(first.status).toBe(200);
    const { answer, calls, loggedOut } = await uploadWhileLoggingOut(t, leaving, () =>
      upload(leaving, JPEG, 'foto.jpeg'),
    );
    expect(loggedOut).toBe(true);
    expect(answer.status).toBe(401);
    const stored = calls.find((c) => c.method === 'put')?.key ?? '';
    expect(calls).toEqual([
      { method: 'put', key: stored, openTransactions: 0 },
      { method: 'delete', key: stored, openTransactions: 0 },
    ]);
    expect(await t.app.files.get(stored)).toBeUndefined();
    expect((await schema()).logoUrl).toBe(first.body.data.logoUrl);
    const logo = await t.api.inject({ method: 'GET', url: first.body.data.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload).toEqual(PNG);
  });

  it('refuses by the bytes: an SVG, HTML renamed .png, a PDF; nothing changes', async () => {
    const before = (await schema()).logoUrl;
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.svg'],
      [Buffer.from('<!DOCTYPE html><script>alert(1)</script>'), 'logo.png'],
      [Buffer.from('%PDF-1.7 documento'), 'logo.png'],
    ] as const) {
      const res = await upload(admin, bytes, name);
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe(LOGO_MESSAGES.onlyImages);
    }
    expect((await schema()).logoUrl).toBe(before);
  });

  it('refuses a file past 2 MB (413), a request without a file, and an unknown part (400)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(admin, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(LOGO_MESSAGES.tooLarge);
    const none = await upload(admin, undefined);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(LOGO_MESSAGES.noFile);
    const extra = multipartBody(PNG, { x: 1 }, 'logo.png');
    const res = await t.api.inject({
      method: 'POST',
      url: `/api/sys-admin/schemas/${tenant.slug}/upload-logo`,
      headers: { ...admin.headers, ...extra.headers },
      payload: extra.payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs ROLE_CONFIG, and a user changes only their own tenant', async () => {
    expect((await upload(member, PNG)).status).toBe(403);
    const other = await buildTenant(t);
    expect((await upload(admin, PNG, 'logo.png', other.slug)).status).toBe(404);
    const anonymous = await t.api.inject({ method: 'GET', url: `/api/sys-admin/schemas/${other.slug}/logo` });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().message).toBe(LOGO_MESSAGES.notFound);
  });
});
