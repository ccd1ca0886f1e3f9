import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffType } from '../../platform/files/sniff-type.ts';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { seedDemo } from './demo-seed.ts';

describe(`demo demands (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { files: t.app.files })).toBe(true);
  });
  afterAll(() => t.close());

  it('puts the demo on the allowlist with three demands, the first with a PDF', async () => {
    const headers = await demoAdminHeaders(t);
    const res = await t.api.inject({ method: 'GET', url: '/api/demands', headers });
    expect(res.statusCode, res.body).toBe(200);
    const { list, total } = res.json().data;
    expect(total).toBe(3);
    const withFile = list.find((d: { files: unknown[] }) => d.files.length > 0);
    expect(withFile).toMatchObject({ code: 1, applicantName: 'Maria das Dores Silva' });
    const file = await t.api.inject({ url: `/api/demand-files/${withFile.files[0].name}`, headers });
    expect(file.statusCode).toBe(200);
    expect(sniffType(file.rawPayload)).toBe('pdf');
  });
});
