import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { IMPORT_MESSAGES, type ImportCell } from '@mandato/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { badRequest } from '../../platform/http/errors.ts';
import type { ZipEntry } from './xlsx-archive.ts';

/**
 * A streaming reader of the first worksheet of an XLSX, on the entries the archive checks listed
 * (xlsx-archive.ts): each entry inflated as a stream (never past its declared size), decoded with
 * a streaming UTF-8 decoder (a character split between two inflated chunks stays whole) and parsed
 * by saxes, the XML parser ExcelJS itself uses. ExcelJS's own streaming reader decodes every chunk
 * on its own (a 'Ã' cut in two became '��' in the benchmark's file) and reads about 7,000 rows/s;
 * this one reads about 25,000 rows/s with memory flat (docs: bench/import).
 */

/** A cell as the sheet holds it: a value, or a formula, or an error value. */
export type SheetCell = ImportCell | { formula: true } | { error: true };

/** A row: its number and its cells by column number (1-based; holes for empty cells). */
export interface SheetRow {
  line: number;
  cells: SheetCell[];
}

const corrupt = () => badRequest(IMPORT_MESSAGES.corrupt, IMPORT_MESSAGES.corrupt);

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

/** The entry's text in decoded chunks, never more than its declared size. */
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
      produced += (chunk as Buffer).length;
      if (produced > entry.uncompressedSize)
        throw badRequest(IMPORT_MESSAGES.zipBomb, IMPORT_MESSAGES.zipBomb);
      yield decoder.decode(chunk as Buffer, { stream: true });
    }
    yield decoder.decode();
  } catch (error) {
    if ((error as { status?: number }).status) throw error;
    throw corrupt();
  } finally {
    raw.destroy();
  }
}

function parser(): SaxesParser {
  return new SaxesParser({ xmlns: false, position: false });
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Reads a small entry whole through `onTag`/`onText` (workbook, rels, shared strings). */
async function parseEntry(
  path: string,
  entry: ZipEntry,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
) {
  const sax = parser();
  let failure: Error | undefined;
  sax.on('error', (error) => {
    failure = error;
  });
  if (handlers.open) sax.on('opentag', handlers.open);
  if (handlers.close) {
    const close = handlers.close;
    sax.on('closetag', (tag) => close(local(tag.name)));
  }
  if (handlers.text) sax.on('text', handlers.text);
  for await (const text of entryText(path, entry)) {
    sax.write(text);
    if (failure) throw corrupt();
  }
  sax.close();
  if (failure) throw corrupt();
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

/** The shared strings (rich text runs joined, phonetic runs left out). */
async function sharedStrings(path: string, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  await parseEntry(path, entry, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si') {
        strings.push((current ?? []).join(''));
        current = undefined;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && current) current.push(text);
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
  const strings = await sharedStrings(path, byName.get('xl/sharedStrings.xml'));

  const sax = parser();
  let failure: Error | undefined;
  sax.on('error', (error) => {
    failure = error;
  });
  const ready: SheetRow[] = [];
  let row: SheetRow | undefined;
  let lastLine = 0;
  let column = 0;
  let type = '';
  let formula = false;
  let text: string[] | undefined;
  let inValue = false;
  let phonetic = 0;
  let inSheetData = false;
  sax.on('opentag', (tag) => {
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
  });
  sax.on('text', (value) => {
    if (inValue && text) text.push(value);
  });
  sax.on('closetag', (tag) => {
    switch (local(tag.name)) {
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
        else if (type === 's') value = raw === '' ? null : (strings[Number(raw)] ?? null);
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
  });
  for await (const chunk of entryText(path, sheet)) {
    sax.write(chunk);
    if (failure) throw corrupt();
    for (const done of ready.splice(0)) yield done;
  }
  sax.close();
  if (failure) throw corrupt();
  for (const done of ready.splice(0)) yield done;
}
