import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { FilterExpressionSchema } from '../filter/expression.ts';

/** The list types a people export writes (voting places are not exported here). */
export const PEOPLE_EXPORT_TYPES = ['PERSON', 'TEAM'] as const;
export type PeopleExportType = (typeof PEOPLE_EXPORT_TYPES)[number];
const ExportTypeSchema = z.enum(PEOPLE_EXPORT_TYPES, { error: MESSAGES.notAllowed });

/**
 * The file an export writes: CSV (the spec's, the default) or XLSX, whose cells are typed (CPF,
 * phones and CEP as text, so a spreadsheet keeps their leading zeros) and which the import reads.
 */
export const PEOPLE_EXPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type PeopleExportFormat = (typeof PEOPLE_EXPORT_FORMATS)[number];

/**
 * POST /people/search/export (spec 2 §3 "Export payload: expression, type"): the expression and
 * the type of the list on screen, plus the code of the saved list it came from, if any (recorded
 * in the export log by its name), and the file format (CSV unless XLSX is asked for).
 */
export const PeopleExportSchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  type: ExportTypeSchema.default('PERSON'),
  segmentCode: z
    .number({ error: MESSAGES.invalidNested })
    .int(MESSAGES.invalidNested)
    .min(1, MESSAGES.invalidNested)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidNested)
    .optional(),
  format: z.enum(PEOPLE_EXPORT_FORMATS, { error: MESSAGES.notAllowed }).default('CSV'),
});
export type PeopleExport = z.output<typeof PeopleExportSchema>;

/** Page size of the 'Histórico de Exportações' card. */
export const PEOPLE_EXPORTS_PAGE_SIZE = 10;

/** GET /people/exports: the tenant's people exports, newest first; `type` narrows to one list type. */
export const PeopleExportsQuerySchema = z.object({
  ...pageQuery(PEOPLE_EXPORTS_PAGE_SIZE, 100),
  type: ExportTypeSchema.optional(),
});
export type PeopleExportsQuery = z.output<typeof PeopleExportsQuerySchema>;

/**
 * State of an export in the log: STARTED is written (and committed) before the first row leaves;
 * DONE or INTERRUPTED (the client went away) when the stream ends, with the rows actually written.
 * An export still STARTED later was cut by a failure: its `rows` is the count it was to write.
 */
export const PEOPLE_EXPORT_STATUSES = ['STARTED', 'DONE', 'INTERRUPTED'] as const;
export type PeopleExportStatus = (typeof PEOPLE_EXPORT_STATUSES)[number];

export const PeopleExportLogSchema = z
  .object({
    code: z.number(),
    /** ISO 8601 instant */
    date: z.string(),
    /** who exported (null when the user was removed) */
    userName: z.string().nullable(),
    type: ExportTypeSchema,
    listCode: z.number().nullable(),
    listName: z.string().nullable(),
    rows: z.number(),
    status: z.enum(PEOPLE_EXPORT_STATUSES),
  })
  .meta({ id: 'PeopleExportLog' });
export type PeopleExportLog = z.infer<typeof PeopleExportLogSchema>;

const TYPE_NOUNS: Record<PeopleExportType, [one: string, many: string]> = {
  PERSON: ['pessoa', 'pessoas'],
  TEAM: ['membro da equipe', 'membros da equipe'],
};

/** Texts of the export (spec 2 §2 export route, §8 confirmations and errors). */
export const PEOPLE_EXPORT_TEXTS = {
  fileNames: { CSV: 'exportacao.csv', XLSX: 'exportacao.xlsx' } satisfies Record<PeopleExportFormat, string>,
  /** the sheet of the XLSX (the import reads the first sheet, whatever its name) */
  sheetName: 'Pessoas',
  format: 'Formato do arquivo',
  formats: {
    CSV: 'CSV (texto separado por ponto e vírgula)',
    XLSX: 'Planilha Excel (XLSX), que a importação lê de volta',
  } satisfies Record<PeopleExportFormat, string>,
  title: (listName: string) => `Exportar ${listName}`,
  /** spec 2 §8 'Deseja realmente exportar N {type}?' */
  confirm: (total: number, type: PeopleExportType) =>
    `Deseja realmente exportar ${total.toLocaleString('pt-BR')} ${TYPE_NOUNS[type][total === 1 ? 0 : 1]}?`,
  action: 'Exportar',
  yes: 'Sim',
  no: 'Não',
  exported: 'Exportação concluída',
  error: 'Ocorreu um erro ao tentar exportar a lista',
  history: 'Histórico de Exportações',
  historyError: 'Erro ao obter o histórico de exportações',
  historyLink: 'Ver histórico de exportações',
  empty: 'Nenhuma exportação ainda',
  columns: { date: 'Data', user: 'Responsável', list: 'Lista', rows: 'Registros', status: 'Situação' },
  status: { STARTED: 'Iniciada', DONE: 'Concluída', INTERRUPTED: 'Interrompida' } satisfies Record<
    PeopleExportStatus,
    string
  >,
  /** the list column when the export was not of a saved list */
  noList: 'Expressão avulsa',
  removedUser: 'Usuário removido',
  listMismatch: 'A lista não é do tipo exportado',
  xlsxTooManyRows: (max: number) =>
    `Uma planilha XLSX comporta até ${max.toLocaleString('pt-BR')} registros: exporte em CSV ou filtre a lista`,
} as const;
