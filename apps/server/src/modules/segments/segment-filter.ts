import { expressionErrors, type FilterExpression, type SegmentType, TIME_ZONE } from '@mandato/domain';
import type { Expression, SqlBool } from 'kysely';
import { badRequest } from '../../platform/http/errors.ts';
import { type CompileContext, compileFilter, INVALID_EXPRESSION } from './filter/compile-filter.ts';

/** 400 'Expressão de filtro inválida' with the domain's pt-BR messages when not valid for the type. */
export function assertExpression(type: SegmentType, expression: FilterExpression) {
  const errors = expressionErrors(type, expression);
  if (errors.length > 0) throw badRequest(INVALID_EXPRESSION, errors);
}

/**
 * The WHERE condition of an expression (people aliased `p`, companies `c`); undefined for the
 * empty expression (everything matches). The compiler answers 400 for an invalid expression.
 */
export function compileChecked(
  type: SegmentType,
  expression: FilterExpression,
  options: Pick<CompileContext, 'nameWords'> = {},
): Expression<SqlBool> | undefined {
  if (expression.length === 0) return undefined;
  return compileFilter(expression, { type, timeZone: TIME_ZONE, ...options });
}
