import { Readable } from 'node:stream';
import aws4 from 'aws4';
import { assertFileKey, type FileStorage } from './storage.ts';

export interface S3Config {
  /** e.g. https://s3.sa-east-1.amazonaws.com, or a MinIO / compatible server */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** requests time out after this (ms) */
  timeoutMs?: number;
}

/**
 * Real adapter: an S3-compatible bucket over HTTPS, path-style addressing
 * (`<endpoint>/<bucket>/<key>`, which every compatible server accepts), each request signed with
 * AWS Signature V4 (aws4).
 */
export function createS3Storage(config: S3Config): FileStorage {
  const base = new URL(config.endpoint);
  const timeout = config.timeoutMs ?? 30_000;
  const request = async (method: string, key: string, body?: Buffer, contentType?: string) => {
    assertFileKey(key);
    const pathName = `${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(config.bucket)}/${key
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`;
    const signed = aws4.sign(
      {
        host: base.host,
        path: pathName,
        method,
        service: 's3',
        region: config.region,
        headers: {
          ...(contentType ? { 'Content-Type': contentType } : {}),
          ...(body ? { 'Content-Length': String(body.length) } : {}),
          'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
        },
        body,
      },
      { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    );
    const headers = Object.fromEntries(
      Object.entries(signed.headers ?? {}).filter(([name]) => !/^(host|content-length)$/i.test(name)),
    ) as Record<string, string>;
    return fetch(`${base.protocol}//${base.host}${pathName}`, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeout),
    });
  };
  const fail = async (what: string, res: Response): Promise<never> => {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`armazenamento S3: ${what} respondeu ${res.status} ${text}`);
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const res = await request('PUT', key, body, contentType);
      if (!res.ok) await fail('PUT', res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await request('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return undefined;
      }
      if (!res.ok || !res.body) return fail('GET', res);
      return {
        body: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
        size: Number(res.headers.get('content-length') ?? 0),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const res = await request('DELETE', key);
      if (!res.ok && res.status !== 404) await fail('DELETE', res);
      await res.arrayBuffer();
    },
  };
}
