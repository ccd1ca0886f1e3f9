import { z } from 'zod';
import { textSchema } from '../common/text.ts';
import type { SegmentType } from '../crm/enums.ts';
import { isValidIsoDate } from '../crm/validators.ts';
import {
  COMPARE_OPERATORS,
  type CompareOperator,
  type FieldDef,
  fieldDef,
  LOGIC_OPERATORS,
  OPERATORS_BY_KIND,
} from './fields.ts';

export const EXPRESSION_MESSAGES = {
  unknownField: (field: string) => `Campo de filtro não permitido: ${field}`,
  operator: (field: string, op: string) => `Operador ${op} não permitido para o campo ${field}`,
  values: (field: string) => `Valores inválidos para o campo ${field}`,
  noValues: 'Informe ao menos um valor para a condição',
  alternation: 'Expressão mal formada: grupos e operadores lógicos devem se alternar',
  birthYearMin: 'Informe um ano maior ou igual a 1900',
  birthYearMax: 'Informe um ano menor ou igual ao atual',
  birthDate: 'Informe uma data válida',
  birthBetweenParts: 'As duas datas do intervalo devem ter as mesmas partes preenchidas',
} as const;

export const BIRTH_DATE_QUICK_VALUES = ['today', 'tomorrow', 'current-week', 'current-month'] as const;
export type BirthDateQuick = (typeof BIRTH_DATE_QUICK_VALUES)[number];

export const BirthDatePartsSchema = z.strictObject({
  day: z.number().int().min(1).max(31).optional(),
  month: z.number().int().min(1).max(12).optional(),
  year: z.number().int().min(1900).max(2100).optional(),
});
export type BirthDateParts = z.infer<typeof BirthDatePartsSchema>;

export const FilterValueSchema = z.union([
  textSchema().max(200, 'Valor com mais de 200 caracteres'),
  z.number().finite(),
  BirthDatePartsSchema,
]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

export const FilterUnitSchema = z.strictObject({
  field: textSchema().max(40),
  operator: z.enum(COMPARE_OPERATORS, { error: 'Operador inválido' }),
  // every operator compares with at least one value (an empty IN would be SQL `in ()`)
  values: z
    .array(FilterValueSchema)
    .min(1, EXPRESSION_MESSAGES.noValues)
    .max(500, 'Uma condição aceita no máximo 500 valores'),
});
export type FilterUnit = z.infer<typeof FilterUnitSchema>;

export const LogicOperatorSchema = z.enum(LOGIC_OPERATORS, { error: 'Operador lógico inválido' });

/** A group ("aggregator"): units alternating with logic operators, e.g. [u1, 'OR', u2]. */
export const FilterGroupSchema = z.strictObject({
  units: z
    .array(z.union([FilterUnitSchema, LogicOperatorSchema]))
    .max(60, 'Um grupo aceita no máximo 30 condições'),
});
export type FilterGroup = z.infer<typeof FilterGroupSchema>;

/** Values of a whole expression: each becomes one to three SQL parameters (PostgreSQL takes 65,535). */
export const MAX_EXPRESSION_VALUES = 5000;

function countValues(expression: readonly unknown[]): number {
  let n = 0;
  for (const group of expression) {
    if (typeof group !== 'object' || group === null) continue;
    for (const unit of (group as FilterGroup).units) if (typeof unit === 'object') n += unit.values.length;
  }
  return n;
}

/**
 * The expression: groups alternating with logic operators, e.g. [g1, 'AND', g2]. Evaluation:
 * each group is parenthesised; inside a group and between groups AND binds tighter than OR.
 * An empty list matches everything.
 */
export const FilterExpressionSchema = z
  .array(z.union([FilterGroupSchema, LogicOperatorSchema]))
  .max(30, 'A expressão aceita no máximo 15 grupos')
  .refine((expression) => countValues(expression) <= MAX_EXPRESSION_VALUES, {
    message: 'A expressão aceita no máximo 5.000 valores no total',
  });
export type FilterExpression = z.infer<typeof FilterExpressionSchema>;

const isBirthParts = (v: FilterValue): v is BirthDateParts => typeof v === 'object' && v !== null;

/** Checks a birth-date value (spec 2 §5 "Birth date"); returns a message or undefined. */
export function birthDateError(
  value: FilterValue,
  currentYear = new Date().getFullYear(),
): string | undefined {
  if (typeof value === 'string') {
    return (BIRTH_DATE_QUICK_VALUES as readonly string[]).includes(value)
      ? undefined
      : EXPRESSION_MESSAGES.birthDate;
  }
  if (!isBirthParts(value)) return EXPRESSION_MESSAGES.birthDate;
  const { day, month, year } = value;
  if (day === undefined && month === undefined && year === undefined) return EXPRESSION_MESSAGES.birthDate;
  if (year !== undefined && year < 1900) return EXPRESSION_MESSAGES.birthYearMin;
  if (year !== undefined && year > currentYear) return EXPRESSION_MESSAGES.birthYearMax;
  if (day !== undefined) {
    const probe = `${year ?? currentYear}-${String(month ?? 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    // a day alone is any month's day; with a month it must exist in that month (29/02 needs a leap year only with a year)
    if (month !== undefined && !isValidIsoDate(probe) && !(day === 29 && month === 2 && year === undefined)) {
      return EXPRESSION_MESSAGES.birthDate;
    }
  }
  return undefined;
}

const partsKey = (v: FilterValue) =>
  isBirthParts(v)
    ? ['day', 'month', 'year'].filter((k) => v[k as keyof BirthDateParts] !== undefined).join(',')
    : 'quick';

/** Checks one unit against its field definition; returns a message or undefined. */
export function unitError(def: FieldDef, unit: FilterUnit): string | undefined {
  if (!OPERATORS_BY_KIND[def.kind].includes(unit.operator))
    return EXPRESSION_MESSAGES.operator(def.field, unit.operator);
  const values = unit.values;
  const n = values.length;
  const between = unit.operator === 'BETWEEN';
  switch (def.kind) {
    case 'string':
      return n === 1 && typeof values[0] === 'string' && values[0].trim() !== ''
        ? undefined
        : EXPRESSION_MESSAGES.values(def.field);
    case 'number':
      return (between ? n === 2 : n === 1) && values.every((v) => typeof v === 'number')
        ? undefined
        : EXPRESSION_MESSAGES.values(def.field);
    case 'date':
      return (between ? n === 2 : n === 1) &&
        values.every((v) => typeof v === 'string' && isValidIsoDate(v.slice(0, 10)))
        ? undefined
        : EXPRESSION_MESSAGES.values(def.field);
    case 'birthDate': {
      if (between ? n !== 2 : n !== 1) return EXPRESSION_MESSAGES.values(def.field);
      for (const v of values) {
        const error = birthDateError(v);
        if (error) return error;
      }
      if (between && partsKey(values[0] as FilterValue) !== partsKey(values[1] as FilterValue)) {
        return EXPRESSION_MESSAGES.birthBetweenParts;
      }
      if (between && values.some((v) => typeof v === 'string')) return EXPRESSION_MESSAGES.values(def.field);
      return undefined;
    }
    case 'enum':
      if (n === 0 || (unit.operator === '=' && n !== 1)) return EXPRESSION_MESSAGES.values(def.field);
      return values.every((v) => typeof v === 'string' && def.values?.includes(v))
        ? undefined
        : EXPRESSION_MESSAGES.values(def.field);
    case 'autocomplete':
    case 'tags':
      if (n === 0 || (unit.operator === '=' && n !== 1)) return EXPRESSION_MESSAGES.values(def.field);
      return values.every(
        (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0) || (typeof v === 'string' && v !== ''),
      )
        ? undefined
        : EXPRESSION_MESSAGES.values(def.field);
  }
}

function alternates<T>(items: readonly (T | string)[]): boolean {
  return (
    items.every((item, i) => (i % 2 === 0 ? typeof item !== 'string' : typeof item === 'string')) &&
    items.length % 2 === 1
  );
}

/**
 * Every problem of an expression for a segment type (field whitelist, operators, values,
 * alternation), as pt-BR messages. Empty means the expression can be compiled.
 */
export function expressionErrors(type: SegmentType, expression: FilterExpression): string[] {
  const errors: string[] = [];
  if (expression.length === 0) return errors;
  if (!alternates(expression)) errors.push(EXPRESSION_MESSAGES.alternation);
  for (const group of expression) {
    if (typeof group === 'string') continue;
    if (group.units.length === 0 || !alternates(group.units)) errors.push(EXPRESSION_MESSAGES.alternation);
    for (const unit of group.units) {
      if (typeof unit === 'string') continue;
      const def = fieldDef(type, unit.field);
      const error = def ? unitError(def, unit) : EXPRESSION_MESSAGES.unknownField(unit.field);
      if (error && !errors.includes(error)) errors.push(error);
    }
  }
  return errors;
}

/** True when a unit has field, operator and all its values (spec 2 §5). */
export function isUnitComplete(type: SegmentType, unit: Partial<FilterUnit>): unit is FilterUnit {
  if (!unit.field || !unit.operator || !unit.values) return false;
  const def = fieldDef(type, unit.field);
  return !!def && unitError(def, unit as FilterUnit) === undefined;
}

/** Operators offered for a field. */
export function operatorsFor(type: SegmentType, field: string): readonly CompareOperator[] {
  const def = fieldDef(type, field);
  return def ? OPERATORS_BY_KIND[def.kind] : [];
}
