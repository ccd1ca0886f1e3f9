import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertFileKey, type FileStorage } from './storage.ts';

/**
 * Embedded default: files under `<root>` (the data directory's `files/`), each with a small
 * `.meta.json` beside it holding its content type. A file is written to a temporary name and
 * renamed, so a reader never sees half of one.
 */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body, contentType) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fsp.writeFile(`${tmp}.meta`, JSON.stringify({ contentType, size: body.length }));
      await fsp.writeFile(tmp, body);
      await fsp.rename(`${tmp}.meta`, `${file}.meta.json`);
      await fsp.rename(tmp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const meta = JSON.parse(await fsp.readFile(`${file}.meta.json`, 'utf8')) as { contentType: string };
        const { size } = await fsp.stat(file);
        return { body: fs.createReadStream(file), size, contentType: meta.contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      await fsp.rm(`${file}.meta.json`, { force: true });
    },
  };
}
