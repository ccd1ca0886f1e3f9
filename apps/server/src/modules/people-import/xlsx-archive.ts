import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import {
  IMPORT_MAX_COMPRESSION_RATIO,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_SHARED_STRINGS_BYTES,
  IMPORT_MAX_UNCOMPRESSED_BYTES,
  IMPORT_MAX_ZIP_ENTRIES,
  IMPORT_MESSAGES,
} from '@mandato/domain';
import { AppError, badRequest } from '../../platform/http/errors.ts';

/** A ZIP entry as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** The entry the reader holds whole (xlsx-stream.ts); every other one is streamed. */
export const SHARED_STRINGS = 'xl/sharedStrings.xml';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const MiB = 1024 * 1024;

const notXlsx = () => badRequest(IMPORT_MESSAGES.onlyXlsx, IMPORT_MESSAGES.onlyXlsx);
const bomb = () => badRequest(IMPORT_MESSAGES.zipBomb, IMPORT_MESSAGES.zipBomb);
const corrupt = () => badRequest(IMPORT_MESSAGES.corrupt, IMPORT_MESSAGES.corrupt);
const refuse = (message: string) => badRequest(message, message);

async function readAt(file: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * The checks of an uploaded spreadsheet before any parser sees it (DESIGN.md §6): the size limit
 * (413), the ZIP magic bytes and an XLSX workbook inside ('Utilize APENAS arquivos XLSX'), and the
 * central directory's entry count, uncompressed sizes (the whole archive and the shared strings,
 * which the reader holds), expansion ratios (of a large entry and of the whole file) and entries
 * that overlap (one stored entry listed many times): a zip bomb is a 400 here, never an
 * out-of-memory later. ZIP64 archives are refused: no spreadsheet within the limits needs one.
 * Answers the entries as declared.
 */
export async function inspectXlsx(path: string): Promise<ZipEntry[]> {
  const file = await fs.open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size > IMPORT_MAX_FILE_BYTES)
      throw new AppError(413, IMPORT_MESSAGES.tooLarge, IMPORT_MESSAGES.tooLarge);
    const head = await readAt(file, 0, 4);
    if (head.length < 4 || head.readUInt32LE(0) !== LOCAL_HEADER) throw notXlsx();
    // end of central directory: 22 bytes plus a comment of up to 64 KiB, at the end of the file
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(file, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw notXlsx();
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw bomb();
    if (count > IMPORT_MAX_ZIP_ENTRIES) throw bomb();
    if (directoryOffset + directorySize > size) throw corrupt();
    const directory = await readAt(file, directoryOffset, directorySize);
    const entries: ZipEntry[] = [];
    /** where each entry's local header starts and the least it spans (header, name, data) */
    const spans: { start: number; end: number }[] = [];
    let total = 0;
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_HEADER) throw corrupt();
      const method = directory.readUInt16LE(at + 10);
      const compressedSize = directory.readUInt32LE(at + 20);
      const uncompressedSize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const localHeaderOffset = directory.readUInt32LE(at + 42);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      if (
        compressedSize === 0xffffffff ||
        uncompressedSize === 0xffffffff ||
        localHeaderOffset === 0xffffffff
      )
        throw bomb();
      total += uncompressedSize;
      const ratio = uncompressedSize / Math.max(1, compressedSize);
      if (name === SHARED_STRINGS && uncompressedSize > IMPORT_MAX_SHARED_STRINGS_BYTES)
        throw refuse(IMPORT_MESSAGES.sharedStringsTooLarge);
      if (uncompressedSize > MiB && ratio > IMPORT_MAX_COMPRESSION_RATIO) throw bomb();
      if (method !== 0 && method !== 8) throw corrupt();
      entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
      spans.push({ start: localHeaderOffset, end: localHeaderOffset + 30 + nameLength + compressedSize });
      at += 46 + nameLength + extraLength + commentLength;
    }
    // each entry's data read once: no two entries (nor the central directory) share bytes, so the
    // archive inflates to no more than its own size times the ratio
    spans.sort((a, b) => a.start - b.start);
    for (const [i, span] of spans.entries())
      if (span.end > (spans[i + 1]?.start ?? directoryOffset))
        throw refuse(IMPORT_MESSAGES.overlappingEntries);
    if (total > IMPORT_MAX_UNCOMPRESSED_BYTES) throw bomb();
    if (total > MiB && total / size > IMPORT_MAX_COMPRESSION_RATIO) throw bomb();
    const names = new Set(entries.map((e) => e.name));
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw notXlsx();
    return entries;
  } finally {
    await file.close();
  }
}

/**
 * Inflates every entry once, counting: an entry that inflates past what the central directory
 * declared (a local header that lies) is a bomb, stopped at the declared size. The worksheets are
 * scanned for merged cells on the way (the streaming reader skips them): answers their ranges.
 */
export async function verifyEntries(path: string, entries: ZipEntry[]): Promise<{ merged: string[] }> {
  const file = await fs.open(path, 'r');
  const merged: string[] = [];
  try {
    for (const entry of entries) {
      const header = await readAt(file, entry.localHeaderOffset, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw corrupt();
      const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const isSheet = /^xl\/worksheets\/sheet\d+\.xml$/.test(entry.name);
      await inflateEntry(path, entry, dataStart, isSheet ? merged : undefined);
    }
  } finally {
    await file.close();
  }
  return { merged };
}

async function inflateEntry(path: string, entry: ZipEntry, start: number, merged?: string[]) {
  const limit = entry.uncompressedSize;
  let produced = 0;
  let carry = '';
  const scan = (chunk: Buffer) => {
    produced += chunk.length;
    if (produced > limit) throw bomb();
    if (!merged) return;
    const text = carry + chunk.toString('latin1');
    for (const m of text.matchAll(/<(?:\w+:)?mergeCell\s+ref="([A-Z]+\d+(?::[A-Z]+\d+)?)"/g))
      if (merged.length < 20 && m[1] && !merged.includes(m[1])) merged.push(m[1]);
    carry = text.slice(-64);
  };
  if (entry.compressedSize === 0) return;
  const stream = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === 0) {
    for await (const chunk of stream) scan(chunk as Buffer);
    return;
  }
  const inflate = zlib.createInflateRaw({ maxOutputLength: limit + 1 });
  const done = new Promise<void>((resolve, reject) => {
    inflate.on('data', (chunk: Buffer) => {
      try {
        scan(chunk);
      } catch (error) {
        stream.destroy();
        inflate.destroy();
        reject(error);
      }
    });
    inflate.on('end', resolve);
    inflate.on('error', (error) =>
      reject(
        error instanceof AppError
          ? error
          : (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
            ? bomb()
            : corrupt(),
      ),
    );
    stream.on('error', () => reject(corrupt()));
  });
  stream.pipe(inflate);
  await done;
}
