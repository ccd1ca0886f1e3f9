import { type ImportColumn, PEOPLE_SHEET_COLUMNS } from '@mandato/domain';
import { type RawBuilder, sql } from 'kysely';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { type PeopleFilter, visibleTo } from './people.repository.ts';

/**
 * The stored value behind each spreadsheet column (person `p`, godfather `g`): `voto`/`genero`
 * as stored codes, `data` as 'YYYY-MM-DD', `tags` as the tag ids (people-sheet.ts applies the
 * spreadsheet's labels, dates and tag names, and csvCell).
 */
const COLUMN_SQL: Record<ImportColumn, RawBuilder<unknown>> = {
  nome: sql`p.name`,
  email: sql`p.email`,
  voto: sql`p.vote`,
  apelido: sql`p.nickname`,
  genero: sql`p.gender`,
  influencia: sql`p.influence`,
  data: sql`p.birth_date`,
  celular: sql`p.cellphone`,
  telefone: sql`p.phone_two`,
  cpf: sql`p.cpf`,
  profissao: sql`p.profession`,
  zona: sql`p.voting_zone`,
  secao: sql`p.voting_section`,
  observacoes: sql`p.notes`,
  tags: sql`p.tag_ids`,
  rua: sql`p.street`,
  numero: sql`p.number`,
  complemento: sql`p.complement`,
  bairro: sql`p.neighborhood`,
  cidade: sql`p.city`,
  estado: sql`p.state`,
  cep: sql`p.zip_code`,
  nome_padrinho: sql`g.name`,
  celular_padrinho: sql`g.cellphone`,
  email_padrinho: sql`g.email`,
  codigo: sql`p.id::text`,
  codigo_padrinho: sql`g.id::text`,
};

/** A person's stored values, in PEOPLE_SHEET_COLUMNS order (people-sheet.ts writes them). */
export type SheetCells = (string | number | (string | number)[] | null)[];

/**
 * One JSON array a row: one field for the driver instead of 25, parsed by the native JSON.parse
 * (writing the lines in SQL was measured slower: PostgreSQL then spends more per row than this).
 */
const CELLS = sql<SheetCells>`json_build_array(${sql.join(
  PEOPLE_SHEET_COLUMNS.map((column) => COLUMN_SQL[column]),
  sql`, `,
)})`;

/**
 * The visible people matching `filter`, with their godfather, in id order (the primary key: a
 * plan that starts at once, read in the order the rows were written).
 */
function sheetQuery(ctx: TenantContext, vis: PeopleVisibility, filter: PeopleFilter) {
  const condition = filterCondition(filter.type, filter.expression);
  const q = ctx.trx
    .selectFrom('people as p')
    .leftJoin('people as g', (join) =>
      join.onRef('g.tenant_id', '=', 'p.tenant_id').onRef('g.id', '=', 'p.godfather_id'),
    )
    .select(CELLS.as('cells'))
    .where('p.tenant_id', '=', ctx.tenantId)
    .where(visibleTo(vis));
  return (condition ? q.where(condition) : q).orderBy('p.id');
}

/**
 * A server-side cursor over the sheet rows, in the caller's transaction (DECLARE … FETCH: the
 * same SQL on PostgreSQL and PGlite, whose driver has no streaming). The cursor dies with the
 * transaction; `close` frees it earlier.
 */
export const peopleSheetRepository = {
  async open(ctx: TenantContext, cursor: string, vis: PeopleVisibility, filter: PeopleFilter) {
    await sql`DECLARE ${sql.id(cursor)} NO SCROLL CURSOR FOR ${sheetQuery(ctx, vis, filter)}`.execute(
      ctx.trx,
    );
  },

  /** The next `rows` people (fewer at the end). */
  async fetch(ctx: TenantContext, cursor: string, rows: number): Promise<SheetCells[]> {
    const count = sql.lit(Math.max(1, Math.trunc(rows)));
    const result = await sql<{
      cells: SheetCells | string;
    }>`FETCH FORWARD ${count} FROM ${sql.id(cursor)}`.execute(ctx.trx);
    return result.rows.map((r) =>
      typeof r.cells === 'string' ? (JSON.parse(r.cells) as SheetCells) : r.cells,
    );
  },

  async close(ctx: TenantContext, cursor: string) {
    await sql`CLOSE ${sql.id(cursor)}`.execute(ctx.trx);
  },
};
