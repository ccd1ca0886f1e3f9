import { columnLetter } from '@mandato/domain';
import { type ZipOutput, ZipStream } from './zip-stream.ts';

/** How a column's cells are typed: text (kept as written, leading zeros too), number or date. */
export type XlsxColumnKind = 'text' | 'number' | 'date';

export interface XlsxColumn {
  header: string;
  kind: XlsxColumnKind;
  width: number;
}

/** A cell's value: a date column takes 'YYYY-MM-DD'. */
export type XlsxValue = string | number | null | undefined;

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The most rows a sheet holds (Excel, LibreOffice): the header and 1,048,575 data rows. */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles (styles.xml cellXfs): text '@', date dd/mm/yyyy, bold text, text kept as text. */
const STYLE = { text: 1, date: 2, header: 3, formulaLike: 4 } as const;

const STYLES = `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;

/** What XML 1.0 cannot carry (control characters, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPE = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Anything escapeXml changes: most cells have none, and are written as they are. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NEEDS_ESCAPE = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const escapeXml = (text: string) =>
  NEEDS_ESCAPE.test(text)
    ? text.replace(NOT_XML, '\uFFFD').replace(ESCAPE, (ch) => ENTITIES[ch] as string)
    : text;

/** The first characters that make a spreadsheet read a typed cell as a formula (as csv.ts). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;

/** Excel's serial day of 1900-03-01 (before it, Excel's 1900 leap-year bug shifts the count). */
const FIRST_SAFE_SERIAL = 61;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** 'YYYY-MM-DD' → Excel's serial day number; undefined for what Excel cannot show as a date. */
function serialDay(iso: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return undefined;
  const serial = (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - EXCEL_EPOCH) / 86_400_000;
  return serial >= FIRST_SAFE_SERIAL ? serial : undefined;
}

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (a date Excel cannot hold, kept as the text the import reads). */
const brDate = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

function textCell(ref: string, text: string, style: number): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" s="${style}" t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

/**
 * One sheet of an XLSX written as a stream (ZipStream): typed cells by column (text cells are
 * inline strings with the text format, so Excel keeps leading zeros and never reads one as a
 * formula; a text starting with = + - @ also carries the quote prefix), numbers as numbers, dates
 * as serial days with the dd/mm/yyyy format; the header row bold and frozen. What is read back by
 * the import (people-import xlsx-stream.ts) and opened by Excel, LibreOffice and ExcelJS.
 */
export class XlsxSheetWriter {
  private readonly zip: ZipStream;
  private readonly refs: string[];
  private line = 0;

  constructor(
    output: ZipOutput,
    private readonly sheetName: string,
    private readonly columns: readonly XlsxColumn[],
  ) {
    this.zip = new ZipStream(output);
    this.refs = columns.map((_, i) => columnLetter(i + 1));
  }

  /** The fixed parts, the sheet's head and its header row. */
  async start(): Promise<boolean> {
    const workbook = `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${escapeXml(this.sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    const cols = this.columns
      .map((c, i) => {
        const style = c.kind === 'text' ? STYLE.text : c.kind === 'date' ? STYLE.date : 0;
        return `<col min="${i + 1}" max="${i + 1}" width="${c.width}" style="${style}" customWidth="1"/>`;
      })
      .join('');
    const head = `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
    return (
      (await this.zip.add('[Content_Types].xml', CONTENT_TYPES)) &&
      (await this.zip.add('_rels/.rels', ROOT_RELS)) &&
      (await this.zip.add('xl/workbook.xml', workbook)) &&
      (await this.zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS)) &&
      (await this.zip.add('xl/styles.xml', STYLES)) &&
      (await this.zip.open('xl/worksheets/sheet1.xml')) &&
      (await this.zip.write(head)) &&
      this.rows([this.columns.map((c) => c.header)], STYLE.header)
    );
  }

  /** Rows of values in column order; resolves once they have left (false: the reader went away). */
  async rows(rows: readonly (readonly XlsxValue[])[], textStyle: number = STYLE.text): Promise<boolean> {
    let xml = '';
    for (const values of rows) {
      const r = ++this.line;
      xml += `<row r="${r}">`;
      for (let i = 0; i < this.columns.length; i++) {
        const value = values[i];
        if (value === null || value === undefined || value === '') continue;
        const ref = `${this.refs[i]}${r}`;
        const kind = textStyle === STYLE.header ? 'text' : this.columns[i]?.kind;
        if (kind === 'number' && typeof value === 'number' && Number.isFinite(value))
          xml += `<c r="${ref}"><v>${value}</v></c>`;
        else if (kind === 'date' && typeof value === 'string' && serialDay(value) !== undefined)
          xml += `<c r="${ref}" s="${STYLE.date}"><v>${serialDay(value)}</v></c>`;
        else {
          const text = kind === 'date' ? brDate(String(value)) : String(value);
          const style = FORMULA_START.test(text) ? STYLE.formulaLike : textStyle;
          xml += textCell(ref, text, style);
        }
      }
      xml += '</row>';
    }
    return this.zip.write(xml);
  }

  /** The sheet's end and the archive's directory: the file is complete. */
  async finish(): Promise<boolean> {
    return (
      (await this.zip.write('</sheetData></worksheet>')) && (await this.zip.close()) && this.zip.finish()
    );
  }
}
