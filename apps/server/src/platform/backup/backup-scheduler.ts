import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/engine.ts';
import {
  type BackupOptions,
  type BackupResult,
  backupsDir,
  isTemporaryBackup,
  writeBackup,
} from './write-backup.ts';

export interface BackupSchedule {
  /** the time between two backups (BACKUP_INTERVAL_MINUTES); 0: none */
  intervalMs: number;
  /** backups kept, newest first (BACKUP_KEEP) */
  keep: number;
  /** the first run: this long after start, or sooner… later: the newest backup's age is counted */
  firstDelayMs?: number;
}

export interface BackupScheduler {
  /** one backup now (the running one when one runs), then the retention */
  runNow(): Promise<BackupResult>;
  /** stops the timer and interrupts a backup being written (its temporary file is removed) */
  stop(): Promise<void>;
}

const NAME = /^mandato-\d{8}T\d{6}\.\d{3}Z\.backup\.tar\.gz$/;

/** `mandato-20261207T235900.123Z.backup.tar.gz` (UTC): names sort by time. */
export const backupFileName = (at: Date) => `mandato-${at.toISOString().replace(/[-:]/g, '')}.backup.tar.gz`;

/** The automatic backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => NAME.test(name)).sort();
}

/** Removes all but the `keep` newest backups of `dir`; answers those removed. */
export async function applyRetention(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - Math.max(1, keep)));
  for (const name of old) await fsp.rm(path.join(dir, name), { force: true });
  return old;
}

/** BACKUP_INTERVAL_MINUTES (default 1440; 0: off) and BACKUP_KEEP (default 7). */
export function backupScheduleOf(env: NodeJS.ProcessEnv = process.env): BackupSchedule {
  const int = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`Configuração inválida: ${name} deve ser um número inteiro`);
    return n;
  };
  return { intervalMs: int('BACKUP_INTERVAL_MINUTES', 1440) * 60_000, keep: int('BACKUP_KEEP', 7) };
}

/**
 * The automatic backups of the embedded database into DATA_DIR/backups (main.ts). On PostgreSQL
 * it only says so: the operator backs up with pg_dump (docs/operations.md).
 */
export function startBackups(
  config: Pick<Config, 'dataDir' | 'files' | 'env'>,
  db: Database,
  log: FastifyBaseLogger,
  schedule: BackupSchedule = backupScheduleOf(),
  options: Pick<BackupOptions, 'afterStart'> = {},
): BackupScheduler {
  const none: BackupScheduler = {
    runNow: () => Promise.reject(new Error('backups automáticos desligados')),
    stop: async () => {},
  };
  if (db.engine !== 'pglite') {
    log.info(
      'backups automáticos: só do banco embutido; com DATABASE_URL, faça-os com pg_dump (docs/operations.md)',
    );
    return none;
  }
  if (schedule.intervalMs <= 0) {
    log.info('backups automáticos desligados (BACKUP_INTERVAL_MINUTES=0)');
    return none;
  }
  const dir = backupsDir(config.dataDir);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<BackupResult> | undefined;
  const run = async (): Promise<BackupResult> => {
    await fsp.mkdir(dir, { recursive: true });
    const result = await writeBackup(
      { db, dataDir: config.dataDir, filesDir: config.files.s3 ? undefined : config.files.dir },
      path.join(dir, backupFileName(new Date())),
      { ...options, signal: controller.signal },
    );
    const removed = await applyRetention(dir, schedule.keep);
    log.info(
      { file: result.file, bytes: result.bytes, ms: Math.round(result.ms), removed },
      'backup do banco embutido gravado',
    );
    return result;
  };
  const runNow = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
  const arm = (delayMs: number) => {
    if (controller.signal.aborted) return;
    timer = setTimeout(
      () => {
        runNow()
          .catch((error: Error) => {
            if (!controller.signal.aborted) log.error({ err: error }, 'backup do banco embutido falhou');
          })
          .finally(() => arm(schedule.intervalMs));
      },
      Math.min(delayMs, 2 ** 31 - 1),
    ); // a longer delay would overflow setTimeout
    timer.unref();
  };
  void (async () => {
    // what a run that died left behind (this process holds the data directory)
    for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
      if (isTemporaryBackup(name)) await fsp.rm(path.join(dir, name), { force: true });
    }
    const newest = (await listBackups(dir)).at(-1);
    const age = newest ? Date.now() - (await fsp.stat(path.join(dir, newest))).mtimeMs : Infinity;
    const first = Math.max(schedule.firstDelayMs ?? 60_000, schedule.intervalMs - age);
    log.info(
      {
        dir,
        everyMinutes: schedule.intervalMs / 60_000,
        keep: schedule.keep,
        firstInMinutes: Math.round(first / 60_000),
      },
      'backups automáticos do banco embutido ligados',
    );
    arm(first);
  })().catch((error: Error) => log.error({ err: error }, 'backups automáticos não agendados'));
  return {
    runNow,
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
