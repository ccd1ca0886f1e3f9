// `npm start`: builds the web app and the server bundle only when what they are built from changed.
// Each build leaves a stamp in its output folder, a hash of its inputs (sources, configuration,
// package.json files, the lock) and of its command; a restart with the same hash and the output in
// place skips the build. Usage: node scripts/build-if-changed.mjs web server
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

function listFiles(base, relative, files) {
  const full = path.join(base, relative);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return; // an input that does not exist (an optional .env file) counts as absent
  }
  if (stat.isFile()) {
    if (!isTestFile(relative)) files.push(relative);
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name === 'node_modules' || name === 'dist') continue;
    listFiles(base, path.join(relative, name), files);
  }
}

/**
 * A hash of the target's command, of the environment variables it reads and of the path and
 * content of every input file.
 */
export function hashInputs(base, target, env = process.env) {
  const files = [];
  for (const input of target.inputs) listFiles(base, input, files);
  const variables = Object.keys(env)
    .filter((name) => (target.envPrefixes ?? []).some((prefix) => name.startsWith(prefix)))
    .sort()
    .map((name) => [name, env[name]]);
  const hash = createHash('sha256').update(JSON.stringify([target.command, variables]));
  for (const file of files) {
    hash.update(`\0${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(base, file)));
  }
  return hash.digest('hex');
}

const stampPath = (base, target) => path.join(base, target.output, STAMP_FILE);

/** The output is there and was built from these inputs. */
export function isUpToDate(base, target, hash = hashInputs(base, target)) {
  try {
    return fs.readFileSync(stampPath(base, target), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/**
 * Runs the target's build unless its stamp matches; the stamp is written after a successful build,
 * with the hash taken before it (a source edited during the build rebuilds on the next start).
 * Returns whether it built.
 */
export function buildIfChanged(base, name, target) {
  const hash = hashInputs(base, target);
  if (isUpToDate(base, target, hash)) {
    console.log(`${name}: sem mudanças desde o último build (${target.output})`);
    return false;
  }
  const [command, ...args] = target.command;
  const result = spawnSync(command, args, { cwd: base, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`${name}: o build falhou (${target.command.join(' ')})`);
  }
  fs.writeFileSync(stampPath(base, target), `${hash}\n`);
  return true;
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
