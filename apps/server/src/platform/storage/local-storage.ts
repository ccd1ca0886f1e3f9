import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  const putStream = async (key: string, body: Readable, contentType: string) => {
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await pipeline(body, fs.createWriteStream(tmp));
      const { size } = await fsp.stat(tmp);
      await fsp.writeFile(`${tmp}.meta`, JSON.stringify({ contentType, size }));
      await fsp.rename(`${tmp}.meta`, `${file}.meta.json`);
      await fsp.rename(tmp, file);
      return size;
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      await fsp.rm(`${tmp}.meta`, { force: true });
      throw error;
    }
  };
  return {
    kind: 'local',
    put: async (key, body, contentType) => {
      await putStream(key, Readable.from([body]), contentType);
    },
    putStream,
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
