import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate, testEngine } from '../../test/test-database.ts';
import { assertDataDirFree, DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { openPGlite } from './engine.ts';

describe.runIf(testEngine === 'pglite')('embedded data directory lock', () => {
  // opening PGlite on a directory is the slow step (seconds, and over 30 s on a loaded machine):
  // the first open loads the tests' migrated template instead of running initdb, and the test has
  // a time-out of its own. Only the first and the last open start PGlite: a refused one throws
  // before it (the lock is taken first).
  it('lets one process open a data directory and gives the next a clear error', {
    timeout: 180_000,
  }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-lock-'));
    const db = await openPGlite(dir, await pgliteTemplate());
    expect(fs.readFileSync(path.join(dir, 'mandato.lock'), 'utf8')).toBe(String(process.pid));
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

  it('checks a data directory without taking it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-lock-'));
    const file = path.join(dir, 'mandato.lock');
    expect(() => assertDataDirFree(dir)).not.toThrow();
    expect(() => assertDataDirFree(path.join(dir, 'ainda-nao-existe'))).not.toThrow();
    expect(fs.existsSync(file)).toBe(false);
    fs.writeFileSync(file, '999999');
    expect(() => assertDataDirFree(dir)).not.toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('999999');
    fs.writeFileSync(file, String(process.ppid));
    expect(() => assertDataDirFree(dir)).toThrow(DataDirLockedError);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.ppid));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // node processes that compile the check with tsx: seconds each, many more on a loaded machine
  it('stops npm start before the web build when the data directory is in use', { timeout: 300_000 }, () => {
    const root = path.resolve(import.meta.dirname, '../../../../..');
    // npm start (scripts/start.mjs): the data directory is checked before any build runs; with
    // nothing to build the server checks it itself, first thing (main.ts)
    const start = fs.readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    expect(start.indexOf('check-data-dir.ts')).toBeGreaterThanOrEqual(0);
    expect(start.indexOf('check-data-dir.ts')).toBeLessThan(start.indexOf('runBuild('));
    const main = fs.readFileSync(path.join(import.meta.dirname, '../../main.ts'), 'utf8');
    expect(main.indexOf('assertDataDirFree(')).toBeGreaterThanOrEqual(0);
    expect(main.indexOf('assertDataDirFree(')).toBeLessThan(main.indexOf('startEmbeddedDonationSandbox('));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-lock-'));
    const check = (env: Record<string, string>) =>
      spawnSync(
        path.join(root, 'node_modules/.bin/tsx'),
        [path.join(root, 'apps/server/src/check-data-dir.ts')],
        { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', ...env }, encoding: 'utf8' },
      );
    expect(check({}).status).toBe(0);
    fs.writeFileSync(path.join(dir, 'mandato.lock'), String(process.ppid));
    const refused = check({});
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `Erro ao iniciar o Mandato: O diretório de dados ${dir} já está em uso pelo processo ${process.ppid}.`,
    );
    // npm start itself, built or not: refused the same way, nothing built, the lock untouched
    const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.mjs'].map((f) => path.join(root, f));
    const built = () => outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : undefined));
    const before = built();
    const npmStart = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '1' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(npmStart.status, npmStart.stderr).toBe(1);
    expect(npmStart.stderr).toContain(
      `Erro ao iniciar o Mandato: O diretório de dados ${dir} já está em uso pelo processo ${process.ppid}.`,
    );
    expect(built()).toEqual(before);
    // PostgreSQL: no data directory, no lock
    expect(check({ DATABASE_URL: 'postgres://mandato@localhost/mandato' }).status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'mandato.lock'), 'utf8')).toBe(String(process.ppid));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
