import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEMO } from '@mandato/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { seedDemo } from '../../modules/demo/demo-seed.ts';
import { closeAppContext, createAppContext } from '../../services.ts';
import type { TestApp } from '../../test/test-app.ts';
import { tryLogin } from '../../test/test-app.ts';
import { pgliteTemplate, testEngine } from '../../test/test-database.ts';
import { loadConfig } from '../config/config.ts';
import { type Database, openPGlite } from '../db/engine.ts';
import { migrate } from '../db/migrate.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { fileKey } from '../storage/storage.ts';
import { assertCanBackUp, BackupUsageError, restoreCommand } from './backup-cli.ts';
import { applyRetention, backupFileName, listBackups, startBackups } from './backup-scheduler.ts';
import { BackupFileError, RestoreRefusedError, restoreBackup } from './restore-backup.ts';
import { tarEnd, tarHeader, tarPadding } from './tar.ts';
import { catalogTables, writeBackup } from './write-backup.ts';

/** Every row of every table of the catalog, as sorted JSON lines (the database as compared). */
async function contents(db: Database): Promise<Record<string, string[]>> {
  return db.ownerSession(async (run) => {
    const all: Record<string, string[]> = {};
    for (const table of await catalogTables(run)) {
      const rows = await run(`SELECT to_jsonb(t)::text AS j FROM ${table} t`, []);
      all[table] = rows.map((r) => String(r.j)).sort();
    }
    return all;
  });
}

/** Relative path → sha256 of every file under `dir`. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

/** A migrated embedded database on disk (from the tests' migrated template). */
async function diskDatabase(dir: string): Promise<Database> {
  const db = await openPGlite(dir, await pgliteTemplate());
  await migrate(db);
  return db;
}

describe.skipIf(testEngine !== 'pglite')('backups of the embedded database', () => {
  let root: string;
  let dataDir: string;
  let db: Database;
  let backup: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-backup-test-'));
    dataDir = path.join(root, 'data');
    db = await diskDatabase(dataDir);
    const files = createLocalStorage(path.join(dataDir, 'files'));
    await seedDemo(db, { files });
    await files.put(fileKey('1', 'logos', 'png'), Buffer.from('logo bytes'), 'image/png');
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('restores into an empty directory every row of every table and every stored file, writes included', async () => {
    backup = path.join(root, 'one.backup.tar.gz');
    const result = await writeBackup({ db, dataDir, filesDir: path.join(dataDir, 'files') }, backup, {
      // writes while the files are copied: the backup holds them (they commit before its stop)
      afterStart: () =>
        db.ownerSession(async (run) => {
          await run(`INSERT INTO schema_migrations (name) VALUES ('9999_during_backup.sql')`, []);
          await run(`DELETE FROM schema_migrations WHERE name = '9999_during_backup.sql'`, []);
          await run(`UPDATE tenants SET name = 'Mandato Demo (durante o backup)' WHERE slug = $1`, [
            DEMO.slug,
          ]);
        }),
    });
    expect(result.manifest).toMatchObject({ complete: true, engine: 'pglite', files: { storage: 'local' } });
    expect(result.manifest.files?.count).toBeGreaterThan(1);
    expect(result.manifest.tables?.['public.people']).toBeGreaterThan(0);
    expect(fs.readdirSync(root).filter((n) => n.includes('.tmp-'))).toEqual([]);

    const target = path.join(root, 'restored');
    const manifest = await restoreBackup(backup, { dataDir: target, filesDir: path.join(target, 'files') });
    expect(manifest.tables).toEqual(result.manifest.tables);
    expect(fs.readdirSync(root).filter((n) => n.includes('restaurando'))).toEqual([]);
    const restored = await openPGlite(target);
    try {
      const [before, after] = [await contents(db), await contents(restored)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(Object.keys(before).length).toBeGreaterThan(30);
      for (const table of Object.keys(before))
        expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
      expect(after['public.tenants']?.join()).toContain('durante o backup');
    } finally {
      await restored.close();
    }
    const files = tree(path.join(dataDir, 'files'));
    expect(Object.keys(files).length).toBeGreaterThan(1);
    expect(tree(path.join(target, 'files'))).toEqual(files);
  }, 120_000);

  it('refuses a directory that is not empty, and leaves it as it was', async () => {
    const target = path.join(root, 'busy');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'something.txt'), 'keep me');
    await expect(
      restoreBackup(backup, { dataDir: target, filesDir: path.join(target, 'files') }),
    ).rejects.toThrow(RestoreRefusedError);
    expect(fs.readdirSync(target)).toEqual(['something.txt']);
  });

  it('refuses a foreign, truncated or corrupted file without leaving a half-restored directory', async () => {
    const bytes = fs.readFileSync(backup);
    const foreignTar = Buffer.concat([
      tarHeader({ name: 'README', type: 'file', size: 2 }),
      Buffer.from('oi'),
      tarPadding(2),
      tarEnd(),
    ]);
    const flipped = Buffer.from(bytes);
    const at = Math.floor(bytes.length * 0.6);
    flipped[at] = (flipped[at] as number) ^ 0xff;
    const cases: [string, Buffer, RegExp][] = [
      ['random', Buffer.from('isto não é um backup'), /não é um backup do Mandato/],
      ['foreign', zlib.gzipSync(foreignTar), /não é um backup do Mandato/],
      ['truncated', bytes.subarray(0, Math.floor(bytes.length / 2)), /corrompido ou incompleto/],
      ['flipped', flipped, /corrompido ou incompleto|não confere/],
    ];
    for (const [name, content, message] of cases) {
      const file = path.join(root, `${name}.backup.tar.gz`);
      fs.writeFileSync(file, content);
      const target = path.join(root, `target-${name}`);
      const error = await restoreBackup(file, {
        dataDir: target,
        filesDir: path.join(target, 'files'),
      }).catch((e: Error) => e);
      expect(error, name).toBeInstanceOf(BackupFileError);
      expect((error as Error).message, name).toMatch(message);
      expect(fs.existsSync(target), name).toBe(false);
      expect(
        fs.readdirSync(root).filter((n) => n.includes('restaurando')),
        name,
      ).toEqual([]);
    }
  }, 120_000);

  it('keeps the BACKUP_KEEP newest backups', async () => {
    const dir = path.join(root, 'retention');
    fs.mkdirSync(dir);
    const names = [0, 1, 2, 3, 4].map((day) => backupFileName(new Date(Date.UTC(2026, 0, 1 + day, 3))));
    for (const name of [...names].reverse()) fs.writeFileSync(path.join(dir, name), '');
    fs.writeFileSync(path.join(dir, 'notes.txt'), '');
    expect(await applyRetention(dir, 2)).toEqual(names.slice(0, 3));
    expect(await listBackups(dir)).toEqual(names.slice(3));
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
  });

  it('writes a backup into DATA_DIR/backups while the server answers a request, keeping BACKUP_KEEP', async () => {
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', DATA_DIR: dataDir });
    const log = pino({ level: 'silent' });
    const { app, worker } = await createAppContext(config, db, log);
    const api = await buildApp(app);
    const answers: number[] = [];
    const backups = startBackups(
      config,
      db,
      log,
      { intervalMs: 60_000, keep: 1, firstDelayMs: 60_000 },
      {
        // the copy goes on only once a login, which reads and writes the database, is answered
        afterStart: async () => {
          answers.push(
            (await tryLogin({ api } as TestApp, DEMO.slug, DEMO.adminEmail, DEMO.password)).statusCode,
          );
        },
      },
    );
    try {
      const first = await backups.runNow();
      const second = await backups.runNow();
      expect(answers).toEqual([200, 200]);
      const dir = path.join(dataDir, 'backups');
      expect(await listBackups(dir)).toEqual([path.basename(second.file)]);
      expect(fs.existsSync(first.file)).toBe(false);
      expect(fs.readdirSync(dir)).toHaveLength(1); // no temporary file left
      expect(second.manifest.files?.count).toBeGreaterThan(1);
    } finally {
      await backups.stop();
      await worker.stop();
      await api.close();
      await closeAppContext(app);
    }
  }, 120_000);
});

describe('the backup and restore commands', () => {
  it('refuse a backup on PostgreSQL, without a database, and while another process holds the directory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-backup-cli-'));
    try {
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
      expect(() => assertCanBackUp({ databaseUrl: 'postgres://x@db/mandato', dataDir: dir })).toThrow(
        /pg_dump/,
      );
      expect(() => assertCanBackUp({ databaseUrl: undefined, dataDir: path.join(dir, 'nada') })).toThrow(
        /Não há banco embutido/,
      );
      assertCanBackUp({ databaseUrl: undefined, dataDir: dir });
      fs.writeFileSync(path.join(dir, 'mandato.lock'), String(process.ppid)); // a live process
      expect(() => assertCanBackUp({ databaseUrl: undefined, dataDir: dir })).toThrow(
        /em uso pelo processo \d+.*os backups automáticos ficam em .*backups/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('restore asks for the file', async () => {
    await expect(restoreCommand([])).rejects.toThrow(BackupUsageError);
    await expect(
      restoreCommand(['--from', '/nonexistent/mandato.backup.tar.gz', '--data-dir', '/tmp/x']),
    ).rejects.toThrow(/não encontrado/);
  });
});
