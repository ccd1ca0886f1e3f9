import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored file as read back. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Where uploaded files live (DESIGN.md §4): an S3-compatible bucket when configured, else the
 * local disk under the data directory. Keys are made by `fileKey` only (never from a user's file
 * name), so a key cannot leave its tenant's folder; the adapters refuse any other shape.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores `body` as it arrives, never whole in memory, and answers its size. When `body` fails
   * (a size limit, a client gone) the error is thrown and nothing is left under `key`.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** undefined when there is no such file */
  get(key: string): Promise<StoredFile | undefined>;
  /** removing a file that is not there is not an error */
  delete(key: string): Promise<void>;
}

/**
 * Runs `record` for a file just stored under `key`: when the record fails the file is removed too,
 * so the storage keeps no file that nothing points to. Answers what `record` answers.
 */
export async function removeIfNotRecorded<T>(
  files: Pick<FileStorage, 'delete'>,
  key: string,
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    await files.delete(key);
    throw error;
  }
}

const KEY = /^t\d{1,19}\/[a-z][a-z0-9-]{0,39}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** A new key for a file of the tenant: `t<tenant>/<area>/<uuid>.<ext>` (area, ext: lower-case words). */
export function fileKey(tenantId: string, area: string, extension: string): string {
  const key = `t${tenantId}/${area}/${randomUUID()}.${extension}`;
  assertFileKey(key);
  return key;
}

/** Whether `key` has the shape `fileKey` makes (no '..', no absolute path, no other folder). */
export function isFileKey(key: string): boolean {
  return KEY.test(key);
}

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`chave de arquivo inválida: ${JSON.stringify(key).slice(0, 80)}`);
}
