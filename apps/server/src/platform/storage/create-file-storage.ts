import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, type S3Config } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** The bucket when configured (S3_BUCKET …), else the local disk (DESIGN.md §4). */
export function createFileStorage(files: { dir: string; s3: S3Config | undefined }): FileStorage {
  return files.s3 ? createS3Storage(files.s3) : createLocalStorage(files.dir);
}
