import fs from 'node:fs';
import zlib from 'node:zlib';
import { IMPORT_HEADERS } from '@mandato/domain';

/**
 * Hostile XLSX files written straight to disk, for the reader's memory limits
 * (people-import/xlsx-limits.test.ts, xlsx-hostile.routes.test.ts). A repeated piece is deflated
 * once and its compressed bytes written `times` times (each ends with a full flush: byte-aligned,
 * no reference to what came before), so a file that inflates to hundreds of MiB is written in
 * milliseconds and never held in memory.
 */

/** Text written once, or `times` copies of it. */
export type Piece = string | { repeat: string; times: number };

export interface BombEntry {
  name: string;
  pieces: Piece[];
}

const END_BLOCK = zlib.deflateRawSync(Buffer.alloc(0));

const deflated = new Map<string, Buffer>();
/** `text` deflated and fully flushed (byte-aligned, not final, no reference to earlier text). */
function flushed(text: string): Buffer {
  let bytes = deflated.get(text);
  if (!bytes) {
    bytes = zlib.deflateRawSync(Buffer.from(text, 'utf8'), { finishFlush: zlib.constants.Z_FULL_FLUSH });
    deflated.set(text, bytes);
  }
  return bytes;
}

/** The entries of a minimal workbook with the given first sheet and, if any, shared strings. */
export function workbookEntries(sheet: Piece[], sharedStrings?: Piece[]): BombEntry[] {
  const entries: BombEntry[] = [
    { name: '[Content_Types].xml', pieces: ['<Types/>'] },
    {
      name: 'xl/workbook.xml',
      pieces: ['<workbook><sheets><sheet name="Pessoas" sheetId="1" r:id="rId1"/></sheets></workbook>'],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: ['<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'],
    },
    { name: 'xl/worksheets/sheet1.xml', pieces: sheet },
  ];
  if (sharedStrings) entries.push({ name: 'xl/sharedStrings.xml', pieces: sharedStrings });
  return entries;
}

/** A sheet: the template's header row, then `body` (rows, or one hostile piece) in sheetData. */
export function sheetOf(...body: Piece[]): Piece[] {
  const header = IMPORT_HEADERS.map((h) => `<c t="inlineStr"><is><t>${h}</t></is></c>`).join('');
  return [`<worksheet><sheetData><row r="1">${header}</row>`, ...body, '</sheetData></worksheet>'];
}

/**
 * Writes the ZIP to `file`: each entry deflated as its pieces say, declaring its true sizes;
 * `overlap` lists the local entry named `entry` `copies` more times in the central directory (one
 * stored entry read many times). Answers the file's size and what its entries declare in total.
 */
export function writeZip(
  file: string,
  entries: BombEntry[],
  overlap?: { entry: string; copies: number },
): { bytes: number; inflated: number } {
  const fd = fs.openSync(file, 'w');
  let offset = 0;
  const write = (bytes: Buffer) => {
    fs.writeSync(fd, bytes);
    offset += bytes.length;
  };
  const centrals: Buffer[] = [];
  let inflated = 0;
  const central = (name: Buffer, compressed: number, size: number, at: number) => {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(at, 42);
    centrals.push(header, name);
    inflated += size;
  };
  try {
    for (const entry of entries) {
      const name = Buffer.from(entry.name);
      const blocks = entry.pieces.map((p) =>
        typeof p === 'string'
          ? { bytes: flushed(p), times: 1, size: Buffer.byteLength(p) }
          : { bytes: flushed(p.repeat), times: p.times, size: Buffer.byteLength(p.repeat) },
      );
      const compressed = blocks.reduce((n, b) => n + b.bytes.length * b.times, END_BLOCK.length);
      const size = blocks.reduce((n, b) => n + b.size * b.times, 0);
      if (size > 0xfffffffe || compressed > 0xfffffffe) throw new Error(`${entry.name}: ZIP64 size`);
      const at = offset;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(8, 8);
      local.writeUInt32LE(compressed, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      write(local);
      write(name);
      for (const block of blocks) for (let i = 0; i < block.times; i++) write(block.bytes);
      write(END_BLOCK);
      central(name, compressed, size, at);
      if (overlap?.entry === entry.name)
        for (let i = 1; i <= overlap.copies; i++)
          central(Buffer.from(`${entry.name.replace(/\.xml$/, '')}-${i}.xml`), compressed, size, at);
    }
    const directory = Buffer.concat(centrals);
    const count = centrals.length / 2;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    write(directory);
    write(end);
  } finally {
    fs.closeSync(fd);
  }
  return { bytes: offset, inflated };
}

/**
 * `length` bytes of text that deflates about as the file did (a ratio of ~120: names
 * repeated, with a varying one every 60), so the per-entry ratio check lets it through.
 */
export function namesText(length: number): string {
  let seed = 1;
  let out = '';
  for (let i = 0; out.length < length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    out += i % 60 === 0 ? `Pessoa ${seed.toString(36)} ` : 'Maria da Conceicao Silva ';
  }
  return out.slice(0, length);
}
