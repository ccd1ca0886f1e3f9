import {
  type BirthDateParts,
  CRM_MESSAGES,
  daysInMonth,
  EXPRESSION_MESSAGES,
  expressionErrors,
  type FieldKind,
  type FilterExpression,
  FilterExpressionSchema,
  type FilterGroup,
  type FilterUnit,
  type FilterValue,
  fieldDef,
  fieldErrors,
  type SegmentType,
  TIME_ZONE,
  toIsoDate,
  zonedParts,
} from '@mandato/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { badRequest } from '../../http/errors.ts';
import { escapeLike, isUuid, withoutMarks } from '../sql-helpers.ts';
import { DIGIT_FIELDS, onlyDigits } from './normalize.ts';

/**
 * Filter expression → parameterised SQL condition (spec 2 §3, §5).
 *
 * The condition is written for `people AS p` (PERSON, TEAM) or `companies AS c` (COMPANY). It is
 * only the expression: the caller adds `is_team`, visibility and ordering. Column names come only
 * from the whitelist below; every value is a bound parameter.
 *
 * Semantics (docs/decisions.md, "Expressões de filtro"):
 * - evaluation: OR of AND-chains, inside a group and between groups (AND binds tighter); each group
 *   is parenthesised; an empty expression matches everything;
 * - NULL never satisfies a condition (there is no negation, so SQL's NULL behaves as false);
 * - strings: '=', CONTAINS and STARTS_WITH ignore case and accents (search_norm = lower(unaccent()),
 *   migration 0003, on both sides)
 *   and the value is trimmed; cpf/cellphone/cnpj compare digits only (masks removed);
 * - number (influence, an integer column): bounds are turned into an integer range; BETWEEN is
 *   inclusive and accepts its two values in any order;
 * - createDate: calendar date of created_at in America/Sao_Paulo (ctx.timeZone), BETWEEN inclusive;
 * - enums: '=' / IN; tags: '=' has the tag, IN has any, IN_ALL has all (people: person_tags rows;
 *   companies: && and @> on tag_ids);
 * - autocomplete codes are ids (godfather, company, main contact); createPersonCode takes a user
 *   code (uuid) or the person code of a team member (the person whose user_id is that user);
 * - birth date: parts compare the given parts; BETWEEN of parts with a year is a linear range
 *   (any order), without a year a yearly cycle (12/20 → 01/10 wraps the year end); quick values
 *   compare the birthday (month-day) with today, tomorrow, the Monday–Sunday week or the month of
 *   ctx.now in the time zone.
 */
export interface CompileContext {
  type: SegmentType;
  now?: Date;
  timeZone?: string;
  /**
   * false: name CONTAINS as the exact condition alone, without the name-words lookup — for a page
   * read in sort order when the matches are dense (people.service, pageFilter). Same rows.
   */
  nameWords?: boolean;
}

export const INVALID_EXPRESSION = CRM_MESSAGES.invalidExpression;

type Cond = RawBuilder<SqlBool>;

const PERSON_COLUMNS: Record<string, string> = {
  name: 'name',
  gender: 'gender',
  influence: 'influence',
  vote: 'vote',
  birthDate: 'birth_date',
  email: 'email',
  emailStatus: 'email_status',
  smsStatus: 'sms_status',
  cellphone: 'cellphone',
  street: 'street',
  city: 'city',
  neighborhood: 'neighborhood',
  state: 'state',
  tags: 'tag_ids',
  godfatherCode: 'godfather_id',
  createDate: 'created_at',
  createPersonCode: 'created_by',
  cpf: 'cpf',
  profession: 'profession',
  companyCode: 'company_id',
  votingZone: 'voting_zone',
  votingSection: 'voting_section',
};

const COMPANY_COLUMNS: Record<string, string> = {
  name: 'name',
  email: 'email',
  street: 'street',
  city: 'city',
  neighborhood: 'neighborhood',
  state: 'state',
  tags: 'tag_ids',
  createDate: 'created_at',
  createPersonCode: 'created_by',
  cnpj: 'cnpj',
  companyCode: 'id',
  mainContactCode: 'main_contact_id',
};

/** The table alias and field → column whitelist of a segment type. */
export function filterTarget(type: SegmentType): { alias: 'p' | 'c'; columns: Record<string, string> } {
  return type === 'COMPANY'
    ? { alias: 'c', columns: COMPANY_COLUMNS }
    : { alias: 'p', columns: PERSON_COLUMNS };
}

const TRUE: Cond = sql<SqlBool>`TRUE`;
const FALSE: Cond = sql<SqlBool>`FALSE`;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const MAX_JOINED_TAGS = 8;

export function compileFilter(expression: FilterExpression, ctx: CompileContext): Expression<SqlBool> {
  const parsed = FilterExpressionSchema.safeParse(expression);
  if (!parsed.success) {
    throw badRequest(INVALID_EXPRESSION, [
      ...new Set(Object.values(fieldErrors(parsed.error.issues)).flat()),
    ]);
  }
  const errors = expressionErrors(ctx.type, parsed.data);
  if (errors.length > 0) throw badRequest(INVALID_EXPRESSION, errors);
  if (parsed.data.length === 0) return TRUE;
  const compiler = new Compiler(ctx);
  return orOfAnds(parsed.data, (group) =>
    orOfAnds((group as FilterGroup).units, (u) => compiler.unit(u as FilterUnit)),
  );
}

/** Letter runs of a name CONTAINS value that the name words are searched for (one definition:
 * `isOneNameWord` leaves out the name check on the strength of it). */
const NAME_RUN = '[\\p{L}\\p{M}\\p{Nd}]{3,}';
const NAME_RUNS = new RegExp(NAME_RUN, 'gu');
const ONE_NAME_RUN = new RegExp(`^${NAME_RUN}$`, 'u');

/**
 * A name CONTAINS value that is one letter run: its people are exactly those holding a name word
 * that contains it (a value without spaces lies inside the name only inside one word; no letter
 * or digit normalises to a space), so the name itself need not be checked again.
 */
export function isOneNameWord(value: unknown): value is string {
  return typeof value === 'string' && ONE_NAME_RUN.test(value);
}

const HAS_NAME_RUN = new RegExp(NAME_RUN, 'u');

/** Whether a name CONTAINS value is looked up through the name words (it has a letter run). */
export function hasNameRun(value: string): boolean {
  return HAS_NAME_RUN.test(value);
}

/** Whether a people expression looks names up through the name words (name CONTAINS). */
export function usesNameWords(expression: FilterExpression): boolean {
  return expression.some(
    (group) =>
      typeof group === 'object' &&
      group.units.some((u) => typeof u === 'object' && u.field === 'name' && u.operator === 'CONTAINS'),
  );
}

/** [a, 'AND', b, 'OR', c] → ((a AND b) OR (c)): AND binds tighter than OR. */
function orOfAnds<T>(items: readonly (T | 'AND' | 'OR')[], compile: (item: T) => Cond): Cond {
  const chains: Cond[][] = [[]];
  for (const item of items) {
    if (item === 'OR') chains.push([]);
    else if (item !== 'AND') chains.at(-1)?.push(compile(item as T));
  }
  const ands = chains.map((chain) =>
    chain.length === 1 ? (chain[0] as Cond) : sql<SqlBool>`(${sql.join(chain, sql` AND `)})`,
  );
  return ands.length === 1 ? sql<SqlBool>`(${ands[0]})` : sql<SqlBool>`(${sql.join(ands, sql` OR `)})`;
}

const isParts = (v: FilterValue | undefined): v is BirthDateParts => typeof v === 'object' && v !== null;

/**
 * Codes (ids) from positive integers or digit strings. Anything else names no record: it is
 * dropped (and reported, since IN_ALL with a code that cannot exist matches nothing).
 */
export function idCodes(values: readonly FilterValue[]): { ids: string[]; dropped: boolean } {
  const out: string[] = [];
  let dropped = false;
  for (const v of values) {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) out.push(String(v));
    else if (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) && Number(v) > 0)
      out.push(String(Number(v)));
    else dropped = true;
  }
  return { ids: [...new Set(out)], dropped };
}

class Compiler {
  private readonly alias: 'p' | 'c';
  private readonly columns: Record<string, string>;
  private readonly now: Date;
  private readonly timeZone: string;

  constructor(private readonly ctx: CompileContext) {
    const target = filterTarget(ctx.type);
    this.alias = target.alias;
    this.columns = target.columns;
    this.now = ctx.now ?? new Date();
    this.timeZone = ctx.timeZone ?? TIME_ZONE;
  }

  private col(field: string) {
    const column = this.columns[field];
    // unreachable after expressionErrors; kept so a whitelist gap is a 400, never SQL
    if (!column) throw badRequest(INVALID_EXPRESSION, [EXPRESSION_MESSAGES.unknownField(field)]);
    return sql.ref(`${this.alias}.${column}`);
  }

  unit(unit: FilterUnit): Cond {
    const def = fieldDef(this.ctx.type, unit.field);
    if (!def) throw badRequest(INVALID_EXPRESSION, [EXPRESSION_MESSAGES.unknownField(unit.field)]);
    const kind: FieldKind = def.kind;
    switch (kind) {
      case 'string':
        return this.string(unit);
      case 'number':
        return this.number(unit);
      case 'date':
        return this.date(unit);
      case 'birthDate':
        return this.birthDate(unit);
      case 'enum':
        return this.enumeration(unit);
      case 'autocomplete':
        return this.autocomplete(unit);
      case 'tags':
        return this.tags(unit);
    }
  }

  private string(unit: FilterUnit): Cond {
    const raw = String(unit.values[0]).trim();
    const digits = DIGIT_FIELDS.has(unit.field);
    const value = digits ? onlyDigits(raw) : raw;
    if (value === '' || withoutMarks(value) === '') return FALSE;
    // text: both sides through search_norm() (migration 0003); on the value side it is folded to a
    // constant when the statement is planned, so the pattern still drives the indexes
    const target = digits ? this.col(unit.field) : sql`search_norm(${this.col(unit.field)})`;
    const norm = (v: string) => (digits ? sql`${v}` : sql`search_norm(${v})`);
    switch (unit.operator) {
      case '=':
        return sql<SqlBool>`${target} = ${norm(value)}`;
      case 'CONTAINS': {
        const like = sql<SqlBool>`${target} LIKE ${norm(`%${escapeLike(value)}%`)}`;
        const lookup = this.alias === 'p' && unit.field === 'name' && this.ctx.nameWords !== false;
        return lookup ? this.nameWords(value, like) : like;
      }
      case 'STARTS_WITH':
        return sql<SqlBool>`${target} LIKE ${norm(`${escapeLike(value)}%`)}`;
      default:
        throw this.operatorError(unit);
    }
  }

  /**
   * name CONTAINS through the name words (migration 0006): a letter run of the value lies inside
   * one word of the name, so only people holding a dictionary word that contains the (at most two)
   * longest runs are candidates; `like`, the exact condition, is then checked on them alone.
   */
  private nameWords(value: string, like: Cond): Cond {
    const runs = [...new Set(value.match(NAME_RUNS) ?? [])].sort((a, b) => b.length - a.length).slice(0, 2);
    if (runs.length === 0) return like;
    // intersected before people is read: the recheck (search_norm per row) sees few candidates
    const holders = runs.map(
      (run) => sql`SELECT pw.person_id FROM person_name_words pw WHERE pw.word IN (
        SELECT w.word FROM name_words w WHERE w.word LIKE '%' || search_norm(${run}) || '%')`,
    );
    const candidates = sql<SqlBool>`p.id IN (${sql.join(holders, sql` INTERSECT `)})`;
    return isOneNameWord(value) ? candidates : sql<SqlBool>`(${candidates} AND ${like})`;
  }

  /** influence is an integer column: every comparison becomes an integer range [lo, hi]. */
  private number(unit: FilterUnit): Cond {
    const [a, b] = unit.values as number[];
    let lo = Number.NEGATIVE_INFINITY;
    let hi = Number.POSITIVE_INFINITY;
    const v = a as number;
    switch (unit.operator) {
      case '=':
        if (!Number.isInteger(v)) return FALSE;
        lo = v;
        hi = v;
        break;
      case '>':
        lo = Math.floor(v) + 1;
        break;
      case '>=':
        lo = Math.ceil(v);
        break;
      case '<':
        hi = Math.ceil(v) - 1;
        break;
      case '<=':
        hi = Math.floor(v);
        break;
      case 'BETWEEN':
        lo = Math.ceil(Math.min(v, b as number));
        hi = Math.floor(Math.max(v, b as number));
        break;
      default:
        throw this.operatorError(unit);
    }
    if (lo > hi || lo > INT_MAX || hi < INT_MIN) return FALSE;
    const column = this.col(unit.field);
    const conds: Cond[] = [];
    if (lo === hi) return sql<SqlBool>`${column} = ${lo}`;
    if (lo > INT_MIN) conds.push(sql<SqlBool>`${column} >= ${lo}`);
    if (hi < INT_MAX) conds.push(sql<SqlBool>`${column} <= ${hi}`);
    // unbounded on both sides: any non-null value
    if (conds.length === 0) return sql<SqlBool>`${column} IS NOT NULL`;
    return conds.length === 1 ? (conds[0] as Cond) : sql<SqlBool>`(${sql.join(conds, sql` AND `)})`;
  }

  /** created_at by calendar date in the time zone, as an instant range (index friendly). */
  private date(unit: FilterUnit): Cond {
    const column = this.col(unit.field);
    const days = (unit.values as string[]).map((v) => v.slice(0, 10)).sort();
    const start = (d: string) => sql`(${d}::date::timestamp AT TIME ZONE ${this.timeZone})`;
    const end = (d: string) => sql`((${d}::date + 1)::timestamp AT TIME ZONE ${this.timeZone})`;
    const d = days[0] as string;
    switch (unit.operator) {
      case '=':
        return sql<SqlBool>`(${column} >= ${start(d)} AND ${column} < ${end(d)})`;
      case '>':
        return sql<SqlBool>`${column} >= ${end(d)}`;
      case '>=':
        return sql<SqlBool>`${column} >= ${start(d)}`;
      case '<':
        return sql<SqlBool>`${column} < ${start(d)}`;
      case '<=':
        return sql<SqlBool>`${column} < ${end(d)}`;
      case 'BETWEEN':
        return sql<SqlBool>`(${column} >= ${start(d)} AND ${column} < ${end(days[1] as string)})`;
      default:
        throw this.operatorError(unit);
    }
  }

  private enumeration(unit: FilterUnit): Cond {
    const values = [...new Set(unit.values as string[])];
    const column = this.col(unit.field);
    return values.length === 1
      ? sql<SqlBool>`${column} = ${values[0]}`
      : sql<SqlBool>`${column} IN (${sql.join(values)})`;
  }

  private autocomplete(unit: FilterUnit): Cond {
    const column = this.col(unit.field);
    const { ids } = idCodes(unit.values);
    const idList = (list: string[]) => sql.join(list.map((id) => sql`${id}::bigint`));
    if (unit.field !== 'createPersonCode') {
      return ids.length === 0 ? FALSE : sql<SqlBool>`${column} IN (${idList(ids)})`;
    }
    // users are referred to by their code (uuid) or by the person code of the team member
    const uuids = [
      ...new Set(
        unit.values
          .filter((v): v is string => typeof v === 'string' && isUuid(v.trim()))
          .map((v) => v.trim().toLowerCase()),
      ),
    ];
    const conds: Cond[] = [];
    if (uuids.length > 0) {
      conds.push(
        sql<SqlBool>`${column} IN (SELECT u.id FROM users u WHERE u.code IN (${sql.join(uuids.map((u) => sql`${u}::uuid`))}))`,
      );
    }
    if (ids.length > 0) {
      conds.push(
        sql<SqlBool>`${column} IN (SELECT tm.user_id FROM people tm WHERE tm.id IN (${idList(ids)}) AND tm.user_id IS NOT NULL)`,
      );
    }
    if (conds.length === 0) return FALSE;
    return conds.length === 1 ? (conds[0] as Cond) : sql<SqlBool>`(${sql.join(conds, sql` OR `)})`;
  }

  private tags(unit: FilterUnit): Cond {
    const column = this.col(unit.field);
    const { ids, dropped } = idCodes(unit.values);
    const any = unit.operator === '=' || unit.operator === 'IN';
    if (!any && unit.operator !== 'IN_ALL') throw this.operatorError(unit);
    // IN_ALL: a code that cannot exist cannot be held, so nothing has all of them
    if (ids.length === 0 || (!any && dropped)) return FALSE;
    const list = sql.join(ids.map((id) => sql`${id}::bigint`));
    if (this.alias === 'p') {
      // people: the person_tags rows (migration 0006), btree equality that RLS lets reach the index
      if (any) {
        return sql<SqlBool>`p.id IN (SELECT pt.person_id FROM person_tags pt WHERE pt.tag_id IN (${list}))`;
      }
      // IN_ALL: the holders of the first tag joined to the holders of each other one (merge joins
      // of person-ordered index ranges, far cheaper than grouping every row of the tags); past a
      // few tags the join would cost more to plan than grouping does to run
      if (ids.length > MAX_JOINED_TAGS) {
        return sql<SqlBool>`p.id IN (SELECT pt.person_id FROM person_tags pt WHERE pt.tag_id IN (${list})
          GROUP BY pt.person_id HAVING count(*) = ${ids.length})`;
      }
      const [first, ...others] = ids;
      const joins = others.map((id, i) => {
        const t = sql.raw(`t${i + 1}`);
        return sql`JOIN person_tags ${t} ON ${t}.tenant_id = t0.tenant_id AND ${t}.person_id = t0.person_id AND ${t}.tag_id = ${id}::bigint`;
      });
      return sql<SqlBool>`p.id IN (SELECT t0.person_id FROM person_tags t0 ${sql.join(joins, sql` `)} WHERE t0.tag_id = ${first}::bigint)`;
    }
    const array = sql`ARRAY[${list}]::bigint[]`;
    return any ? sql<SqlBool>`${column} && ${array}` : sql<SqlBool>`${column} @> ${array}`;
  }

  private birthDate(unit: FilterUnit): Cond {
    const column = this.col(unit.field);
    // the stored birthday column (migration 0006): smallint comparisons are leakproof
    const md = sql.ref(`${this.alias}.birth_md`);
    const [first, second] = unit.values;
    if (typeof first === 'string') return this.birthQuick(first, md);
    if (!isParts(first)) throw this.operatorError(unit);
    const dateRange = (from: string, to: string) =>
      sql<SqlBool>`(${column} >= ${from}::date AND ${column} <= ${to}::date)`;
    const cyclic = (expr: RawBuilder<unknown>, lo: number, hi: number) =>
      lo <= hi
        ? sql<SqlBool>`(${expr} >= ${lo} AND ${expr} <= ${hi})`
        : sql<SqlBool>`(${expr} >= ${lo} OR ${expr} <= ${hi})`;
    const dayOf = sql`extract(day FROM ${column})`;

    if (unit.operator === '=') {
      const { day, month, year } = first;
      if (year !== undefined && month !== undefined && day !== undefined) {
        return sql<SqlBool>`${column} = ${toIsoDate(year, month, day)}::date`;
      }
      if (year !== undefined && month !== undefined) {
        return dateRange(toIsoDate(year, month, 1), toIsoDate(year, month, daysInMonth(year, month)));
      }
      if (month !== undefined && day !== undefined) return sql<SqlBool>`${md} = ${month * 100 + day}`;
      if (month !== undefined) return cyclic(md, month * 100 + 1, month * 100 + 31);
      if (year !== undefined && day !== undefined) {
        return sql<SqlBool>`(${dateRange(toIsoDate(year, 1, 1), toIsoDate(year, 12, 31))} AND ${dayOf} = ${day})`;
      }
      if (year !== undefined) return dateRange(toIsoDate(year, 1, 1), toIsoDate(year, 12, 31));
      return sql<SqlBool>`${dayOf} = ${day as number}`;
    }
    if (unit.operator !== 'BETWEEN' || !isParts(second)) throw this.operatorError(unit);
    // same parts on both sides (validated)
    const { day, month, year } = first;
    if (year !== undefined) {
      const key = (p: BirthDateParts) => (p.year ?? 0) * 10000 + (p.month ?? 0) * 100 + (p.day ?? 0);
      const [lo, hi] = key(first) <= key(second) ? [first, second] : [second, first];
      const ly = lo.year as number;
      const hy = hi.year as number;
      if (month !== undefined && day !== undefined) {
        return dateRange(
          toIsoDate(ly, lo.month as number, lo.day as number),
          toIsoDate(hy, hi.month as number, hi.day as number),
        );
      }
      if (month !== undefined) {
        const hm = hi.month as number;
        return dateRange(toIsoDate(ly, lo.month as number, 1), toIsoDate(hy, hm, daysInMonth(hy, hm)));
      }
      const years = dateRange(toIsoDate(ly, 1, 1), toIsoDate(hy, 12, 31));
      if (day === undefined) return years;
      // {year, day}: ordered by (year, day)
      const yd = sql`(extract(year FROM ${column}) * 100 + extract(day FROM ${column}))`;
      return sql<SqlBool>`(${years} AND ${yd} >= ${ly * 100 + (lo.day as number)} AND ${yd} <= ${hy * 100 + (hi.day as number)})`;
    }
    if (month !== undefined && day !== undefined) {
      return cyclic(md, month * 100 + day, (second.month as number) * 100 + (second.day as number));
    }
    if (month !== undefined) return cyclic(md, month * 100 + 1, (second.month as number) * 100 + 31);
    return cyclic(dayOf, day as number, second.day as number);
  }

  private birthQuick(quick: string, md: RawBuilder<unknown>): Cond {
    const { year, month, day } = zonedParts(this.now, this.timeZone);
    const shifted = (offset: number) => {
      const d = new Date(Date.UTC(year, month - 1, day + offset));
      return (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
    };
    switch (quick) {
      case 'today':
        return sql<SqlBool>`${md} = ${shifted(0)}`;
      case 'tomorrow':
        return sql<SqlBool>`${md} = ${shifted(1)}`;
      case 'current-week': {
        const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
        const monday = -((weekday + 6) % 7);
        const days = Array.from({ length: 7 }, (_, i) => shifted(monday + i));
        return sql<SqlBool>`${md} IN (${sql.join(days)})`;
      }
      case 'current-month':
        return sql<SqlBool>`(${md} >= ${month * 100 + 1} AND ${md} <= ${month * 100 + 31})`;
      default:
        throw badRequest(INVALID_EXPRESSION, [EXPRESSION_MESSAGES.birthDate]);
    }
  }

  private operatorError(unit: FilterUnit) {
    return badRequest(INVALID_EXPRESSION, [EXPRESSION_MESSAGES.operator(unit.field, unit.operator)]);
  }
}
