// `npm start` (scripts/start.mjs): builds the web app and the server bundle only when what they are
// built from changed. Each build leaves a stamp in its output folder: a hash of its inputs (sources,
// configuration, package.json files, the lock) and of its command, and a fingerprint of the same
// files' paths, sizes, modification and change times (no file read). A start whose fingerprint
// matches the stamp's skips the build without reading a source (milliseconds); one whose
// fingerprint differs hashes the contents and builds only if the hash differs too (a checkout that
// touched files without changing them is a hash, not a build). Usage: node scripts/build-if-changed.mjs web server
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED_INPUTS = [
  'packages/domain/src',
  'packages/domain/package.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/** What each build reads (files or folders, from the repository root) and where it writes. */
export const TARGETS = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/public.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'apps/web/.env',
      'apps/web/.env.local',
      'apps/web/.env.release',
      'apps/web/.env.release.local',
      ...SHARED_INPUTS,
    ],
    // vite.config.ts envPrefix: these variables of the environment end up in the bundle too
    envPrefixes: ['VITE_', 'TILE_URL'],
    output: 'apps/web/dist',
    command: ['npm', 'run', 'build:release', '-w', 'apps/web'],
  },
  server: {
    inputs: [
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/tsconfig.json',
      'apps/server/package.json',
      ...SHARED_INPUTS,
    ],
    output: 'apps/server/dist',
    command: ['npm', 'run', 'build', '-w', 'apps/server'],
  },
};

export const STAMP_FILE = '.build-stamp';

/** Test files are not in any build: changing one rebuilds nothing. */
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Each input file (tests left out) as [path from base, its stat in nanoseconds], in a stable order. */
function listFiles(base, relative, files) {
  const full = path.join(base, relative);
  let stat;
  try {
    stat = fs.statSync(full, { bigint: true });
  } catch {
    return; // an input that does not exist (an optional .env file) counts as absent
  }
  if (stat.isFile()) {
    if (!isTestFile(relative)) files.push([relative, stat]);
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    listFiles(base, path.join(relative, name), files);
  }
}

function inputFiles(base, target) {
  const files = [];
  for (const input of target.inputs) listFiles(base, input, files);
  return files;
}

/** The command and the environment variables the build reads: part of both the hash and the fingerprint. */
function buildSettings(target, env) {
  const variables = Object.keys(env)
    .filter((name) => (target.envPrefixes ?? []).some((prefix) => name.startsWith(prefix)))
    .sort()
    .map((name) => [name, env[name]]);
  return JSON.stringify([target.command, variables]);
}

const posix = (file) => file.split(path.sep).join('/');

/**
 * A hash of the target's command, of the environment variables it reads and of the path and
 * content of every input file.
 */
export function hashInputs(base, target, env = process.env, files = inputFiles(base, target)) {
  const hash = createHash('sha256').update(buildSettings(target, env));
  for (const [file] of files) {
    hash.update(`\0${posix(file)}\0`);
    hash.update(fs.readFileSync(path.join(base, file)));
  }
  return hash.digest('hex');
}

/**
 * A hash of the target's command, of the environment variables it reads and of the path, size,
 * modification and change time and inode of every input file: what changes when a file is written
 * (the change time even when a tool puts the modification time back), renamed, added or removed.
 */
export function fingerprintInputs(base, target, env = process.env, files = inputFiles(base, target)) {
  const hash = createHash('sha256').update(buildSettings(target, env));
  for (const [file, stat] of files) {
    hash.update(`\0${posix(file)}\0${stat.size}\0${stat.mtimeNs}\0${stat.ctimeNs}\0${stat.ino}`);
  }
  return hash.digest('hex');
}

/**
 * A file written this close to the moment its stat was taken may be written again within the same
 * tick of the file system's clock without its times changing (git's "racily clean" entries): a
 * fingerprint with such a file is not trusted on the next start, which hashes instead.
 */
export const RACY_MS = 2000;

const isRacy = (files, takenAtMs) =>
  files.some(
    ([, stat]) => Number(stat.mtimeMs) >= takenAtMs - RACY_MS || Number(stat.ctimeMs) >= takenAtMs - RACY_MS,
  );

const stampPath = (base, target) => path.join(base, target.output, STAMP_FILE);

/** The stamp of the target's output: { hash, fingerprint? }; undefined when there is none. */
function readStamp(base, target) {
  let text;
  try {
    text = fs.readFileSync(stampPath(base, target), 'utf8').trim();
  } catch {
    return undefined;
  }
  try {
    const stamp = JSON.parse(text);
    return typeof stamp?.hash === 'string' ? stamp : undefined;
  } catch {
    return { hash: text }; // a stamp of the hash alone, as earlier versions wrote it
  }
}

function writeStamp(base, target, stamp) {
  fs.writeFileSync(stampPath(base, target), `${JSON.stringify(stamp)}\n`);
}

/**
 * Whether the target's output is there and was built from these inputs, and how that was known:
 * 'fingerprint' (no file read), 'hash' (the contents hashed: the fingerprint had changed, or was
 * taken too close to a write), or false with the inputs' state for the build's stamp.
 */
export function checkInputs(base, target, { env = process.env, now = Date.now() } = {}) {
  const takenAt = now;
  const files = inputFiles(base, target);
  const fingerprint = fingerprintInputs(base, target, env, files);
  const stamp = readStamp(base, target);
  const current = () => ({ fingerprint, racy: isRacy(files, takenAt) });
  if (stamp?.fingerprint === fingerprint && !stamp.racy) return { upToDate: 'fingerprint' };
  const hash = hashInputs(base, target, env, files);
  if (stamp?.hash === hash) {
    writeStamp(base, target, { hash, ...current() }); // the next start needs no hash
    return { upToDate: 'hash' };
  }
  return { upToDate: false, stamp: { hash, ...current() } };
}

/** The output is there and was built from these inputs. */
export function isUpToDate(base, target, options) {
  return checkInputs(base, target, options).upToDate !== false;
}

/**
 * Runs the target's build unless its stamp matches; the stamp is written after a successful build,
 * with the hash and fingerprint taken before it (a source edited during the build rebuilds on the
 * next start). Returns whether it built.
 */
export function buildIfChanged(base, name, target, options) {
  const checked = checkInputs(base, target, options);
  if (checked.upToDate) {
    console.log(`${name}: sem mudanças desde o último build (${target.output})`);
    return false;
  }
  runBuild(base, name, target, checked.stamp);
  return true;
}

/** Runs the target's build and writes `stamp` (checkInputs' answer when out of date) after it succeeds. */
export function runBuild(base, name, target, stamp) {
  const [command, ...args] = target.command;
  const result = spawnSync(command, args, { cwd: base, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`${name}: o build falhou (${target.command.join(' ')})`);
  }
  writeStamp(base, target, stamp);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const names = process.argv.slice(2);
  for (const name of names) {
    const target = TARGETS[name];
    if (!target) {
      console.error(`build-if-changed: alvo desconhecido '${name}' (${Object.keys(TARGETS).join(', ')})`);
      process.exit(2);
    }
    try {
      buildIfChanged(root, name, target);
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  }
}
