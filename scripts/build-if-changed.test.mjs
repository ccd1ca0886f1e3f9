import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildIfChanged,
  checkInputs,
  hashInputs,
  isUpToDate,
  RACY_MS,
  STAMP_FILE,
  TARGETS,
} from './build-if-changed.mjs';

/** A build that writes its output folder and counts its runs in runs.txt. */
const BUILD = `const fs = require('node:fs'); fs.mkdirSync('out', { recursive: true }); fs.writeFileSync('out/app.js', fs.readFileSync('src/app.ts')); fs.appendFileSync('runs.txt', 'x');`;
const target = {
  inputs: ['src', 'config.json', '.env.optional'],
  output: 'out',
  command: [process.execPath, '-e', BUILD],
};

let base;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  fs.writeFileSync(path.join(base, file), text);
};
const runs = () => fs.readFileSync(path.join(base, 'runs.txt'), 'utf8').length;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
  write('src/app.ts', 'export const a = 1;\n');
  write('src/app.test.ts', 'test\n');
  write('config.json', '{}\n');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe('build-if-changed', () => {
  it('builds the first time, then not again while nothing changed', () => {
    expect(isUpToDate(base, target)).toBe(false);
    expect(buildIfChanged(base, 'app', target)).toBe(true);
    expect(fs.existsSync(path.join(base, 'out', STAMP_FILE))).toBe(true);
    expect(isUpToDate(base, target)).toBe(true);
    expect(buildIfChanged(base, 'app', target)).toBe(false);
    expect(runs()).toBe(1);
  });

  it('builds again when a source, a config file or an optional input changes, or a file is added', () => {
    buildIfChanged(base, 'app', target);
    write('src/app.ts', 'export const a = 2;\n');
    expect(buildIfChanged(base, 'app', target)).toBe(true);
    write('config.json', '{"x":1}\n');
    expect(buildIfChanged(base, 'app', target)).toBe(true);
    write('.env.optional', 'A=1\n');
    expect(buildIfChanged(base, 'app', target)).toBe(true);
    write('src/new.ts', '\n');
    expect(buildIfChanged(base, 'app', target)).toBe(true);
    expect(fs.readFileSync(path.join(base, 'out/app.js'), 'utf8')).toBe('export const a = 2;\n');
    expect(runs()).toBe(5);
  });

  it('a renamed file changes the hash, an edited test file does not', () => {
    const before = hashInputs(base, target);
    write('src/app.test.ts', 'another test\n');
    expect(hashInputs(base, target)).toBe(before);
    fs.renameSync(path.join(base, 'src/app.ts'), path.join(base, 'src/main.ts'));
    expect(hashInputs(base, target)).not.toBe(before);
  });

  it('a variable of the environment the build reads changes the hash, another one does not', () => {
    const reading = { ...target, envPrefixes: ['VITE_'] };
    const before = hashInputs(base, reading, { VITE_X: '1', HOME: '/a' });
    expect(hashInputs(base, reading, { VITE_X: '1', HOME: '/b' })).toBe(before);
    expect(hashInputs(base, reading, { VITE_X: '2', HOME: '/a' })).not.toBe(before);
  });

  it('builds again when the output was removed, or its stamp is foreign', () => {
    buildIfChanged(base, 'app', target);
    fs.rmSync(path.join(base, 'out'), { recursive: true });
    expect(buildIfChanged(base, 'app', target)).toBe(true);
    fs.writeFileSync(path.join(base, 'out', STAMP_FILE), 'not a hash\n');
    expect(buildIfChanged(base, 'app', target)).toBe(true);
    expect(runs()).toBe(3);
  });

  it('a failed build leaves no stamp and says which target failed', () => {
    const failing = { ...target, command: [process.execPath, '-e', 'process.exit(3)'] };
    expect(() => buildIfChanged(base, 'app', failing)).toThrow('app: o build falhou');
    expect(isUpToDate(base, failing)).toBe(false);
  });

  // `later`: a start this long after the files were written, past the window where a write could
  // leave their times unchanged (RACY_MS), so the fingerprint is trusted
  const later = () => ({ now: Date.now() + RACY_MS + 1000 });

  it('an unchanged checkout is known from the fingerprint, no file read', () => {
    buildIfChanged(base, 'app', target, later());
    expect(checkInputs(base, target, later()).upToDate).toBe('fingerprint');
    expect(checkInputs(base, target, later()).upToDate).toBe('fingerprint');
    expect(runs()).toBe(1);
  });

  it('a file touched without a change is hashed once, not built', () => {
    buildIfChanged(base, 'app', target, later());
    const past = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(base, 'src/app.ts'), past, past);
    expect(checkInputs(base, target, later()).upToDate).toBe('hash');
    expect(checkInputs(base, target, later()).upToDate).toBe('fingerprint');
    expect(buildIfChanged(base, 'app', target, later())).toBe(false);
    expect(runs()).toBe(1);
  });

  it('an edit of the same size with its modification time put back still builds (the change time moved)', async () => {
    buildIfChanged(base, 'app', target, later());
    const file = path.join(base, 'src/app.ts');
    const { atime, mtime } = fs.statSync(file);
    // past a tick of the file system's clock (a few ms; the start's RACY_MS covers it, faked here)
    await sleep(50);
    fs.writeFileSync(file, 'export const a = 9;\n');
    fs.utimesSync(file, atime, mtime);
    expect(checkInputs(base, target, later()).upToDate).toBe(false);
    expect(buildIfChanged(base, 'app', target, later())).toBe(true);
    expect(fs.readFileSync(path.join(base, 'out/app.js'), 'utf8')).toBe('export const a = 9;\n');
  });

  it('a fingerprint taken right after a write is not trusted: the next start hashes', () => {
    buildIfChanged(base, 'app', target); // the sources were written a moment ago
    expect(checkInputs(base, target).upToDate).toBe('hash');
    expect(checkInputs(base, target, later()).upToDate).toBe('hash');
    expect(checkInputs(base, target, later()).upToDate).toBe('fingerprint');
  });

  it('reads the stamp of the hash alone that earlier versions wrote', () => {
    fs.mkdirSync(path.join(base, 'out'));
    fs.writeFileSync(path.join(base, 'out', STAMP_FILE), `${hashInputs(base, target)}\n`);
    expect(checkInputs(base, target, later()).upToDate).toBe('hash');
    expect(checkInputs(base, target, later()).upToDate).toBe('fingerprint');
  });

  it('the real targets read their sources, package files and the lock', () => {
    for (const t of Object.values(TARGETS)) {
      expect(t.inputs).toEqual(expect.arrayContaining(['package-lock.json', 'packages/domain/src']));
    }
    expect(TARGETS.web.inputs).toEqual(expect.arrayContaining(['apps/web/src', 'apps/web/vite.config.ts']));
    expect(TARGETS.server.inputs).toEqual(expect.arrayContaining(['apps/server/src', 'apps/server/scripts']));
  });
});
