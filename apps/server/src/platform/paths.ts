import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found by walking up from this file to the folder
 * holding `migrations/`: the same answer from the sources (src/platform) and from the production
 * bundle (dist/main.mjs, one file whose import.meta.dirname is dist/).
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'migrations')) && fs.existsSync(path.join(dir, 'package.json')))
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`pasta do servidor não encontrada acima de ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
/** The repository (npm workspaces root): apps/server/../.. */
export const REPOSITORY_ROOT = path.resolve(SERVER_ROOT, '../..');
