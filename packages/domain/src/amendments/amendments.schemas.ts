import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { textSchema } from '../common/text.ts';
import { canonicalMoney } from './money.ts';

/** Amendment statuses (spec 3 §3), stored as the original values (typos included). */
export const AMENDMENT_STATUSES = ['PAID', 'ANALISYS', 'WAITING_PAYMENT', 'PENDDING', 'DONE'] as const;
export type AmendmentStatus = (typeof AMENDMENT_STATUSES)[number];

/** Label of each status (spec 3 §3); 'tramitando' is the filter's default. */
export const AMENDMENT_STATUS_LABELS: Record<AmendmentStatus, string> = {
  PAID: 'pago',
  ANALISYS: 'tramitando',
  WAITING_PAYMENT: 'apto',
  PENDDING: 'pendência',
  DONE: 'cancelado / finalizado',
};
export const AMENDMENT_DEFAULT_FILTER_STATUS: AmendmentStatus = 'ANALISYS';

/** First year an amendment may have (the 1988 Constitution); the last is next year. */
export const AMENDMENT_FIRST_YEAR = 1988;
export const amendmentLastYear = (now: Date = new Date()) => now.getUTCFullYear() + 1;

/** Amendment table sizes (spec 3 §9). */
export const AMENDMENT_PAGE_SIZES = [10, 20, 50] as const;
export const AMENDMENT_PAGE_SIZE = 10;

/** Every text of the amendments screen (spec 3 §2.2, §8). */
export const AMENDMENT_TEXTS = {
  menu: 'Emendas',
  title: 'Gestão de Emendas',
  add: 'Nova Emenda',
  newTitle: 'Nova Emenda',
  editTitle: (code: number) => `Editar emenda #${code}`,
  filter: 'Filtrar',
  clear: 'Limpar',
  export: 'Exportar',
  exported: 'Exportação concluída',
  exportError: 'Não foi possível exportar as emendas',
  empty: 'nenhuma emenda cadastrada',
  summary: (count: number, sum: string) => `${count} ${count === 1 ? 'emenda' : 'emendas'} · total ${sum}`,
  confirmRemove: MESSAGES.confirmRemove,
  remove: 'Remover',
  save: 'Salvar',
  cancel: 'Cancelar',
  saved: 'Emenda salva com sucesso',
  removed: 'Emenda removida com sucesso',
  saveError: 'Ocorreu algum erro ao salvar a emenda',
  removeError: 'Ocorreu algum erro ao remover a emenda',
  listError: 'Não foi possível obter a lista de emendas',
  notFound: 'Emenda não encontrada',
  contactNotFound: 'Contato não encontrado',
  hiddenContact: (code: number) => `Contato #${code}`,
  value: 'Valor inválido: use um número com até 2 casas decimais, menor que 1 trilhão',
  year: (first: number, last: number) => `Ano deve estar entre ${first} e ${last}`,
  status: 'Status inválido',
  anyStatus: 'Todos',
  contactSearch: 'Buscar contato',
  municipalitySearch: 'Digite o município',
  fields: {
    contact: 'Contato',
    year: 'Ano',
    title: 'Município',
    description: 'Descrição',
    receiver: 'Gestor do recurso',
    value: 'Valor',
    status: 'Status',
  },
  columns: {
    year: 'Ano',
    title: 'Município',
    description: 'Descrição',
    receiver: 'Gestor do recurso',
    value: 'Valor',
    status: 'Status',
    contact: 'Contato',
  },
} as const;

/** The CSV export's header (the table's columns plus the code). */
export const AMENDMENT_EXPORT_HEADER = [
  'Código',
  AMENDMENT_TEXTS.columns.year,
  AMENDMENT_TEXTS.columns.title,
  AMENDMENT_TEXTS.columns.description,
  AMENDMENT_TEXTS.columns.receiver,
  AMENDMENT_TEXTS.columns.value,
  AMENDMENT_TEXTS.columns.status,
  AMENDMENT_TEXTS.columns.contact,
] as const;

export const AmendmentStatusSchema = z.enum(AMENDMENT_STATUSES, { error: AMENDMENT_TEXTS.status });

const yearText = () => AMENDMENT_TEXTS.year(AMENDMENT_FIRST_YEAR, amendmentLastYear());
const inYearRange = (v: number) => v >= AMENDMENT_FIRST_YEAR && v <= amendmentLastYear();

/** A year as a JSON number. */
const YearSchema = z
  .number({ error: MESSAGES.required })
  .int(MESSAGES.integer)
  .refine(inYearRange, { error: yearText });

/** A year in a query string. */
const YearQuerySchema = z
  .string()
  .regex(/^\d{4}$/, { error: yearText })
  .transform(Number)
  .refine(inYearRange, { error: yearText });

/**
 * Money: a decimal string ('1234.56', '-10') or a JSON number, to the canonical string with two
 * decimals; more than 2 decimals, 1e12 or more, NaN or text is 'Valor inválido…'.
 */
export const MoneySchema = z
  .union([z.string(), z.number()], { error: AMENDMENT_TEXTS.value })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
    const canonical = text.length <= 40 ? canonicalMoney(text) : undefined;
    if (canonical === undefined) {
      ctx.addIssue({ code: 'custom', message: AMENDMENT_TEXTS.value });
      return z.NEVER;
    }
    return canonical;
  });

const requiredText = (max: number) =>
  textSchema({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `Máximo de ${max} caracteres`);

const optionalText = (max: number) =>
  textSchema({ error: MESSAGES.invalidNested })
    .trim()
    .max(max, `Máximo de ${max} caracteres`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const codeSchema = z
  .number({ error: MESSAGES.invalidCode })
  .int(MESSAGES.invalidCode)
  .min(1, MESSAGES.invalidCode)
  .max(Number.MAX_SAFE_INTEGER, MESSAGES.invalidCode);

/**
 * An optional code of the save body: a number, its digits as a string ('12'), or empty ('', null,
 * absent) for none: the spec's client sends `code: ''` for a new amendment (spec 3 §7.2).
 */
const optionalCodeSchema = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^[1-9]\d{0,14}$/.test(v) ? Number(v) : v),
  codeSchema
    .optional()
    .nullable()
    .transform((v) => v ?? null),
);

/**
 * POST /amendment/save (spec 3 §7.2): create (code empty or absent) or edit (code). title holds the
 * municipality; contact is a person code the caller may see.
 */
export const AmendmentSaveSchema = z.strictObject({
  code: optionalCodeSchema,
  year: YearSchema,
  title: requiredText(150),
  description: optionalText(2000),
  receiver: optionalText(150),
  value: MoneySchema,
  status: AmendmentStatusSchema,
  contact: optionalCodeSchema,
});
export type AmendmentSaveInput = z.input<typeof AmendmentSaveSchema>;
export type AmendmentSave = z.output<typeof AmendmentSaveSchema>;

const filterText = (max: number) => textSchema().trim().max(max, `Máximo de ${max} caracteres`).optional();

/** The filters of GET /amendment/list and /amendment/export (spec 3 §7.2), flat in the query. */
export const AmendmentFilterShape = {
  title: filterText(150),
  receiver: filterText(150),
  status: AmendmentStatusSchema.optional(),
  year: YearQuerySchema.optional(),
  contact: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: MESSAGES.invalidCode })
    .optional(),
};

/** A value of the `filters` object that means 'no filter': null or '' (a cleared form field). */
const blankAsAbsent = (v: unknown) => (v === null || v === '' ? undefined : v);
/** year and contact of the `filters` object: a JSON number, or its digits as a string. */
const numberAsText = (v: unknown) => {
  const value = blankAsAbsent(v);
  return typeof value === 'number' ? String(value) : value;
};
/** The `filters` parameter as JSON text (`filters={"year":2024}`); not JSON = left as text (400). */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/**
 * The spec client's `filters` object (spec 3 §7.2: title, receiver, status, year and contact), in
 * bracket form (`filters[year]=2024`) or as JSON in one parameter; a cleared field (null, '') is no
 * filter, any other key is unknown (400).
 */
const AmendmentFiltersSchema = z.preprocess(
  jsonText,
  z.strictObject(
    {
      title: z.preprocess(blankAsAbsent, AmendmentFilterShape.title),
      receiver: z.preprocess(blankAsAbsent, AmendmentFilterShape.receiver),
      status: z.preprocess(blankAsAbsent, AmendmentFilterShape.status),
      year: z.preprocess(numberAsText, AmendmentFilterShape.year),
      contact: z.preprocess(numberAsText, AmendmentFilterShape.contact),
    },
    { error: MESSAGES.invalidNested },
  ),
);

/** The flat filters, or the same fields from `filters` (a field given both ways: the flat one). */
const withFilters = <T extends { filters?: AmendmentFilters | undefined }>({ filters, ...flat }: T) => ({
  ...filters,
  ...Object.fromEntries(Object.entries(flat).filter(([, v]) => v !== undefined)),
});
type AmendmentFilters = z.output<typeof AmendmentFiltersSchema>;

export const AmendmentListQuerySchema = z
  .strictObject({
    ...AmendmentFilterShape,
    filters: AmendmentFiltersSchema.optional(),
    ...pageQuery(AMENDMENT_PAGE_SIZE, 50),
  })
  .transform((q) => withFilters(q) as Omit<typeof q, 'filters'>);
export type AmendmentListQuery = z.output<typeof AmendmentListQuerySchema>;
export type AmendmentListQueryInput = z.input<typeof AmendmentListQuerySchema>;

export const AmendmentExportQuerySchema = z
  .strictObject({ ...AmendmentFilterShape, filters: AmendmentFiltersSchema.optional() })
  .transform((q) => withFilters(q) as Omit<typeof q, 'filters'>);
export type AmendmentExportQuery = z.output<typeof AmendmentExportQuerySchema>;

/** An amendment as the API answers it; contactName is null when the caller may not see the person. */
export const AmendmentSchema = z
  .object({
    code: z.number(),
    year: z.number(),
    title: z.string(),
    description: z.string().nullable(),
    receiver: z.string().nullable(),
    value: z.string(),
    status: AmendmentStatusSchema,
    contact: z.number().nullable(),
    contactName: z.string().nullable(),
    createDate: z.string(),
    updateDate: z.string(),
  })
  .meta({ id: 'Amendment' });
export type Amendment = z.infer<typeof AmendmentSchema>;

/** A page of amendments plus the count and exact sum of every filtered row. */
export const AmendmentListSchema = z.object({
  list: z.array(AmendmentSchema),
  total: z.number(),
  sum: z.string(),
});
export type AmendmentList = z.infer<typeof AmendmentListSchema>;

/** GET /geo/municipalities?q= (the amendment dialog's autocomplete). */
export const MunicipalityQuerySchema = z.strictObject({
  q: textSchema().trim().min(1, MESSAGES.required).max(60, 'Máximo de 60 caracteres'),
});
export const MunicipalityOptionSchema = z.object({ name: z.string(), uf: z.string(), ibge: z.number() });
export type MunicipalityOption = z.infer<typeof MunicipalityOptionSchema>;
export const MUNICIPALITY_SEARCH_LIMIT = 20;
