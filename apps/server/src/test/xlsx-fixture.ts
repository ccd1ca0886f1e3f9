import { deflateRawSync } from 'node:zlib';
import { IMPORT_HEADERS, type ImportColumn } from '@mandato/domain';
import ExcelJS from 'exceljs';
import type { TestApp } from './test-app.ts';

export type SheetRow = Partial<Record<ImportColumn, string | number | Date>>;

/**
 * An XLSX written by ExcelJS: the template's header row (or `headers`), then the rows. `edit` may
 * touch the worksheet (a formula, merged cells, an extra column) before it is written.
 */
export async function xlsxOf(
  rows: SheetRow[],
  options: { headers?: string[]; edit?: (sheet: ExcelJS.Worksheet) => void } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pessoas');
  const headers = options.headers ?? [...IMPORT_HEADERS];
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h as ImportColumn] ?? null));
  options.edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with the file part and the JSON `data` part (as the web app sends). */
export function multipartBody(
  file: Buffer | undefined,
  data: unknown,
  fileName = 'pessoas.xlsx',
  dataAsBlob = false,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mandato${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (data !== undefined) {
    // a text field, or a JSON Blob as browsers send `formData.append('data', new Blob([json]))`
    const disposition = dataAsBlob
      ? 'form-data; name="data"; filename="blob"\r\nContent-Type: application/json'
      : 'form-data; name="data"';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n${
          typeof data === 'string' ? data : JSON.stringify(data)
        }\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/people/import as the caller; answers status and parsed body. */
export async function postImport(
  t: TestApp,
  headers: Record<string, string>,
  file: Buffer | undefined,
  data: unknown,
  fileName?: string,
  dataAsBlob = false,
) {
  const body = multipartBody(file, data, fileName, dataAsBlob);
  const res = await t.api.inject({
    method: 'POST',
    url: '/api/people/import',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/**
 * A ZIP whose central directory declares `declared` uncompressed bytes for its one big entry (a
 * zip bomb as the checks see it), with the entries an XLSX has.
 */
export function zipBomb(declared = 4_000_000_000): Buffer {
  const entries: { name: string; data: Buffer; declared?: number }[] = [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1024 * 1024, 0x20), declared },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const compressed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const size = e.declared ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(Math.min(size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(Math.min(size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
