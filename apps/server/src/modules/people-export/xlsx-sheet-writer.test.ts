import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inspectXlsx, verifyEntries } from '../people-import/xlsx-archive.ts';
import { sheetRows } from '../people-import/xlsx-stream.ts';
import { type XlsxColumn, XlsxSheetWriter } from './xlsx-sheet-writer.ts';

const COLUMNS: XlsxColumn[] = [
  { header: 'nome', kind: 'text', width: 20 },
  { header: 'influencia', kind: 'number', width: 12 },
  { header: 'data', kind: 'date', width: 12 },
  { header: 'cpf', kind: 'text', width: 14 },
];

async function written(rows: (string | number | null)[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sheet = new XlsxSheetWriter(async (bytes) => !!chunks.push(bytes), 'Pessoas', COLUMNS);
  expect(await sheet.start()).toBe(true);
  expect(await sheet.rows(rows)).toBe(true);
  expect(await sheet.finish()).toBe(true);
  return Buffer.concat(chunks);
}

describe('XlsxSheetWriter', () => {
  it("writes what the import's own reader accepts and reads back, cell by cell", async () => {
    const file = await written([
      ['Ana', 5, '1985-03-15', '01234567890'],
      ['  Bia  ', 0, '1899-05-01', null],
      ['Caio\u0001', null, '1900-01-15', '00000000191'],
    ]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'xlsx-writer-'));
    const filePath = path.join(dir, 'exportacao.xlsx');
    await fs.writeFile(filePath, file);
    try {
      const entries = await inspectXlsx(filePath);
      expect((await verifyEntries(filePath, entries)).merged).toEqual([]);
      const rows = [];
      for await (const row of sheetRows(filePath, entries)) rows.push(row.cells.slice(1));
      expect(rows).toEqual([
        ['nome', 'influencia', 'data', 'cpf'],
        ['Ana', 5, 31121, '01234567890'],
        // a date Excel cannot hold (before 1900-03-01) stays the text the import reads
        ['  Bia  ', 0, '01/05/1899'],
        // what XML cannot carry is replaced, never a broken file
        ['Caio\uFFFD', undefined, '15/01/1900', '00000000191'],
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('opens in ExcelJS with the header bold and typed columns', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await written([['Ana', 5, '2001-12-31', '01234567890']])) as never);
    const sheet = workbook.getWorksheet('Pessoas');
    expect(sheet?.getCell('A1').font?.bold).toBe(true);
    expect(sheet?.getCell('C2').value).toEqual(new Date(Date.UTC(2001, 11, 31)));
    expect(sheet?.getCell('D2').value).toBe('01234567890');
    expect(sheet?.getCell('D2').numFmt).toBe('@');
    expect(sheet?.getCell('B2').value).toBe(5);
  });

  it('stops at the first write the reader does not take', async () => {
    let writes = 0;
    const sheet = new XlsxSheetWriter(async () => ++writes < 3, 'Pessoas', COLUMNS);
    expect(await sheet.start()).toBe(false);
    expect(writes).toBe(3);
  });
});
