import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DEMAND_FILE_MAX_BYTES, DEMAND_TEXTS, MESSAGES, ROLES } from '@mandato/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_BYTES } from '../../platform/storage/s3-storage.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { watchStorage } from '../../test/storage-watch.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { setTenantModules } from '../tenants/tenants.service.ts';

const MiB = 1024 * 1024;
const PDF_HEAD = Buffer.from('%PDF-1.4\n');

type Answer = { status: number; body: { data?: { name: string; size: number }; message?: string } | null };

/**
 * POST /api/demands/{code}/files to a listening server, the body streamed as it is sent: one part
 * `file` of `size` bytes starting with `head` (made as they are read, never one buffer of that
 * size), and optionally a text part after it. The answer is read as soon as it comes, even if the
 * server answers before the body is all sent.
 */
function postStreamed(
  base: string,
  who: Caller,
  code: number,
  file: { head: Buffer; size: number; name?: string },
  after?: string,
): Promise<Answer> {
  const boundary = `----mandato${randomUUID()}`;
  const chunk = Buffer.alloc(64 * 1024, 'dados de teste ');
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'grande.pdf'}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    yield file.head;
    for (let sent = file.head.length; sent < file.size; sent += chunk.length)
      yield chunk.subarray(0, Math.min(chunk.length, file.size - sent));
    if (after !== undefined)
      yield Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${after}`);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  // keep-alive, as a browser asks: the server answers early and reads the rest of the body away.
  // With 'Connection: close' it closes the socket after answering, and the client, still writing,
  // may see EPIPE before it reads the answer. Its own agent, destroyed once answered: no idle
  // connection is left to hold the server's close.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/demands/${code}/files`,
      {
        method: 'POST',
        agent,
        headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          agent.destroy();
        });
      },
    );
    request.on('error', (error) => {
      agent.destroy();
      reject(error); // after the answer: a no-op
    });
    // a server that answers early may stop reading: the answer is what counts
    pipeline(Readable.from(body()), request).catch(() => undefined);
  });
}

/** Every file under `dir` (recursively), as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

async function demandWithApplicant(t: TestApp, who: Caller, title: string): Promise<number> {
  const applicant = await buildPerson(t, who, { name: `Solicitante ${title}` });
  const created = await call(t, who, 'POST', '/api/demands', { title, applicant: applicant.code });
  expect(created.status).toBe(200);
  return created.body.data.code;
}

const filesOf = async (t: TestApp, who: Caller, code: number) =>
  (await call(t, who, 'GET', `/api/demands/${code}`)).body.data.files as { name: string; size: number }[];

describe(`demand attachments streamed to the local disk (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let crm: Caller;
  let base: string;
  let stored: () => string[];
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    await setTenantModules(t.app, tenant.slug, { demands: true });
    crm = await signedIn(t, tenant, ['ROLE_CRM'], 'Ana da Equipe');
    await t.api.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.api.server.address() as { port: number }).port}`;
    stored = () => filesUnder(path.join(t.app.config.files.dir, `t${tenant.id}`));
  });
  afterAll(() => t.close());

  it('six concurrent 49 MiB uploads keep the memory growth far below what they send', async () => {
    const code = await demandWithApplicant(t, crm, 'Memória');
    // warm up the path, so loading code is not counted
    expect((await postStreamed(base, crm, code, { head: PDF_HEAD, size: MiB })).status).toBe(200);
    const size = 49 * MiB;
    // the server and its clients run in this process: the growth counts both (buffered whole: ~500 MiB)
    const start = process.memoryUsage();
    const peak = { rss: start.rss, arrayBuffers: start.arrayBuffers };
    const sample = () => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    };
    const sampler = setInterval(sample, 5);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postStreamed(base, crm, code, { head: PDF_HEAD, size, name: `grande-${i}.pdf` }),
      ),
    );
    clearInterval(sampler);
    sample();
    const growth = {
      rssMiB: Math.round((peak.rss - start.rss) / MiB),
      arrayBuffersMiB: Math.round((peak.arrayBuffers - start.arrayBuffers) / MiB),
    };
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.map((a) => a.body?.data?.size)).toEqual(Array(6).fill(size));
    expect(growth.rssMiB, JSON.stringify(growth)).toBeLessThan(150);
    expect(growth.arrayBuffersMiB, JSON.stringify(growth)).toBeLessThan(100);
    const files = await filesOf(t, crm, code);
    expect(files.filter((f) => f.size === size)).toHaveLength(6);
    for (const f of files) {
      const on = stored().find((s) => s.endsWith(f.name));
      expect(on, f.name).toBeDefined();
      expect(fs.statSync(path.join(t.app.config.files.dir, `t${tenant.id}`, on as string)).size).toBe(f.size);
    }
  });

  it('stops an upload past 50 MB while it streams: 413 in pt-BR, no file, no record', async () => {
    const code = await demandWithApplicant(t, crm, 'Grande demais');
    const before = stored();
    const exact = await postStreamed(base, crm, code, { head: PDF_HEAD, size: DEMAND_FILE_MAX_BYTES });
    expect(exact.status).toBe(200);
    const over = await postStreamed(base, crm, code, { head: PDF_HEAD, size: DEMAND_FILE_MAX_BYTES + 1 });
    expect(over.status).toBe(413);
    expect(over.body?.message).toBe(DEMAND_TEXTS.tooLarge);
    const huge = await postStreamed(base, crm, code, { head: PDF_HEAD, size: 120 * MiB });
    expect(huge.status).toBe(413);
    expect(await filesOf(t, crm, code)).toHaveLength(1);
    expect(stored().filter((f) => !before.includes(f))).toHaveLength(2); // the accepted file and its .meta.json
    // the server still takes uploads after refusing some midway
    expect((await postStreamed(base, crm, code, { head: PDF_HEAD, size: 1000 })).status).toBe(200);
  });

  it('refuses a file whose first bytes are no accepted type, and a part after the file: 400, nothing stored', async () => {
    const code = await demandWithApplicant(t, crm, 'Tipo errado');
    const before = stored();
    const html = await postStreamed(base, crm, code, {
      head: Buffer.from('<html><script>alert(1)</script>'),
      size: 5 * MiB,
      name: 'oficio.pdf',
    });
    expect(html.status).toBe(400);
    expect(html.body?.message).toBe(DEMAND_TEXTS.wrongType);
    const exe = await postStreamed(base, crm, code, {
      head: Buffer.from('MZ\x90\x00'),
      size: 3000,
      name: 'a.pdf',
    });
    expect(exe.status).toBe(400);
    const extra = await postStreamed(base, crm, code, { head: PDF_HEAD, size: 2 * MiB }, 'sobrando');
    expect(extra.status).toBe(400);
    expect(extra.body?.message).toBe(MESSAGES.validation);
    expect(await filesOf(t, crm, code)).toEqual([]);
    expect(stored()).toEqual(before);
  });

  it('holds no database transaction while the file is written to the storage', async () => {
    const code = await demandWithApplicant(t, crm, 'Sem transação');
    const storage = watchStorage(t);
    try {
      expect((await postStreamed(base, crm, code, { head: PDF_HEAD, size: 100_000 })).status).toBe(200);
    } finally {
      storage.restore();
    }
    expect(storage.calls.map((c) => [c.method, c.openTransactions])).toEqual([['putStream', 0]]);
  });
});

describe(`demand attachments streamed to an S3 bucket (${testEngine})`, () => {
  let t: TestApp;
  let s3: S3rver;
  let bucketDir: string;
  let tenant: BuiltTenant;
  let crm: Caller;
  let base: string;
  const objects = () =>
    filesUnder(path.join(bucketDir, 'mandato-arquivos')).filter((f) => f.endsWith('._S3rver_object'));
  beforeAll(async () => {
    bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'mandato-arquivos', configs: [] }],
    });
    const address = await s3.run();
    t = await createTestApp({
      files: {
        dir: path.join(bucketDir, 'unused'),
        s3: {
          endpoint: `http://127.0.0.1:${address.port}`,
          bucket: 'mandato-arquivos',
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
        },
      },
    });
    tenant = await buildTenant(t);
    await setTenantModules(t.app, tenant.slug, { demands: true });
    crm = await signedIn(t, tenant, [...ROLES]);
    await t.api.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.api.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
  });

  it('stores a file of several parts and serves it back whole', async () => {
    const code = await demandWithApplicant(t, crm, 'No balde');
    const size = 2 * PART_BYTES + 777;
    const answer = await postStreamed(base, crm, code, { head: PDF_HEAD, size });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const served = await t.api.inject({
      url: `/api/demand-files/${answer.body?.data?.name}`,
      headers: crm.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.length).toBe(size);
    expect(served.rawPayload.subarray(0, PDF_HEAD.length).equals(PDF_HEAD)).toBe(true);
    expect(objects()).toHaveLength(1);
  });

  it('leaves no object in the bucket for an upload past the limit', async () => {
    const code = await demandWithApplicant(t, crm, 'Balde cheio');
    const before = objects();
    const over = await postStreamed(base, crm, code, { head: PDF_HEAD, size: DEMAND_FILE_MAX_BYTES + 1 });
    expect(over.status).toBe(413);
    expect(over.body?.message).toBe(DEMAND_TEXTS.tooLarge);
    expect(objects()).toEqual(before);
    expect(await filesOf(t, crm, code)).toEqual([]);
  });
});
