import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { openPGlite } from '../db/engine.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import {
  BackupFileError,
  type BackupManifest,
  DATA_PREFIX,
  FILES_PREFIX,
  MANIFEST_NAME,
  MANIFEST_SIZE,
  parseManifest,
} from './backup-format.ts';
import { readTar, TarFormatError } from './tar.ts';
import { catalogTables } from './write-backup.ts';

export { BackupFileError } from './backup-format.ts';

export interface RestoreTarget {
  /** the embedded data directory to create: missing or empty */
  dataDir: string;
  /** the local storage's root (inside dataDir by default); missing or empty when outside it */
  filesDir: string;
}

/** A target that is not empty: nothing was touched. */
export class RestoreRefusedError extends Error {}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

const inside = (dir: string, child: string) => {
  const rel = path.relative(dir, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** The relative path of an entry under its prefix, refused when it could leave its folder. */
function safeRelative(name: string, prefix: string): string {
  const rel = name.slice(prefix.length);
  const parts = rel.split('/');
  if (!rel || parts.some((p) => p === '' || p === '.' || p === '..' || /[\\\0]/.test(p))) {
    throw new BackupFileError(`entrada inválida no backup: ${JSON.stringify(name).slice(0, 80)}`);
  }
  return rel;
}

/**
 * Restores a backup file into an empty data directory: the entries are written to a staging
 * directory beside the target, the database is opened there (PostgreSQL replays the WAL of the
 * backup), its migrations and the row count of every table are compared with the manifest, and
 * only then the staging directory is renamed to the target. On any failure the staging directory
 * is removed and the target is as it was.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const dataDir = path.resolve(target.dataDir);
  const filesDir = path.resolve(target.filesDir);
  const filesInside = inside(dataDir, filesDir);
  for (const dir of filesInside ? [dataDir] : [dataDir, filesDir]) {
    if (!(await isEmptyOrMissing(dir))) {
      throw new RestoreRefusedError(
        `O diretório ${dir} não está vazio: a restauração só escreve num diretório vazio ou inexistente ` +
          '(mova o conteúdo atual para outro lugar, ou use --data-dir com um diretório novo).',
      );
    }
  }
  await assertGzip(file);
  const suffix = `.restaurando-${process.pid}`;
  const dataStage = `${dataDir}${suffix}`;
  const filesStage = filesInside
    ? path.join(dataStage, path.relative(dataDir, filesDir))
    : `${filesDir}${suffix}`;
  const stages = filesInside ? [dataStage] : [dataStage, filesStage];
  for (const stage of stages) await fsp.rm(stage, { recursive: true, force: true });
  try {
    await fsp.mkdir(dataStage, { recursive: true });
    await fsp.mkdir(filesStage, { recursive: true });
    const manifest = await extract(file, dataStage, filesStage);
    await verify(dataStage, manifest);
    if (!filesInside) await moveInto(filesStage, filesDir);
    await moveInto(dataStage, dataDir);
    return manifest;
  } catch (error) {
    for (const stage of stages) await fsp.rm(stage, { recursive: true, force: true });
    throw error;
  }
}

async function assertGzip(file: string) {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    if (bytesRead < 2 || head[0] !== 0x1f || head[1] !== 0x8b) {
      throw new BackupFileError('o arquivo não é um backup do Mandato (assinatura desconhecida)');
    }
  } finally {
    await handle.close();
  }
}

async function extract(file: string, dataStage: string, filesStage: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const source = fs.createReadStream(file).pipe(zlib.createGunzip());
  try {
    await readTar(source, async (entry, content) => {
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME || entry.type !== 'file' || entry.size !== MANIFEST_SIZE) {
          throw new BackupFileError('o arquivo não é um backup do Mandato (sem o manifesto no início)');
        }
        const chunks: Buffer[] = [];
        for await (const chunk of content) chunks.push(chunk);
        manifest = parseManifest(Buffer.concat(chunks));
        await assertKnownMigrations(manifest);
        return;
      }
      const [root, prefix] = entry.name.startsWith(DATA_PREFIX)
        ? [dataStage, DATA_PREFIX]
        : entry.name.startsWith(FILES_PREFIX)
          ? [filesStage, FILES_PREFIX]
          : [undefined, ''];
      if (!root) throw new BackupFileError(`entrada inesperada no backup: ${entry.name.slice(0, 80)}`);
      const out = path.join(root, ...safeRelative(entry.name, prefix).split('/'));
      if (entry.type === 'directory') {
        await fsp.mkdir(out, { recursive: true });
        return;
      }
      await fsp.mkdir(path.dirname(out), { recursive: true });
      const handle = await fsp.open(out, 'wx', 0o600);
      try {
        for await (const chunk of content) await handle.write(chunk);
      } finally {
        await handle.close();
      }
    });
  } catch (error) {
    source.destroy();
    if (error instanceof BackupFileError) throw error;
    if (error instanceof TarFormatError || /^Z_/.test(String((error as { code?: unknown }).code))) {
      // zlib (bad data, wrong check value, unexpected end of file) or the tar itself
      throw new BackupFileError(
        `o arquivo de backup está corrompido ou incompleto (${(error as Error).message})`,
      );
    }
    throw error;
  }
  if (!manifest) throw new BackupFileError('o arquivo não é um backup do Mandato (vazio)');
  for (const needed of ['PG_VERSION', 'backup_label', 'global/pg_control']) {
    if (!fs.existsSync(path.join(dataStage, needed))) {
      throw new BackupFileError(`o backup está incompleto (falta data/${needed})`);
    }
  }
  return manifest;
}

/** A backup made by a newer version (a migration this checkout does not have) is refused. */
async function assertKnownMigrations(manifest: BackupManifest) {
  const known = new Set(await fsp.readdir(MIGRATIONS_DIR));
  const unknown = (manifest.migrations ?? []).filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new BackupFileError(
      `o backup é de uma versão mais nova do Mandato (migrações desconhecidas: ${unknown.slice(0, 3).join(', ')}); ` +
        'atualize o Mandato antes de restaurá-lo',
    );
  }
}

/** Opens the restored copy (the WAL replay runs) and compares it with the manifest. */
async function verify(dataStage: string, manifest: BackupManifest) {
  let db: Awaited<ReturnType<typeof openPGlite>>;
  try {
    db = await openPGlite(dataStage);
  } catch (error) {
    throw new BackupFileError(`o banco restaurado não abre (${(error as Error).message})`);
  }
  try {
    const differences = await db.ownerSession(async (run) => {
      const found: string[] = [];
      const migrations = (await run('SELECT name FROM schema_migrations ORDER BY name', [])).map((r) =>
        String(r.name),
      );
      if (migrations.join() !== (manifest.migrations ?? []).join()) found.push('migrações');
      const tables = await catalogTables(run);
      const expected = manifest.tables ?? {};
      for (const name of new Set([...tables, ...Object.keys(expected)])) {
        const rows = tables.includes(name) ? await run(`SELECT count(*)::bigint AS n FROM ${name}`, []) : [];
        const count = rows.length ? Number(rows[0]?.n) : undefined;
        if (count !== expected[name])
          found.push(`${name} (${count ?? 'ausente'} ≠ ${expected[name] ?? 'ausente'})`);
      }
      return found;
    });
    if (differences.length > 0) {
      throw new BackupFileError(
        `o banco restaurado não confere com o manifesto: ${differences.slice(0, 5).join(', ')}`,
      );
    }
  } finally {
    await db.close();
  }
}

/** Renames `stage` to `dir` (missing or empty). */
async function moveInto(stage: string, dir: string) {
  await fsp.rmdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await fsp.mkdir(path.dirname(dir), { recursive: true });
  await fsp.rename(stage, dir);
}
