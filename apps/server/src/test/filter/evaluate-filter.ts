import type { BirthDateParts, FilterExpression, FilterUnit, FilterValue, SegmentType } from '@mandato/domain';

/**
 * A plain in-memory evaluation of a (valid) filter expression over row objects: the reference the
 * property tests hold the SQL compiler to. Written on its own, from the rules in the spec and in
 * docs/decisions.md, not from compile-filter.ts: it walks each row and answers true or false.
 */
export interface FilterRow {
  id: string;
  name: string | null;
  gender: string | null;
  influence: number;
  vote: string;
  /** YYYY-MM-DD */
  birthDate: string | null;
  email: string | null;
  emailStatus: string;
  smsStatus: string;
  cellphone: string | null;
  street: string | null;
  city: string | null;
  neighborhood: string | null;
  state: string | null;
  tags: string[];
  godfatherId: string | null;
  createdAt: Date;
  /** who created the row: the user's code and, when that user is a team member, their person code */
  creator: { userCode: string; personCode: string | null } | null;
  cpf: string | null;
  profession: string | null;
  companyId: string | null;
  votingZone: string | null;
  votingSection: string | null;
  /** companies only */
  cnpj?: string | null;
  mainContactId?: string | null;
}

export interface EvaluateContext {
  type: SegmentType;
  now: Date;
  timeZone?: string;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const digits = (s: string) => s.replace(/[^0-9]/g, '');

/** The calendar day 'YYYY-MM-DD' of an instant in a time zone. */
function localDay(instant: Date, timeZone: string): string {
  // sv-SE formats dates as YYYY-MM-DD
  return instant.toLocaleDateString('sv-SE', { timeZone });
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d) + n * 86_400_000);
  return t.toISOString().slice(0, 10);
}

const monthDay = (day: string) => day.slice(5);

function asCode(v: FilterValue): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? String(v) : undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return /^\d+$/.test(t) && t.length <= 15 && Number(t) > 0 ? String(Number(t)) : undefined;
  }
  return undefined;
}

type Parts = BirthDateParts;

function partsOf(date: string): Required<Parts> {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** Compares the given parts lexicographically in (year, month, day) order. */
function compareParts(a: Parts, b: Parts): number {
  for (const k of ['year', 'month', 'day'] as const) {
    const x = a[k];
    const y = b[k];
    if (x === undefined || y === undefined) continue;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function project(full: Required<Parts>, like: Parts): Parts {
  const out: Parts = {};
  if (like.year !== undefined) out.year = full.year;
  if (like.month !== undefined) out.month = full.month;
  if (like.day !== undefined) out.day = full.day;
  return out;
}

function unitMatches(row: FilterRow, unit: FilterUnit, ctx: EvaluateContext): boolean {
  const values = unit.values;
  const tz = ctx.timeZone ?? 'America/Sao_Paulo';
  switch (unit.field) {
    case 'name':
    case 'email':
    case 'street':
    case 'city':
    case 'neighborhood':
    case 'profession':
    case 'votingZone':
    case 'votingSection':
    case 'cpf':
    case 'cellphone':
    case 'cnpj': {
      const raw = row[unit.field as keyof FilterRow] as string | null | undefined;
      if (raw === null || raw === undefined) return false;
      const numeric = unit.field === 'cpf' || unit.field === 'cellphone' || unit.field === 'cnpj';
      const wanted = numeric ? digits(String(values[0]).trim()) : fold(String(values[0]).trim());
      if (wanted === '') return false;
      const have = numeric ? raw : fold(raw);
      if (unit.operator === '=') return have === wanted;
      if (unit.operator === 'CONTAINS') return have.includes(wanted);
      if (unit.operator === 'STARTS_WITH') return have.startsWith(wanted);
      return false;
    }
    case 'influence': {
      const v = row.influence;
      const [a, b] = values as number[];
      switch (unit.operator) {
        case '=':
          return v === a;
        case '>':
          return v > (a as number);
        case '>=':
          return v >= (a as number);
        case '<':
          return v < (a as number);
        case '<=':
          return v <= (a as number);
        case 'BETWEEN':
          return v >= Math.min(a as number, b as number) && v <= Math.max(a as number, b as number);
      }
      return false;
    }
    case 'createDate': {
      const day = localDay(row.createdAt, tz);
      const [a, b] = (values as string[]).map((v) => v.slice(0, 10));
      switch (unit.operator) {
        case '=':
          return day === a;
        case '>':
          return day > (a as string);
        case '>=':
          return day >= (a as string);
        case '<':
          return day < (a as string);
        case '<=':
          return day <= (a as string);
        case 'BETWEEN': {
          const [lo, hi] = (a as string) <= (b as string) ? [a, b] : [b, a];
          return day >= (lo as string) && day <= (hi as string);
        }
      }
      return false;
    }
    case 'gender':
    case 'vote':
    case 'emailStatus':
    case 'smsStatus':
    case 'state': {
      const v = row[unit.field];
      return v !== null && values.includes(v);
    }
    case 'tags': {
      const codes = values.map(asCode);
      if (unit.operator === 'IN_ALL') return codes.every((c) => c !== undefined && row.tags.includes(c));
      return codes.some((c) => c !== undefined && row.tags.includes(c));
    }
    case 'godfatherCode':
    case 'companyCode':
    case 'mainContactCode': {
      const own =
        unit.field === 'godfatherCode'
          ? row.godfatherId
          : unit.field === 'mainContactCode'
            ? (row.mainContactId ?? null)
            : ctx.type === 'COMPANY'
              ? row.id
              : row.companyId;
      return own !== null && values.some((v) => asCode(v) === own);
    }
    case 'createPersonCode': {
      const creator = row.creator;
      if (!creator) return false;
      return values.some(
        (v) =>
          (typeof v === 'string' && v.trim().toLowerCase() === creator.userCode.toLowerCase()) ||
          (creator.personCode !== null && asCode(v) === creator.personCode),
      );
    }
    case 'birthDate':
      return birthMatches(row.birthDate, unit, ctx.now, tz);
  }
  return false;
}

function birthMatches(birth: string | null, unit: FilterUnit, now: Date, tz: string): boolean {
  if (birth === null) return false;
  const [a, b] = unit.values;
  if (typeof a === 'string') {
    const today = localDay(now, tz);
    const md = monthDay(birth);
    if (a === 'today') return md === monthDay(today);
    if (a === 'tomorrow') return md === monthDay(addDays(today, 1));
    if (a === 'current-month') return birth.slice(5, 7) === today.slice(5, 7);
    if (a === 'current-week') {
      // walk back to Monday, then the seven days Monday–Sunday
      let monday = today;
      while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, -1);
      for (let i = 0; i < 7; i++) if (monthDay(addDays(monday, i)) === md) return true;
      return false;
    }
    return false;
  }
  const full = partsOf(birth);
  const from = a as Parts;
  const mine = project(full, from);
  if (unit.operator === '=') return compareParts(mine, from) === 0;
  const to = b as Parts;
  if (from.year !== undefined) {
    const [lo, hi] = compareParts(from, to) <= 0 ? [from, to] : [to, from];
    return compareParts(mine, lo) >= 0 && compareParts(mine, hi) <= 0;
  }
  // no year: a yearly (or monthly, for days alone) cycle
  if (compareParts(from, to) <= 0) return compareParts(mine, from) >= 0 && compareParts(mine, to) <= 0;
  return compareParts(mine, from) >= 0 || compareParts(mine, to) <= 0;
}

/** Evaluates a valid expression: OR of AND-chains at both levels; empty matches everything. */
export function evaluateFilter(expression: FilterExpression, row: FilterRow, ctx: EvaluateContext): boolean {
  if (expression.length === 0) return true;
  const orOfAnds = <T>(items: readonly (T | 'AND' | 'OR')[], test: (item: T) => boolean): boolean => {
    let any = false;
    let chain = true;
    for (const item of items) {
      if (item === 'OR') {
        any ||= chain;
        chain = true;
      } else if (item !== 'AND') {
        chain &&= test(item as T);
      }
    }
    return any || chain;
  };
  return orOfAnds(expression, (group) =>
    orOfAnds((group as { units: (FilterUnit | 'AND' | 'OR')[] }).units, (unit) =>
      unitMatches(row, unit, ctx),
    ),
  );
}
