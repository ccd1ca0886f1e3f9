import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';

/** Spec 2 §4 "Import behaviour": what happens to a row whose e-mail or CPF is already known. */
export const UPDATE_BEHAVIORS = ['SKIP', 'UPDATE_BLANK', 'OVERWRITE'] as const;
export const UpdateBehaviorSchema = z.enum(UPDATE_BEHAVIORS, { error: MESSAGES.notAllowed });
export type UpdateBehavior = z.infer<typeof UpdateBehaviorSchema>;
export const UPDATE_BEHAVIOR_LABELS: Record<UpdateBehavior, string> = {
  SKIP: 'Pular registros',
  UPDATE_BLANK: 'Atualizar quando vazio',
  OVERWRITE: 'Atualizar campos',
};
export const UPDATE_BEHAVIOR_HINTS: Record<UpdateBehavior, string> = {
  SKIP: 'Um cadastro que já existe (mesmo e-mail ou CPF) fica como está.',
  UPDATE_BLANK: 'Só os campos vazios do cadastro existente recebem os valores da planilha.',
  OVERWRITE: 'Todos os campos do cadastro existente recebem os valores da planilha.',
};

/** The list an import feeds: people (contacts) or the team (spec 2 §2, /pessoas/importar/{type}). */
export const IMPORT_TYPES = ['PERSON', 'TEAM'] as const;
export const ImportTypeSchema = z.enum(IMPORT_TYPES, { error: MESSAGES.notAllowed });
export type ImportType = z.infer<typeof ImportTypeSchema>;

/** The JSON part (`data`) of POST /people/import. */
export const ImportDataSchema = z.strictObject({
  updateBehavior: UpdateBehaviorSchema,
  type: ImportTypeSchema.optional().default('PERSON'),
});
export type ImportData = z.output<typeof ImportDataSchema>;

/** Spec 2 §4 "Bulk operation status". */
export const IMPORT_STATUSES = ['IN_PROGRESS', 'CONCLUDED', 'ERROR'] as const;
export const ImportStatusSchema = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatusSchema>;
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  IN_PROGRESS: 'Em andamento',
  CONCLUDED: 'Concluído',
  ERROR: 'Erro',
};
export const IMPORT_STATUS_COLORS: Record<ImportStatus, 'gold' | 'green' | 'red'> = {
  IN_PROGRESS: 'gold',
  CONCLUDED: 'green',
  ERROR: 'red',
};

/** Spec 2 §4 "Import log tag": 'Falha' if failure, 'Sucesso' if concluded, otherwise 'Importando'. */
export function importLogTag(log: {
  failure: boolean;
  concluded: boolean;
}): 'Falha' | 'Sucesso' | 'Importando' {
  if (log.failure) return 'Falha';
  return log.concluded ? 'Sucesso' : 'Importando';
}

/** Spec 2 §9 and the limits of a file (DESIGN.md §6). */
export const IMPORT_HISTORY_PAGE_SIZE = 30;
export const IMPORT_INCONSISTENCIES_PAGE_SIZE = 4;
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;
/**
 * What the archive may inflate to, all entries together (declared, and cut when an entry inflates
 * past its declaration): the sheet is streamed, so this bounds the work, under the 512 MB heap of
 * `npm start`; a 200,000-row sheet with every column filled is ~250 MB (docs/decisions.md).
 */
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 384 * 1024 * 1024;
export const IMPORT_MAX_ZIP_ENTRIES = 1000;
/** An entry past 1 MiB, or the whole archive, expanding more than this is a bomb, not a spreadsheet. */
export const IMPORT_MAX_COMPRESSION_RATIO = 500;
/**
 * The shared strings are the one part of the file the reader holds whole (a cell names them by
 * number): xl/sharedStrings.xml may inflate to this many bytes and hold this many strings.
 */
export const IMPORT_MAX_SHARED_STRINGS_BYTES = 64 * 1024 * 1024;
export const IMPORT_MAX_SHARED_STRINGS = 4_000_000;
/** One cell's characters: Excel's own limit (the longest field the import accepts is 5,000). */
export const IMPORT_MAX_CELL_CHARS = 32_767;
/** Data rows of one file (blank rows included in the count of rows read). */
export const IMPORT_MAX_ROWS = 200_000;
/** Lines with inconsistencies listed in a 400 (the first ones; the file is refused either way). */
export const IMPORT_MAX_REPORTED_LINES = 1000;
export const IMPORT_MAX_TAGS_PER_ROW = 50;

const thousands = (n: number) => n.toLocaleString('pt-BR');

/** Every text of the import (spec 2 §8 "Import" and the file checks). */
export const IMPORT_MESSAGES = {
  title: 'Importar',
  historyTitle: 'Histórico de Importações',
  inconsistenciesTitle: 'Inconsistências do arquivo',
  logsTitle: 'Logs',
  seeLog: 'Ver log de erros',
  seeInconsistencies: 'Ver inconsistências',
  fileHint: 'Utilize APENAS arquivos XLSX',
  inconsistencies: 'Encontramos inconsistências na planilha. Favor corrigi-las e fazer upload novamente.',
  validationFailed: 'Falha ao tentar validar arquivo. Por favor, tente novamente.',
  successTitle: 'Yes!',
  success: 'Já validamos e está tudo certinho com a planilha. Iniciamos o processo de importação...',
  logsError: 'Erro obter logs de importação',
  // the file
  noFile: 'Envie o arquivo XLSX da importação',
  oneFile: 'Envie um arquivo por vez',
  missingData: 'Informe o comportamento para registros duplicados (updateBehavior)',
  notMultipart: 'Envie o arquivo como multipart/form-data (campos file e data)',
  onlyXlsx: 'Utilize APENAS arquivos XLSX',
  tooLarge: `O arquivo passa do limite de ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`,
  zipBomb:
    `O arquivo passa dos limites de um XLSX (${IMPORT_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB ` +
    `descompactado, ${thousands(IMPORT_MAX_ZIP_ENTRIES)} entradas, compressão de até ` +
    `${IMPORT_MAX_COMPRESSION_RATIO} para 1); ele não foi processado`,
  overlappingEntries:
    'O arquivo tem entradas sobrepostas (a mesma parte do ZIP lida mais de uma vez); ele não foi processado',
  sharedStringsTooLarge:
    `Os textos da planilha (xl/sharedStrings.xml) passam do limite de ` +
    `${IMPORT_MAX_SHARED_STRINGS_BYTES / 1024 / 1024} MB descompactados`,
  tooManySharedStrings: `A planilha passa do limite de ${thousands(IMPORT_MAX_SHARED_STRINGS)} textos compartilhados`,
  cellTooLong: (ref?: string) =>
    `${ref ? `A célula ${ref}` : 'Um texto da planilha'} passa do limite de ${thousands(IMPORT_MAX_CELL_CHARS)} caracteres por célula`,
  corrupt: 'O arquivo XLSX está corrompido ou incompleto',
  noSheet: 'O arquivo não tem nenhuma planilha',
  // the sheet (line 1 is the header)
  headerLine: 'cabeçalho',
  unknownHeaders: (names: string[]) =>
    `Coluna(s) desconhecida(s): ${names.join(', ')}. Use os cabeçalhos do modelo de importação`,
  missingHeaders: (names: string[]) => `Coluna(s) ausente(s) no cabeçalho: ${names.join(', ')}`,
  duplicateHeader: (name: string) => `A coluna ${name} aparece mais de uma vez no cabeçalho`,
  extraColumn: (letter: string) => `Há um valor na coluna ${letter}, que não tem cabeçalho`,
  formula: (ref: string) => `Fórmulas não são aceitas (célula ${ref}); cole apenas os valores`,
  merged: (range: string) => `Células mescladas não são aceitas (${range})`,
  cellError: (ref: string) => `A célula ${ref} contém um erro de fórmula`,
  emptySheet: 'A planilha não tem registros abaixo do cabeçalho',
  tooManyRows: `A planilha passa do limite de ${thousands(IMPORT_MAX_ROWS)} linhas por importação`,
  moreLines: (n: number) => `E mais ${thousands(n)} linha(s) com inconsistências`,
  // the fields
  vote: 'Voto inválido (CONQUISTADO, A CONQUISTAR ou PERDIDO)',
  gender: 'Gênero inválido (FEMININO, MASCULINO, NÃO BINÁRIO ou OUTRO)',
  influence: 'Influência deve ser um número inteiro de 0 a 1.000.000',
  numeric: 'Deve conter apenas números',
  state: 'Estado inválido (use a sigla, ex.: PE)',
  tag: 'Cada tag deve ter de 1 a 60 caracteres',
  tooManyTags: `No máximo ${IMPORT_MAX_TAGS_PER_ROW} tags por linha`,
  godfatherContact:
    'O padrinho precisa de um celular, de um e-mail ou do código (coluna codigo_padrinho de uma exportação)',
  godfatherCode:
    'Código do padrinho inválido: use o número da coluna codigo_padrinho de uma exportação, ou deixe vazio',
  badText: 'O texto contém caracteres inválidos (codificação UTF-8 quebrada)',
  tooLong: (max: number) => `Máximo de ${max} caracteres`,
  code: 'Código inválido: use o número da coluna codigo de uma exportação, ou deixe vazio para um cadastro novo',
  // before the start and while importing
  planLimit: (limit: number, used: number, adding: number) =>
    `A importação passaria o limite de ${thousands(limit)} contatos do seu plano: ` +
    `${thousands(used)} cadastrados e ${thousands(adding)} novos na planilha`,
  codeNotFound: (code: string) =>
    `Nenhum cadastro desta lista tem o código ${code}; deixe a coluna codigo vazia para cadastrar como novo`,
  godfatherCodeNotFound: (code: string) =>
    `Nenhum cadastro desta lista tem o código de padrinho ${code}; informe o celular ou o e-mail do padrinho`,
  godfatherNameOnly: (name: string) =>
    `${name} não é o padrinho atual deste cadastro: para outro padrinho, informe o celular, o e-mail ou o codigo_padrinho`,
  planLimitReached: (limit: number) =>
    `Limite de ${thousands(limit)} contatos do plano atingido: esta linha e as seguintes não foram importadas`,
  emailInUse: 'Este e-mail já é o login de outro usuário',
  notFound: 'Importação não encontrada',
  // a sheet whose verdict takes longer than the answer waits (people-import.service.ts `importWithin`)
  validatingTitle: 'Recebemos a planilha',
  validatingDetail:
    'A validação continua enquanto você trabalha: o resultado aparece no Histórico de Importações. ' +
    'Se houver inconsistências, nada é importado e elas ficam em "Ver log de erros".',
  validationInterrupted:
    'A validação da planilha foi interrompida (o servidor reiniciou). Nada foi importado: envie o arquivo novamente.',
} as const;

/** Line → column → messages: the `errors` of a refused file (spec 2 §5 "Import file"). */
export type ImportInconsistencies = Record<string, Record<string, string[]>>;

const UserRefSchema = z.object({ code: z.string(), name: z.string() });

/** One import as the history lists it (spec 2 §3 "Import log", with its progress). */
export const ImportLogSchema = z
  .object({
    code: z.number(),
    type: ImportTypeSchema,
    fileName: z.string(),
    updateBehavior: UpdateBehaviorSchema,
    status: ImportStatusSchema,
    concluded: z.boolean(),
    failure: z.boolean(),
    totalRecords: z.number(),
    totalSuccess: z.number(),
    totalError: z.number(),
    totalSkip: z.number(),
    /** rows handled so far (success + error + skip), for the progress */
    rowsDone: z.number(),
    /** the sheet is still being read and validated (a large one answers before its verdict) */
    validating: z.boolean(),
    createDate: z.string(),
    finishDate: z.string().nullable(),
    responsiblePersonName: z.string().nullable(),
    responsible: UserRefSchema.nullable(),
  })
  .meta({ id: 'ImportLog' });
export type ImportLog = z.infer<typeof ImportLogSchema>;

/** A line of an import's error log ('Logs': 'Cód. Contato' / 'Erro'). */
export const ImportLogEntrySchema = z.object({
  line: z.number(),
  recordPK: z.number().nullable(),
  text: z.string(),
});
export type ImportLogEntry = z.infer<typeof ImportLogEntrySchema>;

/** The same import in the second form (spec 2 §3 "Bulk operation"), for bulk-operations/search. */
export const BulkOperationSchema = z
  .object({
    code: z.number(),
    creationDate: z.string(),
    finishDate: z.string().nullable(),
    type: ImportTypeSchema,
    fileName: z.string(),
    updateBehavior: UpdateBehaviorSchema,
    customArgs: z.object({ userCreator: UserRefSchema.nullable() }),
    status: ImportStatusSchema,
    totalRecords: z.number(),
    totalRecordsProcessed: z.number(),
    totalRecordsSuccessfully: z.number(),
    totalRecordsWithError: z.number(),
    totalRecordsIgnored: z.number(),
    logs: z.array(z.object({ recordPK: z.number().nullable(), text: z.string(), line: z.number() })),
  })
  .meta({ id: 'BulkOperation' });
export type BulkOperation = z.infer<typeof BulkOperationSchema>;
/** Log lines embedded in a bulk operation (the full log: GET /people/imports/{id}/logs). */
export const BULK_OPERATION_MAX_LOGS = 100;
