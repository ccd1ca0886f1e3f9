import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { parseDateTime } from '../common/zoned-time.ts';
import { type InteractionSearch, InteractionSearchSchema } from '../interactions/interactions.schemas.ts';

/**
 * The reports (spec 2 §2 "Reports", §3, §7 Reports, §8 "Reports and lists", §9): 'Status da Base'
 * (database status and the growth chart), 'Apadrinhados' (godfathers) and 'Interações'.
 * Every figure counts contacts (people not in the team) the caller may see: without
 * ROLE_CRM_ALL_DATA, only the ones they created.
 */

/** Spec 2 §8 "Reports and lists" and the 400s of the report queries. */
export const REPORT_MESSAGES = {
  statusError: 'Erro obter dados do relatorio de status da base',
  exportError: 'Erro ao exportar o relatório',
  paginationError: 'Erro na paginação',
  listError: 'Erro ao obter os dados do relatório',
  empty: 'Nenhum dado encontrado',
  invalidDate: 'Data inválida (AAAA-MM-DD)',
  beginAfterEnd: 'A data inicial deve ser anterior ou igual à data final',
  rangeTooLong: 'O período pode ter no máximo 120 meses',
  timeBase: 'Base de tempo inválida: use month',
  orderingCriteria: 'Ordenação inválida',
  exported: 'Relatório exportado com sucesso',
} as const;

/** What the report screens show (titles, labels, presets), shared by server and web. */
export const REPORT_TEXTS = {
  title: 'Relatórios',
  databaseStatus: 'Status da Base',
  databaseStatusHint: 'Total de contatos, conquistados, a conquistar e perdidos.',
  godfathers: 'Apadrinhados',
  godfathersHint: 'Padrinhos e quantas pessoas cadastraram, frente à meta de cada um.',
  interactions: 'Interações',
  interactionsHint: 'Atividades com contatos, com filtros por responsável, pessoa, período e situação.',
  nps: 'NPS',
  npsHint: 'Pesquisa de satisfação.',
  comingSoon: 'Em breve',
  comingSoonText:
    'O relatório de NPS ainda não está disponível. Ele aparecerá aqui quando a pesquisa de satisfação for lançada.',
  back: 'Voltar para Relatórios',
  total: 'Total',
  conquered: 'Conquistados',
  toConquer: 'A conquistar',
  lost: 'Perdidos',
  growthSeries: 'Total de Cadastros no Mês',
  growthTitle: 'Crescimento da base',
  period: 'Período',
  beginMonth: 'Mês inicial',
  endMonth: 'Mês final',
  name: 'Nome',
  influence: 'Meta',
  totalAffiliates: 'Apadrinhados',
  reachedGoal: 'Alcançado / Meta',
  noGoal: 'sem meta',
  export: 'Exportar',
  exporting: 'Exportando…',
  advancedFilters: 'Filtros avançados',
  clear: 'Limpar',
  filter: 'Filtrar',
  person: 'Pessoa',
  responsible: 'Responsável',
  status: 'Situação',
  beginDate: 'Data',
  description: 'Descrição',
  dateRange: 'Período',
  onlyLate: 'Somente atrasadas',
  personTags: 'Tags da pessoa',
  anyStatus: 'Todas',
  activeFilters: (n: number) => (n === 1 ? '1 filtro ativo' : `${n} filtros ativos`),
  chartLabel: (from: string, to: string) => `Cadastros por mês de ${from} a ${to}`,
} as const;

/** Quick date filters of the interaction report (spec 2 §9). */
export const REPORT_QUICK_DATES = [
  { key: 'today', label: 'Hoje' },
  { key: 'yesterday', label: 'Ontem' },
  { key: 'last7', label: 'Últimos 7 dias' },
  { key: 'last15', label: 'Últimos 15 dias' },
  { key: 'thisMonth', label: 'Este mês' },
  { key: 'lastMonth', label: 'Mês passado' },
] as const;
export type ReportQuickDate = (typeof REPORT_QUICK_DATES)[number]['key'];

/** Month-range presets of the growth chart (spec 2 §9). */
export const REPORT_MONTH_PRESETS = [
  { key: 'quarter', label: 'Último trimestre', months: 3 },
  { key: 'semester', label: 'Último semestre', months: 6 },
  { key: 'year', label: 'Últimos 12 meses', months: 12 },
  { key: 'thisYear', label: 'Este ano', months: 0 },
] as const;
export type ReportMonthPreset = (typeof REPORT_MONTH_PRESETS)[number]['key'];

/** The growth chart by default: 6 months back from the start of the current month (spec 2 §9). */
export const GROWTH_DEFAULT_MONTHS_BACK = 6;
/** Longest growth period one request may ask for. */
export const MAX_REPORT_MONTHS = 120;
/** 'Apadrinhados' page size (the table's default) and the export file. */
export const GODFATHERS_PAGE_SIZE = 10;
export const GODFATHERS_EXPORT_FILE = 'relatorio_apadrinhados.csv';
export const GODFATHERS_EXPORT_HEADER = ['Código', 'Nome', 'Meta', 'Apadrinhados', 'Alcançado (%)'] as const;

/** GET /reports/people/database-status (spec 2 §3 "Reports"). */
export const DatabaseStatusSchema = z.object({
  total: z.number(),
  conquered: z.number(),
  toconquer: z.number(),
  lost: z.number(),
  conqueredPercentage: z.number(),
  toConquerPercentage: z.number(),
  lostPercentage: z.number(),
});
export type DatabaseStatus = z.infer<typeof DatabaseStatusSchema>;

/** Percentage of `part` in `total`, two decimals; 0 of an empty base. */
export function percentageOf(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 10_000) / 100;
}

/** The figures of 'Status da Base' from the counts per vote. */
export function databaseStatusOf(counts: {
  conquered: number;
  toconquer: number;
  lost: number;
}): DatabaseStatus {
  const total = counts.conquered + counts.toconquer + counts.lost;
  return {
    total,
    ...counts,
    conqueredPercentage: percentageOf(counts.conquered, total),
    toConquerPercentage: percentageOf(counts.toconquer, total),
    lostPercentage: percentageOf(counts.lost, total),
  };
}

const day = (field: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? MESSAGES.required : REPORT_MESSAGES.invalidDate),
    })
    .trim()
    .max(10, REPORT_MESSAGES.invalidDate)
    .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_MESSAGES.invalidDate)
    .refine((v) => parseDateTime(v) !== undefined, REPORT_MESSAGES.invalidDate)
    .describe(`${field}: AAAA-MM-DD`);

/** Months from the one of `begin` to the one of `end` ('YYYY-MM-DD'), both included. */
export function monthsBetween(begin: string, end: string): number {
  const [by, bm] = begin.split('-').map(Number);
  const [ey, em] = end.split('-').map(Number);
  return ((ey ?? 0) - (by ?? 0)) * 12 + ((em ?? 0) - (bm ?? 0)) + 1;
}

/** 'YYYY-MM-01' of the month `offset` months after the one of `isoDate`. */
export function addMonths(isoDate: string, offset: number): string {
  const [y, m] = isoDate.split('-').map(Number);
  const index = (y ?? 1970) * 12 + ((m ?? 1) - 1) + offset;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/**
 * GET /reports/people/entries-per-period: timeBase (month) and beginDate–endDate in yyyy-mm-dd
 * (spec 2 §7). Months of America/Sao_Paulo; at most 120 of them; begin ≤ end.
 */
export const EntriesPerPeriodQuerySchema = z
  .strictObject({
    timeBase: z.enum(['month'], { error: REPORT_MESSAGES.timeBase }).default('month'),
    beginDate: day('beginDate'),
    endDate: day('endDate'),
  })
  .superRefine((q, ctx) => {
    if (q.beginDate > q.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: REPORT_MESSAGES.beginAfterEnd });
    } else if (monthsBetween(q.beginDate, q.endDate) > MAX_REPORT_MONTHS) {
      ctx.addIssue({ code: 'custom', path: ['beginDate'], message: REPORT_MESSAGES.rangeTooLong });
    }
  });
export type EntriesPerPeriodQuery = z.output<typeof EntriesPerPeriodQuerySchema>;

/** One month of the growth chart: its first day ('YYYY-MM-01') and the people created in it. */
export const EntryPerPeriodSchema = z.object({ date: z.string(), total: z.number() });
export type EntryPerPeriod = z.infer<typeof EntryPerPeriodSchema>;

const booleanQuery = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0'], { error: MESSAGES.notAllowed })
    .transform((v) => v === 'true' || v === '1'),
]);

export const GODFATHER_ORDERINGS = ['totalAffiliates', 'name', 'influence'] as const;
export type GodfatherOrdering = (typeof GODFATHER_ORDERINGS)[number];

const godfatherOrdering = {
  orderingCriteria: z
    .enum(GODFATHER_ORDERINGS, { error: REPORT_MESSAGES.orderingCriteria })
    .default('totalAffiliates'),
  orderingAscending: booleanQuery.default(false),
};

/** GET /reports/people/godfathers (spec 2 §7): paged, by totalAffiliates descending by default. */
export const GodfathersQuerySchema = z.strictObject({
  ...pageQuery(GODFATHERS_PAGE_SIZE),
  ...godfatherOrdering,
});
export type GodfathersQuery = z.output<typeof GodfathersQuerySchema>;

/** GET /reports/people/godfathers/export: the same order, every row. */
export const GodfathersExportQuerySchema = z.strictObject(godfatherOrdering);
export type GodfathersExportQuery = z.output<typeof GodfathersExportQuerySchema>;

/**
 * A godfather: a contact with a goal (influence > 0) or with people registered under it.
 * `influence` is the goal ('Meta'); `totalAffiliates` the people whose godfather it is.
 */
export const GodfatherRowSchema = z.object({
  code: z.number(),
  name: z.string(),
  influence: z.number(),
  totalAffiliates: z.number(),
});
export type GodfatherRow = z.infer<typeof GodfatherRowSchema>;

/** 'Alcançado / Meta' as a percentage (null without a goal). */
export function reachedPercentage(row: Pick<GodfatherRow, 'influence' | 'totalAffiliates'>): number | null {
  return row.influence > 0 ? percentageOf(row.totalAffiliates, row.influence) : null;
}

/**
 * GET /reports/interactions and /reports/interactions/export: the filters of the interaction
 * report (spec 2 §3, §7: personCode, userResponsibleCode, dateInterval or beginDate/endDate,
 * status, considerOnlyLateInteractions overriding status, personTagCodes), unknown keys refused.
 */
const interactionReportKeys = z.strictObject(InteractionSearchSchema.in.shape);
export const InteractionReportQuerySchema = interactionReportKeys
  // the strict object refuses unknown keys; the search schema (idempotent on its own output) reads them
  .pipe(
    InteractionSearchSchema as unknown as z.ZodType<
      InteractionSearch,
      z.output<typeof interactionReportKeys>
    >,
  );
export type InteractionReportQuery = z.output<typeof InteractionReportQuerySchema>;
