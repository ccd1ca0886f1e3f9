// Post-build: writes `<file>.br` and `<file>.gz` next to every compressible file of dist, so the
// server (@fastify/static `preCompressed`) answers with the encoding the browser accepts without
// compressing per request.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than the header costs. */
const MIN_BYTES = 1024;

async function compressDir(dir) {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = fs.readFileSync(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
      count++;
    }),
  );
  return count;
}

const dist = path.resolve(import.meta.dirname, '../dist');
const count = await compressDir(dist);
console.log(`compress-assets: ${count} arquivos com cópias .br e .gz em dist/`);
