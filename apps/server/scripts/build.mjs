// The production server: src/main.ts (or another entry) bundled by esbuild into one ES module.
// Node runs it without the TypeScript loader (tsx), which saves ~80 MB of resident memory and the
// start-up transpiling. Packages from node_modules stay external; the workspace's own packages
// (@mandato/domain, TypeScript sources) are bundled in. Paths the server reads at run time
// (migrations, data files, the web build) are found from the bundle's folder (src/platform/paths.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domain = path.resolve(serverRoot, '../../packages/domain/src');

/** The worker module of the untrusted pool (src/untrusted.worker.ts), beside every server bundle. */
export const UNTRUSTED_WORKER = 'untrusted.worker.mjs';

export async function buildServer({
  entry = path.join(serverRoot, 'src/main.ts'),
  outfile = path.join(serverRoot, 'dist/main.mjs'),
} = {}) {
  await bundle(entry, outfile);
  await bundle(
    path.join(serverRoot, 'src/untrusted.worker.ts'),
    path.join(path.dirname(outfile), UNTRUSTED_WORKER),
  );
  return outfile;
}

async function bundle(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    packages: 'external',
    alias: {
      '@mandato/domain/plain': path.join(domain, 'plain.ts'),
      '@mandato/domain': path.join(domain, 'index.ts'),
    },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = await buildServer();
  console.log(`servidor compilado: ${path.relative(process.cwd(), outfile)}`);
}
