import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, PART_BYTES } from './s3-storage.ts';
import { type FileStorage, fileKey, isFileKey } from './storage.ts';

/** `size` bytes made as they are read (a pattern, never one buffer of that size). */
function generated(size: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'conteúdo gerado ');
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < size; sent += chunk.length)
        yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    })(),
  );
}

const digest = async (body: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const read = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('file keys', () => {
  it('are made per tenant and area; any other shape is refused', () => {
    const key = fileKey('42', 'logo', 'png');
    expect(key).toMatch(/^t42\/logo\/[0-9a-f-]{36}\.png$/);
    expect(isFileKey(key)).toBe(true);
    for (const bad of [
      '../t42/logo/x.png',
      't42/../../etc/passwd',
      '/t42/logo/00000000-0000-0000-0000-000000000000.png',
      't42/logo/00000000-0000-0000-0000-000000000000.png/..',
      't42/Logo/00000000-0000-0000-0000-000000000000.png',
      't42/logo/nome-do-usuario.png',
      'tx/logo/00000000-0000-0000-0000-000000000000.png',
    ])
      expect(isFileKey(bad), bad).toBe(false);
    expect(() => fileKey('42', '../x', 'png')).toThrow();
    expect(() => fileKey('42', 'logo', 'p/ng')).toThrow();
  });
});

/** The same contract on both adapters. */
function contract(name: string, open: () => FileStorage) {
  describe(`${name} storage`, () => {
    it('puts, gets with its content type and size, and deletes', async () => {
      const storage = open();
      const key = fileKey('7', 'demand', 'pdf');
      const body = Buffer.from('%PDF-1.4 conteúdo de teste ✓');
      await storage.put(key, body, 'application/pdf');
      const file = await storage.get(key);
      expect(file?.contentType).toBe('application/pdf');
      expect(file?.size).toBe(body.length);
      expect(await read(file?.body as Readable)).toEqual(body);
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      await storage.delete(key); // again: not an error
    });

    it('stores a stream larger than an upload part as it arrives, and reads it back whole', async () => {
      const storage = open();
      const key = fileKey('7', 'demand', 'pdf');
      const size = 2 * PART_BYTES + 12345;
      expect(await storage.putStream(key, generated(size), 'application/pdf')).toBe(size);
      const file = await storage.get(key);
      expect(file?.contentType).toBe('application/pdf');
      expect(file?.size).toBe(size);
      expect(await digest(file?.body as Readable)).toBe(await digest(generated(size)));
      await storage.delete(key);
    });

    it('leaves nothing under the key when the stream fails midway', async () => {
      const storage = open();
      for (const at of [1000, PART_BYTES + 1000]) {
        const key = fileKey('7', 'demand', 'pdf');
        const failing = Readable.from(
          (async function* () {
            yield* generated(at);
            throw new Error('limite excedido');
          })(),
        );
        await expect(storage.putStream(key, failing, 'application/pdf')).rejects.toThrow('limite excedido');
        expect(await storage.get(key)).toBeUndefined();
      }
    });

    it('answers undefined for a file never stored, and refuses a key it did not make', async () => {
      const storage = open();
      expect(await storage.get(fileKey('7', 'logo', 'png'))).toBeUndefined();
      await expect(storage.get('t7/logo/../../segredo.txt')).rejects.toThrow(/chave de arquivo inválida/);
      await expect(storage.put('../fora.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
        /chave de arquivo inválida/,
      );
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

contract('local disk', () => createLocalStorage(path.join(dir, 'files')));

describe('local disk layout', () => {
  it('keeps each file under the root, in its tenant folder', async () => {
    const root = path.join(dir, 'layout');
    const storage = createLocalStorage(root);
    const key = fileKey('9', 'logo', 'png');
    await storage.put(key, Buffer.from([0x89, 0x50]), 'image/png');
    expect(fs.existsSync(path.join(root, ...key.split('/')))).toBe(true);
    expect(fs.readdirSync(path.join(root, 't9', 'logo')).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('removes the partial file of a stream that fails', async () => {
    const root = path.join(dir, 'partial');
    const storage = createLocalStorage(root);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(100_000, 1);
        throw new Error('cliente saiu');
      })(),
    );
    await expect(
      storage.putStream(fileKey('9', 'demand', 'pdf'), failing, 'application/pdf'),
    ).rejects.toThrow();
    expect(fs.readdirSync(path.join(root, 't9', 'demand'))).toEqual([]);
  });
});

/**
 * In front of s3rver (a local S3-compatible server that does not check V4 signatures): a proxy
 * that recomputes each request's signature with AWS's own signer (@smithy/signature-v4) and the
 * known secret, answering 403 SignatureDoesNotMatch as S3 does, else passing the request on.
 */
function signatureCheckingProxy(target: string, secretAccessKey: string) {
  const signer = new SignatureV4({
    credentials: { accessKeyId: 'S3RVER', secretAccessKey },
    region: 'us-east-1',
    service: 's3',
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: false,
    applyChecksum: false,
  });
  return http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const auth = /SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
    const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(req.headers['x-amz-date']));
    let valid = false;
    if (auth && date) {
      const names = (auth[1] as string).split(';');
      const headers = Object.fromEntries(names.map((h) => [h, String(req.headers[h] ?? '')]));
      const url = new URL(req.url ?? '/', 'http://proxy');
      const signed = await signer.sign(
        {
          method: req.method ?? 'GET',
          protocol: 'http:',
          hostname: String(req.headers.host),
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers,
          body,
        },
        { signingDate: new Date(`${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}Z`) },
      );
      valid = String(signed.headers.authorization).endsWith(`Signature=${auth[2]}`);
    }
    if (!valid) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const forwarded = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([h]) => h !== 'host' && h !== 'content-length'),
      ) as Record<string, string>,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
    });
    res.writeHead(forwarded.status, Object.fromEntries(forwarded.headers));
    res.end(Buffer.from(await forwarded.arrayBuffer()));
  });
}

let s3: S3rver;
let proxy: http.Server;
let endpoint = '';
beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'mandato-arquivos', configs: [] }],
  });
  const address = await s3.run();
  proxy = signatureCheckingProxy(`http://127.0.0.1:${address.port}`, 'segredo-do-teste');
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});
afterAll(async () => {
  proxy.close();
  await s3.close();
});

const s3Config = () => ({
  endpoint,
  bucket: 'mandato-arquivos',
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'segredo-do-teste',
});
contract('S3', () => createS3Storage(s3Config()));

describe('S3 storage failures', () => {
  it('a wrong secret is refused by the server, with the status in the error', async () => {
    const storage = createS3Storage({ ...s3Config(), secretAccessKey: 'errada' });
    await expect(storage.put(fileKey('7', 'logo', 'png'), Buffer.from('x'), 'image/png')).rejects.toThrow(
      /respondeu 403/,
    );
  });

  it('a bucket that does not exist is an error, not a missing file', async () => {
    const storage = createS3Storage({ ...s3Config(), bucket: 'nao-existe' });
    await expect(storage.put(fileKey('7', 'logo', 'png'), Buffer.from('x'), 'image/png')).rejects.toThrow(
      /respondeu 404/,
    );
  });
});
