import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Database, OwnerQuery } from '../db/engine.ts';
import {
  type BackupManifest,
  DATA_PREFIX,
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  manifestMember,
} from './backup-format.ts';
import { tarEnd, tarHeader, tarPadding } from './tar.ts';

/**
 * An online base backup of the embedded database (PostgreSQL's own method, as pg_basebackup does):
 *
 * 1. `pg_backup_start` (a checkpoint: the one moment the event loop waits on the copy, as long as
 *    the dirty pages take to write);
 * 2. the data directory's files are read with asynchronous I/O and compressed in libuv's thread
 *    pool while the server keeps answering and writing (full_page_writes makes torn pages whole
 *    again at replay);
 * 3. in one short transaction: the row counts of every table and `pg_backup_stop` (nothing else
 *    runs on PGlite's single session meanwhile, so the counts are exactly the state the copy
 *    restores to); then `backup_label` and the WAL segments from the start to the stop;
 * 4. the stored files (local storage), then the manifest is written over its placeholder, the file
 *    fsynced and renamed to its final name (never a half file under it).
 *
 * PGlite's `dumpDataDir` was the other way: it reads every file synchronously inside WebAssembly
 * and builds the whole tar in memory, blocking the event loop for the whole copy (bench/backup).
 */
export interface BackupSource {
  db: Database;
  /** the embedded data directory the db was opened on */
  dataDir: string;
  /** the local storage's root; undefined when files live in an S3 bucket */
  filesDir: string | undefined;
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: BackupManifest;
}

export interface BackupOptions {
  /** gzip level (default 1: the data files are mostly compressible padding; speed matters more) */
  level?: number;
  /** stops the copy between files (server shutdown); nothing is left behind */
  signal?: AbortSignal;
  /** called once the copy has begun, before any file is read (tests: work that runs meanwhile) */
  afterStart?: () => Promise<void>;
}

/** Top-level entries of the data directory never copied (postgres' own exclusions, and ours). */
const SKIP_TOP: readonly string[] = [
  'mandato.lock',
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'backups',
];
/** Directories copied empty (their contents are rebuilt at start, or sent apart: pg_wal). */
const EMPTY_DIRS: readonly string[] = [
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
];
const CHUNK = 1024 * 1024;

/** The directory where the automatic backups of a data directory go. */
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** A temporary file of a backup being written (removed when the backup fails). */
export const isTemporaryBackup = (name: string) => /\.tmp-\d+$/.test(name);

const segmentOf = (label: string) => /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(label)?.[1];

/** Writes a backup of `source` to `outFile` (its directory must exist). */
export async function writeBackup(
  source: BackupSource,
  outFile: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const { db, dataDir, filesDir } = source;
  if (db.engine !== 'pglite') throw new Error('backup só do banco embutido; no PostgreSQL use pg_dump');
  const started = performance.now();
  const createdAt = new Date().toISOString();
  if (fs.existsSync(outFile)) throw new Error(`O arquivo ${outFile} já existe`);
  const tmp = `${outFile}.tmp-${process.pid}`;
  const placeholder = manifestMember({ format: FORMAT, version: FORMAT_VERSION, complete: false });
  await fsp.writeFile(tmp, placeholder, { flag: 'wx' });
  const gzip = zlib.createGzip({ level: options.level ?? 1 });
  const written = pipeline(gzip, fs.createWriteStream(tmp, { flags: 'a' }));
  written.catch(() => {});
  const put = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), written]);
  };
  const aborted = () => {
    if (options.signal?.aborted) throw new Error('backup interrompido');
  };
  /** `size` bytes of `file` (zeros where it got shorter meanwhile); false when it is gone */
  const putFile = async (name: string, file: string, size: number) => {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // dropped meanwhile: the WAL knows
      throw error;
    }
    try {
      await put(tarHeader({ name, type: 'file', size }));
      let left = size;
      while (left > 0) {
        const buffer = Buffer.alloc(Math.min(CHUNK, left));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, size - left);
        // a file truncated meanwhile is padded with zeros (the WAL replay sets it right)
        await put(bytesRead === 0 ? buffer : buffer.subarray(0, bytesRead));
        left -= bytesRead === 0 ? buffer.length : bytesRead;
      }
      await put(tarPadding(size));
      return true;
    } finally {
      await handle.close();
    }
  };
  const skip = new Set<string>([path.resolve(tmp)]);
  if (filesDir) skip.add(path.resolve(filesDir));
  /** every file under `dir`, sorted, as `prefix/relative` */
  const putTree = async (
    dir: string,
    prefix: string,
    keep: (relative: string, isDirectory: boolean) => 'yes' | 'no' | 'empty',
  ): Promise<{ count: number; bytes: number }> => {
    let count = 0;
    let bytes = 0;
    const walk = async (relative: string) => {
      let names: string[];
      try {
        names = (await fsp.readdir(path.join(dir, relative))).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names) {
        aborted();
        const rel = relative ? `${relative}/${name}` : name;
        const full = path.join(dir, rel);
        if (skip.has(full)) continue;
        const stat = await fsp.lstat(full).catch(() => undefined);
        if (!stat || !(stat.isFile() || stat.isDirectory())) continue;
        const verdict = keep(rel, stat.isDirectory());
        if (verdict === 'no') continue;
        if (stat.isDirectory()) {
          await put(tarHeader({ name: prefix + rel, type: 'directory', size: 0 }));
          if (verdict === 'yes') await walk(rel);
        } else if (await putFile(prefix + rel, full, stat.size)) {
          count++;
          bytes += stat.size;
        }
      }
    };
    await walk('');
    return { count, bytes };
  };

  let stopped = true;
  try {
    const start = await db.ownerSession(async (run) => {
      const rows = await run(`SELECT pg_backup_start($1, true)::text AS lsn`, ['mandato']);
      return String(rows[0]?.lsn);
    });
    stopped = false;
    await options.afterStart?.();
    await putTree(dataDir, DATA_PREFIX, (rel, isDirectory) => {
      const top = rel.split('/')[0] as string;
      if (rel === top && SKIP_TOP.includes(top)) return 'no';
      if (EMPTY_DIRS.includes(top)) return rel === top ? 'empty' : 'no';
      if (rel === 'global/pg_control') return 'no'; // last, as pg_basebackup sends it
      const base = path.basename(rel);
      if (!isDirectory && (base.startsWith('pgsql_tmp') || base === 'pg_internal.init')) return 'no';
      return 'yes';
    });
    const control = path.join(dataDir, 'global/pg_control');
    await putFile(`${DATA_PREFIX}global/pg_control`, control, (await fsp.stat(control)).size);
    aborted();
    const stop = await db.ownerSession(async (run) => {
      await run('BEGIN ISOLATION LEVEL REPEATABLE READ', []);
      try {
        const facts = await consistentFacts(run);
        const rows = await run(
          'SELECT lsn::text AS lsn, labelfile, pg_walfile_name(lsn) AS segment FROM pg_backup_stop(false)',
          [],
        );
        await run('COMMIT', []);
        stopped = true;
        const row = rows[0] as { lsn: string; labelfile: string; segment: string };
        return { ...facts, ...row };
      } catch (error) {
        await run('ROLLBACK', []).catch(() => {});
        throw error;
      }
    });
    const label = Buffer.from(stop.labelfile);
    await put(tarHeader({ name: `${DATA_PREFIX}backup_label`, type: 'file', size: label.length }));
    await put(label);
    await put(tarPadding(label.length));
    const first = segmentOf(stop.labelfile);
    if (!first) throw new Error('backup_label sem o segmento de WAL inicial');
    const wal = path.join(dataDir, 'pg_wal');
    for (const dir of ['archive_status', 'summaries']) {
      await put(tarHeader({ name: `${DATA_PREFIX}pg_wal/${dir}`, type: 'directory', size: 0 }));
    }
    const segments = (await fsp.readdir(wal)).filter(
      (name) => /^[0-9A-F]{24}$/.test(name) && name >= first && name <= stop.segment,
    );
    if (segments[0] !== first || !segments.includes(stop.segment)) {
      throw new Error(`segmentos de WAL do backup ausentes (${first}…${stop.segment})`);
    }
    for (const segment of segments.sort()) {
      const file = path.join(wal, segment);
      if (!(await putFile(`${DATA_PREFIX}pg_wal/${segment}`, file, (await fsp.stat(file)).size))) {
        throw new Error(`segmento de WAL ${segment} sumiu durante o backup`);
      }
    }
    // files after the stop: one uploaded since is an extra, harmless; one removed since is missing
    const files = filesDir
      ? await putTree(filesDir, FILES_PREFIX, (rel, isDirectory) =>
          !isDirectory && /\.tmp(\.meta)?$/.test(rel) ? 'no' : 'yes',
        )
      : { count: 0, bytes: 0 };
    await put(tarEnd());
    gzip.end();
    await written;
    const manifest: BackupManifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      complete: true,
      createdAt,
      finishedAt: new Date().toISOString(),
      engine: 'pglite',
      postgresVersion: stop.postgresVersion,
      migrations: stop.migrations,
      tables: stop.tables,
      files: { ...files, storage: filesDir ? 'local' : 's3' },
      wal: { start, stop: stop.lsn },
    };
    const handle = await fsp.open(tmp, 'r+');
    try {
      const member = manifestMember(manifest);
      if (member.length !== placeholder.length) throw new Error('manifesto de tamanho inesperado');
      await handle.write(member, 0, member.length, 0);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fsp.rename(tmp, outFile);
    await syncDirectory(path.dirname(outFile));
    const { size } = await fsp.stat(outFile);
    return { file: outFile, bytes: size, ms: performance.now() - started, manifest };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await fsp.rm(tmp, { force: true });
    if (!stopped) {
      await db.ownerSession((run) => run('SELECT pg_backup_stop(false)', [])).catch(() => {});
    }
    throw error;
  }
}

/** Migrations, server version and the row count of every table, in the caller's snapshot. */
async function consistentFacts(run: OwnerQuery) {
  const tables: Record<string, number> = {};
  for (const name of await catalogTables(run)) {
    const rows = await run(`SELECT count(*)::bigint AS n FROM ${name}`, []);
    tables[name] = Number(rows[0]?.n);
  }
  const migrations = (await run('SELECT name FROM schema_migrations ORDER BY name', [])).map((r) =>
    String(r.name),
  );
  const version = await run('SHOW server_version', []);
  return { tables, migrations, postgresVersion: String(version[0]?.server_version) };
}

/** Every table of the catalog outside the system schemas, quoted `schema.table`, in order. */
export async function catalogTables(run: OwnerQuery): Promise<string[]> {
  const rows = await run(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
       AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
     ORDER BY 1`,
    [],
  );
  return rows.map((r) => String(r.name));
}

async function syncDirectory(dir: string) {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // some file systems refuse fsync on a directory; the rename is done either way
  } finally {
    await handle.close();
  }
}
