import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context.ts';
import { SNIFFED_CONTENT_TYPES, type SniffedType } from '../files/sniff-type.ts';
import { type FileStorage, fileKey, removeIfNotRecorded, type StoredFile } from './storage.ts';

/** An upload recorded for serving: its key, its sniffed content type and the address it is served at. */
export interface RecordedUpload {
  key: string;
  type: string;
  url: string;
}

/**
 * An image that replaces another (a tenant's logo, the sponsor form's favicon): stored under a
 * fresh key of the tenant's `area` (extension from the sniffed type), served from `path` with a new
 * version so no cache keeps the old one, and recorded by `record`, which runs its own short
 * transaction and answers the key it replaces. Called with no transaction open, so none is open
 * while the storage is (docs/architecture.md, "Nenhuma espera de rede com transação aberta"): a new
 * file whose record fails is removed, and the replaced one only once the record is committed.
 * Answers the new address.
 */
export async function replaceUpload(
  app: Pick<AppContext, 'files' | 'log'>,
  upload: {
    tenantId: string;
    area: string;
    file: { bytes: Buffer; type: SniffedType };
    extensions: Partial<Record<SniffedType, string>>;
    path: string;
  },
  record: (recorded: RecordedUpload) => Promise<string | null | undefined>,
): Promise<string> {
  const key = fileKey(upload.tenantId, upload.area, upload.extensions[upload.file.type] ?? 'bin');
  const type = SNIFFED_CONTENT_TYPES[upload.file.type];
  await app.files.put(key, upload.file.bytes, type);
  const url = `${upload.path}?v=${randomUUID().slice(0, 8)}`;
  const previous = await removeIfNotRecorded(app.files, key, () => record({ key, type, url }));
  if (previous && previous !== key) await removeReplacedUpload(app, previous);
  return url;
}

/**
 * Removes a file whose record already points elsewhere (committed, no transaction open). The
 * change is made: a storage that fails here leaves the file behind, logged, and the answer stands.
 */
export async function removeReplacedUpload(
  app: Pick<AppContext, 'files' | 'log'>,
  key: string,
): Promise<void> {
  try {
    await app.files.delete(key);
  } catch (error) {
    app.log.error({ err: error, key }, 'replaced upload left in the storage');
  }
}

/** A recorded upload read back, with the type it was recorded with and its key's extension. */
export async function readRecordedUpload(
  files: FileStorage,
  recorded: { key: string; type: string } | undefined,
): Promise<(StoredFile & { extension: string }) | undefined> {
  const file = recorded ? await files.get(recorded.key) : undefined;
  if (!recorded || !file) return undefined;
  return { ...file, contentType: recorded.type, extension: recorded.key.split('.').pop() ?? 'bin' };
}
