import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, hashInputs, isUpToDate, STAMP_FILE, TARGETS } from './build-if-changed.mjs';

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

  it('the real targets read their sources, package files and the lock', () => {
    for (const t of Object.values(TARGETS)) {
      expect(t.inputs).toEqual(expect.arrayContaining(['package-lock.json', 'packages/domain/src']));
    }
    expect(TARGETS.web.inputs).toEqual(expect.arrayContaining(['apps/web/src', 'apps/web/vite.config.ts']));
    expect(TARGETS.server.inputs).toEqual(expect.arrayContaining(['apps/server/src', 'apps/server/scripts']));
  });
});
