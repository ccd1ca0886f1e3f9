// `npm start`: builds the web app and the server bundle when what they are built from changed
// (build-if-changed.mjs: a stamp of file sizes and times, the contents hashed only when those moved),
// then runs the server bundle (apps/server/dist/main.mjs) in this same process: no TypeScript runner
// and no second node process when nothing changed. The server checks its data directory itself
// before anything else. When something must be built, the data directory is checked first (with the
// server's own code, from its sources): a second start on a data directory in use stops before a
// build rewrites apps/web/dist under the running server. The time of the build check reaches the
// server's start-up line through MANDATO_BUILD_CHECK_MS (and MANDATO_BUILT: what was built).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { checkInputs, runBuild, TARGETS } from './build-if-changed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();

const stale = ['web', 'server']
  .map((name) => ({ name, checked: checkInputs(root, TARGETS[name]) }))
  .filter(({ checked }) => !checked.upToDate);
if (stale.length > 0) {
  const check = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/check-data-dir.ts')],
    { cwd: root, stdio: 'inherit' },
  );
  if (check.status !== 0) process.exit(check.status ?? 1);
  for (const { name, checked } of stale) {
    try {
      runBuild(root, name, TARGETS[name], checked.stamp);
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  }
}

process.env.MANDATO_BUILD_CHECK_MS = String(Math.round(performance.now() - started));
process.env.MANDATO_BUILT = stale.map(({ name }) => name).join(',');
// as the server package's own start script: production (no /api/docs) unless run otherwise
process.env.NODE_ENV = 'production';
await import(pathToFileURL(path.join(root, TARGETS.server.output, 'main.mjs')).href);
