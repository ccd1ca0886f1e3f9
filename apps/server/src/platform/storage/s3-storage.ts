import { Readable } from 'node:stream';
import aws4 from 'aws4';
import { assertFileKey, type FileStorage } from './storage.ts';

/** Size of the parts of a streamed upload (S3 takes parts of 5 MiB or more, but the last). */
export const PART_BYTES = 8 * 1024 * 1024;

/** Reads `body` in parts of at least PART_BYTES (the last one smaller); undefined at its end. */
function partsOf(body: Readable): () => Promise<Buffer | undefined> {
  const chunks = body[Symbol.asyncIterator]();
  return async () => {
    const part: Buffer[] = [];
    let length = 0;
    while (length < PART_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      const chunk = Buffer.from(next.value as Uint8Array);
      part.push(chunk);
      length += chunk.length;
    }
    return length > 0 ? Buffer.concat(part, length) : undefined;
  };
}

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
  const request = async (method: string, key: string, body?: Buffer, contentType?: string, query = '') => {
    assertFileKey(key);
    const pathName = `${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(config.bucket)}/${key
      .split('/')
      .map(encodeURIComponent)
      .join('/')}${query ? `?${query}` : ''}`;
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
      body: body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : undefined,
      signal: AbortSignal.timeout(timeout),
    });
  };
  const fail = async (what: string, res: Response): Promise<never> => {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`armazenamento S3: ${what} respondeu ${res.status} ${text}`);
  };
  const put = async (key: string, body: Buffer, contentType: string) => {
    const res = await request('PUT', key, body, contentType);
    if (!res.ok) await fail('PUT', res);
    await res.arrayBuffer();
  };
  /**
   * A multipart upload of `first` and the parts after it (S3 needs each request's length): one
   * part in memory at a time; a failure aborts the upload, so no object appears.
   */
  const putInParts = async (
    key: string,
    contentType: string,
    first: Buffer,
    parts: () => Promise<Buffer | undefined>,
  ) => {
    const started = await request('POST', key, undefined, contentType, 'uploads');
    if (!started.ok) await fail('CreateMultipartUpload', started);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await started.text())?.[1];
    if (!uploadId) throw new Error('armazenamento S3: CreateMultipartUpload sem UploadId');
    const upload = `uploadId=${encodeURIComponent(uploadId)}`;
    const etags: string[] = [];
    let size = 0;
    try {
      for (let part: Buffer | undefined = first; part; part = await parts()) {
        const res = await request('PUT', key, part, undefined, `partNumber=${etags.length + 1}&${upload}`);
        if (!res.ok) await fail('UploadPart', res);
        await res.arrayBuffer();
        etags.push(res.headers.get('etag') ?? '');
        size += part.length;
      }
      const list = etags.map(
        (etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`,
      );
      const xml = `<CompleteMultipartUpload>${list.join('')}</CompleteMultipartUpload>`;
      const done = await request('POST', key, Buffer.from(xml), 'application/xml', upload);
      const answer = await done.text();
      // S3 may answer 200 and still report the failure in the body
      if (!done.ok || answer.includes('<Error>'))
        throw new Error(
          `armazenamento S3: CompleteMultipartUpload respondeu ${done.status} ${answer.slice(0, 300)}`,
        );
      return size;
    } catch (error) {
      // best effort: parts left behind are dropped by the bucket's rule for incomplete uploads
      await request('DELETE', key, undefined, undefined, upload)
        .then((res) => res.arrayBuffer())
        .catch(() => undefined);
      throw error;
    }
  };
  return {
    kind: 's3',
    put,
    async putStream(key, body, contentType) {
      try {
        const parts = partsOf(body);
        const first = (await parts()) ?? Buffer.alloc(0);
        if (first.length >= PART_BYTES) return await putInParts(key, contentType, first, parts);
        await put(key, first, contentType);
        return first.length;
      } catch (error) {
        body.destroy();
        throw error;
      }
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
