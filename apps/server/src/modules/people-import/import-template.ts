import { IMPORT_COLUMNS, IMPORT_HEADERS } from '@mandato/domain';
import { once } from '../../platform/lazy.ts';

export const TEMPLATE_FILE_NAME = 'modelo-importacao.xlsx';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The downloadable template (spec 2 §3 "Import spreadsheet"): the header row with every column,
 * in template order, and one example row that imports as it is. Written once per process;
 * ExcelJS is loaded then, not at the server's start (~0.6 s of CPU: `npm run bench:restart`).
 */
export const importTemplate = once(async (): Promise<Buffer> => {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pessoas');
  sheet.addRow([...IMPORT_HEADERS]).font = { bold: true };
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.example));
  sheet.columns.forEach((column, i) => {
    column.width = Math.max(12, (IMPORT_COLUMNS[i]?.example.length ?? 10) + 2);
  });
  // every cell as text: a CPF or a CEP typed later keeps its leading zeros
  for (let c = 1; c <= IMPORT_HEADERS.length; c++) sheet.getColumn(c).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
});
