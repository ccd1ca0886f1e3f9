import { randomUUID } from 'node:crypto';
import { SNIFFED_CONTENT_TYPES, type SniffedType } from '../files/sniff-type.ts';
import { type FileStorage, fileKey, type StoredFile } from './storage.ts';

/** An upload recorded for serving: its key, its sniffed content type and the address it is served at. */
export interface RecordedUpload {
  key: string;
  type: string;
  url: string;
}

/**
 * An image that replaces another (a tenant's logo, the sponsor form's favicon): stored under a
 * fresh key of the tenant's `area` (extension from the sniffed type), served from `path` with a new
 * version so no cache keeps the old one, recorded by `record` (which answers the key it replaces),
 * and the replaced file removed from the storage. Answers the new address.
 */
export async function replaceUpload(
  files: FileStorage,
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
  await files.put(key, upload.file.bytes, type);
  const url = `${upload.path}?v=${randomUUID().slice(0, 8)}`;
  const previous = await record({ key, type, url });
  if (previous && previous !== key) await files.delete(previous);
  return url;
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
