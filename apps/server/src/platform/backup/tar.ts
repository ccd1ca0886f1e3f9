/**
 * The little of the tar format (POSIX ustar) a backup needs: regular files and directories, names
 * up to 255 bytes, sizes up to 8 GiB. Written and read as streams, never whole in memory.
 */

export const BLOCK = 512;

export interface TarEntry {
  name: string;
  type: 'file' | 'directory';
  size: number;
}

function field(block: Buffer, offset: number, length: number, text: string) {
  block.write(text, offset, Math.min(length, Buffer.byteLength(text)), 'utf8');
}

const octal = (n: number, length: number) => `${n.toString(8).padStart(length - 1, '0')}\0`;

/** The 512-byte header of an entry. */
export function tarHeader(entry: TarEntry, mtime = Math.floor(Date.now() / 1000)): Buffer {
  const name = entry.type === 'directory' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name;
  const bytes = Buffer.byteLength(name);
  let prefix = '';
  let base = name;
  if (bytes > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (
      cut <= 0 ||
      Buffer.byteLength(name.slice(cut + 1)) > 100 ||
      Buffer.byteLength(name.slice(0, cut)) > 155
    ) {
      throw new Error(`nome longo demais para o arquivo de backup: ${name}`);
    }
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const block = Buffer.alloc(BLOCK);
  field(block, 0, 100, base);
  field(block, 100, 8, octal(entry.type === 'directory' ? 0o755 : 0o600, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(entry.type === 'directory' ? 0 : entry.size, 12));
  field(block, 136, 12, octal(mtime, 12));
  block.fill(' ', 148, 156); // the checksum counts its own field as spaces
  block.write(entry.type === 'directory' ? '5' : '0', 156);
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  field(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** Zeros that complete an entry of `size` bytes to a whole block. */
export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The end of an archive: two zero blocks. */
export const tarEnd = () => Buffer.alloc(2 * BLOCK);

export class TarFormatError extends Error {}

function text(block: Buffer, offset: number, length: number) {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

/** Parses a header; undefined at the end of the archive (a zero block). */
export function parseTarHeader(block: Buffer): TarEntry | undefined {
  if (block.every((b) => b === 0)) return undefined;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] as number);
  const stored = Number.parseInt(text(block, 148, 8).trim(), 8);
  if (stored !== sum || text(block, 257, 6) !== 'ustar') throw new TarFormatError('cabeçalho tar inválido');
  const prefix = text(block, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + text(block, 0, 100);
  const type = String.fromCharCode(block[156] as number);
  if (type !== '0' && type !== '\0' && type !== '5')
    throw new TarFormatError(`tipo de entrada não aceito: ${name}`);
  const size = Number.parseInt(text(block, 124, 12).trim() || '0', 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError(`tamanho inválido: ${name}`);
  return { name: name.replace(/\/$/, ''), type: type === '5' ? 'directory' : 'file', size };
}

/**
 * Reads an archive from a stream of chunks: for each entry, `onEntry` is called with its header and
 * an async iterable of its content (which must be consumed before the next entry).
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, content: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  /** bytes of the current entry (and its padding) not read yet */
  let left = 0;
  async function nextPiece(max: number): Promise<Buffer> {
    if (pending.length === 0) {
      const next = await iterator.next();
      if (next.done) throw new TarFormatError('o arquivo termina no meio de uma entrada (incompleto)');
      pending = next.value;
    }
    const piece = pending.subarray(0, Math.min(max, pending.length));
    pending = pending.subarray(piece.length);
    return piece;
  }
  async function readBlock(): Promise<Buffer> {
    const pieces: Buffer[] = [];
    for (let got = 0; got < BLOCK; ) {
      const piece = await nextPiece(BLOCK - got);
      pieces.push(piece);
      got += piece.length;
    }
    return Buffer.concat(pieces);
  }
  for (;;) {
    const entry = parseTarHeader(await readBlock());
    if (!entry) return;
    left = entry.size;
    const content = {
      async *[Symbol.asyncIterator]() {
        while (left > 0) {
          const piece = await nextPiece(left);
          left -= piece.length;
          yield piece;
        }
      },
    };
    await onEntry(entry, content);
    while (left > 0) left -= (await nextPiece(left)).length; // whatever the callback left
    for (let pad = (BLOCK - (entry.size % BLOCK)) % BLOCK; pad > 0; ) pad -= (await nextPiece(pad)).length;
  }
}
