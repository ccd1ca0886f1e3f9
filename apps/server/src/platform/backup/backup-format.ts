import zlib from 'node:zlib';
import { tarHeader } from './tar.ts';

/**
 * A backup file is a .tar.gz an operator can open with `tar -xzf`, in two gzip members:
 *
 * 1. the manifest, `mandato-backup.json`, the first entry: JSON padded with spaces to MANIFEST_SIZE
 *    bytes, gzip level 0 (stored), so its member has the same length whatever the JSON says. It is
 *    written as a placeholder first and overwritten in place when the backup ends, with the row
 *    counts of the moment the database copy is consistent to;
 * 2. everything else: `data/…` the embedded data directory (a base backup: its files copied while
 *    the server runs, `backup_label` and the WAL from the backup's start to its stop), and
 *    `files/…` the stored files of the local storage (logos, attachments; each with its .meta.json).
 */
export const MANIFEST_NAME = 'mandato-backup.json';
export const MANIFEST_SIZE = 32 * 1024;
export const FORMAT = 'mandato-backup';
export const FORMAT_VERSION = 1;
export const DATA_PREFIX = 'data/';
export const FILES_PREFIX = 'files/';

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  /** false only in the placeholder written first: such a file never gets its final name */
  complete: boolean;
  createdAt?: string;
  finishedAt?: string;
  engine?: 'pglite';
  postgresVersion?: string;
  /** schema_migrations of the copy, in order */
  migrations?: string[];
  /** rows of every table of the catalog (schema.table), at the copy's point of consistency */
  tables?: Record<string, number>;
  files?: { count: number; bytes: number; storage: 'local' | 's3' };
  wal?: { start: string; stop: string };
}

/** The first gzip member of a backup file: the manifest entry, always of the same length. */
export function manifestMember(manifest: BackupManifest): Buffer {
  const json = Buffer.from(JSON.stringify(manifest, null, 1));
  if (json.length > MANIFEST_SIZE) throw new Error('manifesto do backup grande demais');
  const content = Buffer.concat([json, Buffer.alloc(MANIFEST_SIZE - json.length, ' ')]);
  const tar = Buffer.concat([
    tarHeader({ name: MANIFEST_NAME, type: 'file', size: MANIFEST_SIZE }, 0),
    content,
  ]);
  return zlib.gzipSync(tar, { level: 0 });
}

export class BackupFileError extends Error {}

/** The manifest of a backup file, or a BackupFileError saying why the file is not one. */
export function parseManifest(content: Buffer): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(content.toString('utf8'));
  } catch {
    throw new BackupFileError('o manifesto do backup não é um JSON válido');
  }
  if (manifest?.format !== FORMAT) throw new BackupFileError('o arquivo não é um backup do Mandato');
  if (manifest.version !== FORMAT_VERSION) {
    throw new BackupFileError(
      `formato de backup ${manifest.version} não suportado por esta versão (só o ${FORMAT_VERSION})`,
    );
  }
  if (
    manifest.complete !== true ||
    manifest.engine !== 'pglite' ||
    !Array.isArray(manifest.migrations) ||
    typeof manifest.tables !== 'object' ||
    manifest.tables === null
  ) {
    throw new BackupFileError('o manifesto do backup está incompleto');
  }
  return manifest as BackupManifest;
}
