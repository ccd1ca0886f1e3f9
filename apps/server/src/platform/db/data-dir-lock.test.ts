import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../test/test-database.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { openPGlite } from './engine.ts';

describe.runIf(testEngine === 'pglite')('embedded data directory lock', () => {
  it('lets one process open a data directory and gives the next a clear error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-lock-'));
    const db = await openPGlite(dir);
    // a second process: the lock file names a live pid that is not ours
    fs.writeFileSync(path.join(dir, 'mandato.lock'), String(process.ppid));
    await expect(openPGlite(dir)).rejects.toThrow(DataDirLockedError);
    await expect(openPGlite(dir)).rejects.toThrow(/já está em uso pelo processo/);
    fs.writeFileSync(path.join(dir, 'mandato.lock'), String(process.pid));
    await db.close();
    expect(fs.existsSync(path.join(dir, 'mandato.lock'))).toBe(false);
    const again = await openPGlite(dir);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over the lock of a process that died', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-lock-'));
    fs.writeFileSync(path.join(dir, 'mandato.lock'), '999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'mandato.lock'), 'utf8')).toBe(String(process.pid));
    release();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
