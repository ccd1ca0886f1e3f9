import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import {
  columnLetter,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MESSAGES,
  type ImportCell,
} from '@mandato/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { type AppError, badRequest } from '../../platform/http/errors.ts';
import { SHARED_STRINGS, type ZipEntry } from './xlsx-archive.ts';

/**
 * A streaming reader of the first worksheet of an XLSX, on the entries the archive checks listed
 * (xlsx-archive.ts): each entry inflated as a stream (never past its declared size), decoded with
 * a streaming UTF-8 decoder (a character split between two inflated chunks stays whole) and parsed
 * by saxes, the XML parser ExcelJS itself uses. ExcelJS's own streaming reader decodes every chunk
 * on its own (a 'Ã' cut in two became '��' in the benchmark's file) and reads about 7,000 rows/s;
 * this one reads about 25,000 rows/s with memory flat (docs: bench/import).
 *
 * What it holds is bounded whatever the file: the shared strings (the archive checks cap their
 * entry's size; their count and each one's length are capped here, and they are kept as UTF-8 in
 * one buffer), one cell's text (IMPORT_MAX_CELL_CHARS) and what the XML parser gathers (boundedParser).
 */

/** A cell as the sheet holds it: a value, or a formula, or an error value. */
export type SheetCell = ImportCell | { formula: true } | { error: true };

/** A row: its number and its cells by column number (1-based; holes for empty cells). */
export interface SheetRow {
  line: number;
  cells: SheetCell[];
}

const corrupt = () => badRequest(IMPORT_MESSAGES.corrupt, IMPORT_MESSAGES.corrupt);
const cellTooLong = (ref?: string) =>
  badRequest(IMPORT_MESSAGES.cellTooLong(ref), IMPORT_MESSAGES.cellTooLong(ref));

async function dataStart(path: string, entry: ZipEntry): Promise<number> {
  const file = await fs.open(path, 'r');
  try {
    const header = Buffer.alloc(30);
    await file.read(header, 0, 30, entry.localHeaderOffset);
    if (header.readUInt32LE(0) !== 0x04034b50) throw corrupt();
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await file.close();
  }
}

/** Bytes decoded at once: each text handed to the parser has at most this many characters. */
const DECODE_BYTES = 16 * 1024;

/** The entry's text in decoded pieces of DECODE_BYTES at most, never more than its declared size. */
async function* entryText(path: string, entry: ZipEntry): AsyncGenerator<string> {
  if (entry.compressedSize === 0) return;
  const start = await dataStart(path, entry);
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  const stream = entry.method === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
  raw.on('error', (error) => stream.destroy(error));
  const decoder = new TextDecoder('utf-8');
  let produced = 0;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      produced += bytes.length;
      if (produced > entry.uncompressedSize)
        throw badRequest(IMPORT_MESSAGES.zipBomb, IMPORT_MESSAGES.zipBomb);
      for (let at = 0; at < bytes.length; at += DECODE_BYTES)
        yield decoder.decode(bytes.subarray(at, at + DECODE_BYTES), { stream: true });
    }
    yield decoder.decode();
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw corrupt();
  } finally {
    raw.destroy();
  }
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Raw XML characters the parser may gather before an event: saxes keeps a text, or a tag and its
 * attributes, or a comment whole until it is complete. A cell's limit with room for escapes
 * (`&amp;` is 5 characters for 1).
 */
const MAX_TOKEN_CHARS = 8 * IMPORT_MAX_CELL_CHARS;
/** Open elements (a sheet nests about 6); saxes keeps each one's attributes until it closes. */
const MAX_DEPTH = 32;

interface XmlHandlers {
  open?: (tag: SaxesTagPlain) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/**
 * A saxes parser that holds a bounded amount whatever the XML: no more than MAX_TOKEN_CHARS
 * written between two of its text, open and close events (what it gathers is released by then: a
 * comment or CDATA counts with the token after it), no more than MAX_DEPTH elements open.
 * `tooLong` is the refusal past the first bound (it names the cell being read, when there is one).
 */
function boundedParser(handlers: XmlHandlers, tooLong: () => AppError = () => cellTooLong()) {
  const sax = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | undefined;
  let sinceEvent = 0;
  let depth = 0;
  sax.on('error', (error) => {
    failure = error;
  });
  sax.on('opentag', (tag) => {
    sinceEvent = 0;
    if (++depth > MAX_DEPTH) throw corrupt();
    handlers.open?.(tag);
  });
  sax.on('closetag', (tag) => {
    sinceEvent = 0;
    depth--;
    handlers.close?.(local(tag.name));
  });
  sax.on('text', (text) => {
    sinceEvent = 0;
    handlers.text?.(text);
  });
  return {
    /** `text` has at most DECODE_BYTES characters: the parser gathers no more past the bound. */
    write(text: string) {
      sax.write(text);
      if (failure) throw corrupt();
      sinceEvent += text.length;
      if (sinceEvent > MAX_TOKEN_CHARS) throw tooLong();
    },
    close() {
      sax.close();
      if (failure) throw corrupt();
    },
  };
}

/** Reads a small entry whole through `open`/`close`/`text` (workbook, rels, shared strings). */
async function parseEntry(path: string, entry: ZipEntry, handlers: XmlHandlers) {
  const xml = boundedParser(handlers);
  for await (const text of entryText(path, entry)) xml.write(text);
  xml.close();
}

/** The path of the workbook's first sheet (workbook.xml + its rels), or sheet1 by default. */
async function firstSheetPath(path: string, byName: Map<string, ZipEntry>): Promise<string | undefined> {
  const workbook = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  let relId: string | undefined;
  if (workbook)
    await parseEntry(path, workbook, {
      open: (tag) => {
        if (!relId && local(tag.name) === 'sheet')
          relId = Object.entries(tag.attributes).find(([k]) => local(k) === 'id')?.[1];
      },
    });
  let target: string | undefined;
  if (rels && relId)
    await parseEntry(path, rels, {
      open: (tag) => {
        if (local(tag.name) === 'Relationship' && tag.attributes.Id === relId) target = tag.attributes.Target;
      },
    });
  if (target) {
    const resolved = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (byName.has(resolved)) return resolved;
  }
  return byName.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : undefined;
}

/**
 * The shared strings as UTF-8 in one buffer, with where each ends: no string object per entry,
 * nothing of the decoded XML kept alive. The buffer is the entry's size (capped by the archive
 * checks): the text of the strings never takes more bytes than the XML that holds it.
 */
class SharedStrings {
  private readonly bytes: Buffer;
  private readonly ends: Uint32Array;
  private used = 0;
  private count = 0;

  constructor(entrySize: number) {
    this.bytes = Buffer.allocUnsafe(entrySize);
    // the shortest string is `<si/>`, 5 bytes
    this.ends = new Uint32Array(Math.min(IMPORT_MAX_SHARED_STRINGS, Math.ceil(entrySize / 5)));
  }

  add(text: string) {
    if (this.count >= IMPORT_MAX_SHARED_STRINGS)
      throw badRequest(IMPORT_MESSAGES.tooManySharedStrings, IMPORT_MESSAGES.tooManySharedStrings);
    if (this.count >= this.ends.length || Buffer.byteLength(text) > this.bytes.length - this.used)
      throw corrupt();
    this.used += this.bytes.write(text, this.used);
    this.ends[this.count++] = this.used;
  }

  /** The string at `index`, undefined past the last one. */
  at(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

/** The shared strings (rich text runs joined, phonetic runs left out). */
async function sharedStrings(path: string, entry: ZipEntry | undefined): Promise<SharedStrings> {
  const strings = new SharedStrings(entry?.uncompressedSize ?? 0);
  if (!entry) return strings;
  let current: string[] | undefined;
  let length = 0;
  let inText = false;
  let phonetic = 0;
  await parseEntry(path, entry, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'si') {
        current = [];
        length = 0;
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si') {
        strings.add((current ?? []).join(''));
        current = undefined;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (!inText || !current) return;
      length += text.length;
      if (length > IMPORT_MAX_CELL_CHARS) throw cellTooLong();
      current.push(text);
    },
  });
  return strings;
}

/** 'AB12' → 28. */
function columnNumber(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
}

/**
 * The rows of the workbook's first sheet in file order, as they are read. Cells: shared and inline
 * strings as text, numbers as numbers, booleans, ISO dates of `t="d"` cells as Date; a cell with a
 * formula is `{ formula: true }`, an error value `{ error: true }`. Undefined when there is no sheet.
 */
export async function* sheetRows(path: string, entries: ZipEntry[]): AsyncGenerator<SheetRow> {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const sheetPath = await firstSheetPath(path, byName);
  const sheet = sheetPath ? byName.get(sheetPath) : undefined;
  if (!sheet) throw badRequest(IMPORT_MESSAGES.noSheet, IMPORT_MESSAGES.noSheet);
  const strings = await sharedStrings(path, byName.get(SHARED_STRINGS));

  const ready: SheetRow[] = [];
  let row: SheetRow | undefined;
  let lastLine = 0;
  let column = 0;
  let type = '';
  let formula = false;
  let text: string[] | undefined;
  let length = 0;
  let inValue = false;
  let phonetic = 0;
  let inSheetData = false;
  const ref = () => (row && text ? `${columnLetter(column)}${row.line}` : undefined);
  const open = (tag: SaxesTagPlain) => {
    switch (local(tag.name)) {
      case 'sheetData':
        inSheetData = true;
        break;
      case 'row': {
        if (!inSheetData) break;
        const r = Number(tag.attributes.r);
        lastLine = Number.isInteger(r) && r > 0 ? r : lastLine + 1;
        row = { line: lastLine, cells: [] };
        column = 0;
        break;
      }
      case 'c':
        if (!row) break;
        column = tag.attributes.r ? columnNumber(tag.attributes.r) || column + 1 : column + 1;
        type = tag.attributes.t ?? '';
        formula = false;
        text = [];
        length = 0;
        break;
      case 'f':
        if (row) formula = true;
        break;
      case 'v':
        if (text) inValue = true;
        break;
      case 't':
        if (text && phonetic === 0) inValue = true;
        break;
      case 'rPh':
        phonetic++;
        break;
    }
  };
  const textOf = (value: string) => {
    if (!inValue || !text) return;
    length += value.length;
    if (length > IMPORT_MAX_CELL_CHARS) throw cellTooLong(ref());
    text.push(value);
  };
  const close = (name: string) => {
    switch (name) {
      case 'sheetData':
        inSheetData = false;
        break;
      case 'v':
      case 't':
        inValue = false;
        break;
      case 'rPh':
        phonetic--;
        break;
      case 'c': {
        if (!row || !text) break;
        const raw = text.join('');
        let value: SheetCell = null;
        if (formula) value = { formula: true };
        else if (type === 'e') value = { error: true };
        else if (type === 's') value = raw === '' ? null : (strings.at(Number(raw)) ?? null);
        else if (type === 'inlineStr' || type === 'str') value = raw;
        else if (type === 'b') value = raw === '1' || raw === 'true';
        else if (type === 'd') value = raw ? new Date(raw) : null;
        else if (raw !== '') {
          const n = Number(raw);
          value = Number.isFinite(n) ? n : raw;
        }
        if (value !== null && column > 0 && column <= 16_384) row.cells[column] = value;
        text = undefined;
        break;
      }
      case 'row':
        if (row) ready.push(row);
        row = undefined;
        break;
    }
  };
  const xml = boundedParser({ open, close, text: textOf }, () => cellTooLong(ref()));
  for await (const chunk of entryText(path, sheet)) {
    xml.write(chunk);
    for (const done of ready.splice(0)) yield done;
  }
  xml.close();
  for (const done of ready.splice(0)) yield done;
}
