import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.ts';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `O diretório de dados ${dir} já está em uso pelo processo ${pid}. ` +
        'Pare o outro processo (npm start ou CLI) antes de continuar.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The embedded data directory openDatabase opens (and locks), or undefined on PostgreSQL. */
export function embeddedDataDir(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string | undefined {
  return config.databaseUrl ? undefined : config.dataDir;
}

const lockFile = (dir: string) => path.join(dir, 'mandato.lock');

/** The pid of another live process that holds the lock file, if one does. */
function holder(file: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** Throws what lockDataDir would if another process holds `dir`, without taking the lock. */
export function assertDataDirFree(dir: string): void {
  const pid = holder(lockFile(dir));
  if (pid !== undefined) throw new DataDirLockedError(dir, pid);
}

/** Takes the one-process lock of an embedded data directory; returns the release function. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = lockFile(dir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      assertDataDirFree(dir);
      fs.rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new Error(`Não foi possível travar o diretório de dados ${dir}`);
}
