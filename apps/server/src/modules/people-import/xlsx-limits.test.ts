import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  IMPORT_HEADERS,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_SHARED_STRINGS,
  IMPORT_MESSAGES,
  type ImportColumn,
} from '@mandato/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BombEntry,
  namesText,
  type Piece,
  sheetOf,
  workbookEntries,
  writeZip,
} from '../../test/xlsx-bombs.ts';
import { inspectXlsx, verifyEntries } from './xlsx-archive.ts';
import { readSheet } from './xlsx-sheet.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-xlsx-limits-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MiB = 1024 * 1024;
const CHILD = path.resolve(import.meta.dirname, '../../test/xlsx-reader-child.ts');
/** The child's heap: a reader that held what these files inflate to (128 MiB and more) dies in it. */
const CHILD_HEAP_MB = 64;

type ChildAnswer = { rows: number; status?: number; message?: string; errorLines?: number };

/**
 * Reads the files in turn, as the upload does, in one process with a 64 MB heap; answers its
 * JSON line for each file.
 */
async function readInChild(files: string[]): Promise<ChildAnswer[]> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [`--max-old-space-size=${CHILD_HEAP_MB}`, '--import', 'tsx', CHILD, ...files],
      { maxBuffer: 4 * MiB },
    );
    return stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ChildAnswer);
  } catch (error) {
    const { code, signal, stdout, stderr } = error as Record<string, string>;
    throw new Error(
      `o leitor morreu (${code ?? signal}) depois de ${String(stdout).trim().split('\n').length - 1} ` +
        `arquivo(s): ${String(stderr).slice(0, 300)}`,
    );
  }
}

let files = 0;
/** Writes the entries to a new file of the temporary directory. */
function zipOf(entries: Parameters<typeof writeZip>[1], overlap?: Parameters<typeof writeZip>[2]) {
  const file = path.join(dir, `bomba-${++files}.xlsx`);
  return { file, ...writeZip(file, entries, overlap) };
}

const SPACES = ' '.repeat(MiB);

/** `mib` MiB of names (deflating ~120:1, under the per-entry ratio check), in 1 MiB pieces. */
const namesMiB = (mib: number): Piece => ({ repeat: namesText(MiB), times: mib });

/** `open`, 16 KiB of names and `close`, `times` times. */
const runs = (open: string, close: string, times: number): Piece => ({
  repeat: `${open}${namesText(16 * 1024)}${close}`,
  times,
});

/** ~108,000 shared strings a MiB (two empty ones for each short one), past the count limit. */
function manySharedStrings(): Piece[] {
  let seed = 7;
  let block = '';
  for (let i = 0; block.length < MiB; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    block += i % 3 === 0 ? `<si><t>${seed.toString(36).slice(0, 3)}</t></si>` : '<si/>';
  }
  const perBlock = block.match(/<si/g)?.length ?? 0;
  return ['<sst>', { repeat: block, times: Math.ceil((IMPORT_MAX_SHARED_STRINGS + 1) / perBlock) }, '</sst>'];
}

async function readInProcess(file: string) {
  const entries = await inspectXlsx(file);
  const { merged } = await verifyEntries(file, entries);
  let rows = 0;
  const verdict = await readSheet(file, entries, 'PERSON', merged, async () => {
    rows++;
  });
  return { rows, verdict };
}

/** A real workbook (ExcelJS, shared strings): 10,000 rows with the template's columns. */
async function realWorkbook(): Promise<string> {
  const file = path.join(dir, 'real.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Pessoas');
  sheet.addRow([...IMPORT_HEADERS]).commit();
  for (let i = 0; i < 10_000; i++) {
    const row: Partial<Record<ImportColumn, string>> = {
      nome: `Conceição Ângela ${i}`,
      email: `pessoa.${i}@exemplo.com.br`,
      observacoes: `Conheceu o mandato no bairro ${i % 40}. ${'Observação '.repeat(i % 20)}`,
      tags: 'Saúde, Educação',
      cidade: 'Recife',
      estado: 'PE',
    };
    sheet.addRow(IMPORT_HEADERS.map((h) => row[h] ?? null)).commit();
  }
  sheet.commit();
  await workbook.commit();
  return file;
}

describe('the XLSX reader holds a bounded amount whatever the file (64 MB heap)', () => {
  /**
   * Each file is read in turn by one process: [what it is, its entries, the refusal expected].
   * The 128 MiB ones are within the archive's limits: only the reader's own bounds stop them.
   */
  const cases: [string, BombEntry[], string][] = [
    [
      "the issue's shared strings (700 MiB from ~6 MiB, ratio ~120)",
      workbookEntries(sheetOf('<row r="2"><c r="A2" t="s"><v>0</v></c></row>'), [
        '<sst>',
        { repeat: `<si><t>${namesText(MiB - 16)}</t></si>`, times: 700 },
        '</sst>',
      ]),
      IMPORT_MESSAGES.sharedStringsTooLarge,
    ],
    [
      "the issue's sheet with one 450 MiB cell (~4 MiB)",
      workbookEntries(
        sheetOf('<row r="2"><c r="A2" t="inlineStr"><is><t>', namesMiB(450), '</t></is></c></row>'),
      ),
      IMPORT_MESSAGES.zipBomb,
    ],
    [
      'an inline string of 128 MiB',
      workbookEntries(
        sheetOf('<row r="2"><c r="A2" t="inlineStr"><is><t>', namesMiB(128), '</t></is></c></row>'),
      ),
      IMPORT_MESSAGES.cellTooLong('A2'),
    ],
    [
      'a value of 128 MiB',
      workbookEntries(sheetOf('<row r="2"><c r="B2"><v>', namesMiB(128), '</v></c></row>')),
      IMPORT_MESSAGES.cellTooLong('B2'),
    ],
    [
      'one cell of 128 MiB in rich text runs of 16 KiB',
      workbookEntries(
        sheetOf(
          '<row r="2"><c r="C2" t="inlineStr"><is>',
          runs('<r><t>', '</t></r>', 8192),
          '</is></c></row>',
        ),
      ),
      IMPORT_MESSAGES.cellTooLong('C2'),
    ],
    [
      'an attribute of 128 MiB',
      workbookEntries(sheetOf('<row r="2" x="', namesMiB(128), '"></row>')),
      IMPORT_MESSAGES.cellTooLong(),
    ],
    [
      'a comment of 128 MiB',
      workbookEntries(sheetOf('<!--', namesMiB(128), '-->')),
      IMPORT_MESSAGES.cellTooLong(),
    ],
    [
      '128 MiB of nested elements, each with an attribute of 16 KiB',
      workbookEntries(sheetOf(runs('<x a="', '">', 8192))),
      IMPORT_MESSAGES.corrupt,
    ],
    [
      'a shared string of 60 MiB',
      workbookEntries(sheetOf(), ['<sst><si><t>', namesMiB(60), '</t></si></sst>']),
      IMPORT_MESSAGES.cellTooLong(),
    ],
    [
      `${IMPORT_MAX_SHARED_STRINGS + 1} shared strings or more (38 MiB)`,
      workbookEntries(sheetOf(), manySharedStrings()),
      IMPORT_MESSAGES.tooManySharedStrings,
    ],
  ];
  let answers: ChildAnswer[] = [];
  beforeAll(async () => {
    const written = cases.map(([, entries]) => zipOf(entries));
    answers = await readInChild([...written.map((w) => w.file), await realWorkbook()]);
  }, 120_000);

  it.each(cases.map(([what, , message], i) => ({ what, message, i })))('refuses $what', ({ message, i }) => {
    expect(answers[i]).toEqual({ rows: 0, status: 400, message });
  });

  it('then reads a real 10,000-row workbook with shared strings in the same process', () => {
    expect(answers[cases.length]).toEqual({ rows: 10_000, errorLines: 0, errors: {} });
  });

  it("writes the issue's files at the issue's sizes", () => {
    const shared = zipOf(cases[0]?.[1] ?? []);
    expect(shared.bytes).toBeLessThan(8 * MiB);
    expect(shared.inflated).toBeGreaterThanOrEqual(700 * MiB);
    const cell = zipOf(cases[1]?.[1] ?? []);
    expect(cell.bytes).toBeLessThan(5 * MiB);
    expect(cell.inflated).toBeGreaterThanOrEqual(450 * MiB);
  });
});

describe('the archive checks', () => {
  it("refuses the issue's 900 central-directory entries pointing at one 1 MiB entry (~80 KiB)", async () => {
    const bomb = zipOf([...workbookEntries(sheetOf()), { name: 'xl/media/image1.xml', pieces: [SPACES] }], {
      entry: 'xl/media/image1.xml',
      copies: 899,
    });
    expect(bomb.bytes).toBeLessThan(100 * 1024);
    expect(bomb.inflated).toBeGreaterThan(900 * MiB);
    await expect(inspectXlsx(bomb.file)).rejects.toMatchObject({
      status: 400,
      message: IMPORT_MESSAGES.overlappingEntries,
    });
  });

  it('refuses entries that overlap even when small (three listings of one 100 KiB entry)', async () => {
    const bomb = zipOf(
      [...workbookEntries(sheetOf()), { name: 'xl/styles.xml', pieces: [namesText(100 * 1024)] }],
      { entry: 'xl/styles.xml', copies: 2 },
    );
    await expect(inspectXlsx(bomb.file)).rejects.toMatchObject({
      status: 400,
      message: IMPORT_MESSAGES.overlappingEntries,
    });
  });

  it('checks the ratio of the whole archive: 300 distinct entries of 1 MiB from ~400 KiB', async () => {
    const padding = Array.from({ length: 300 }, (_, i) => ({
      name: `xl/media/image${i}.xml`,
      pieces: [SPACES],
    }));
    const bomb = zipOf([...workbookEntries(sheetOf()), ...padding]);
    expect(bomb.inflated / bomb.bytes).toBeGreaterThan(500);
    await expect(inspectXlsx(bomb.file)).rejects.toMatchObject({
      status: 400,
      message: IMPORT_MESSAGES.zipBomb,
    });
  });
});

describe('one cell at the limit', () => {
  const header = '<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c><c r="N2" t="inlineStr"><is><t>';
  const footer = '</t></is></c></row>';

  it(`reads a cell of ${IMPORT_MAX_CELL_CHARS} escaped characters (the field's own limit answers)`, async () => {
    const at = zipOf(workbookEntries(sheetOf(header, '&amp;'.repeat(IMPORT_MAX_CELL_CHARS), footer)));
    const { verdict } = await readInProcess(at.file);
    expect(verdict.errors).toEqual({ '2': { observacoes: [IMPORT_MESSAGES.tooLong(5000)] } });
  });

  it('refuses one more character, in the sheet and in the shared strings', async () => {
    const past = zipOf(workbookEntries(sheetOf(header, 'x'.repeat(IMPORT_MAX_CELL_CHARS + 1), footer)));
    await expect(readInProcess(past.file)).rejects.toMatchObject({
      status: 400,
      message: IMPORT_MESSAGES.cellTooLong('N2'),
    });
    const shared = zipOf(
      workbookEntries(sheetOf('<row r="2"><c r="A2" t="s"><v>0</v></c></row>'), [
        '<sst><si><r><t>',
        'x'.repeat(IMPORT_MAX_CELL_CHARS),
        '</t></r><r><t>x</t></r></si></sst>',
      ]),
    );
    await expect(readInProcess(shared.file)).rejects.toMatchObject({
      status: 400,
      message: IMPORT_MESSAGES.cellTooLong(),
    });
  });
});
