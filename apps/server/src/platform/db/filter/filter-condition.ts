import type { FilterExpression, SegmentType } from '@mandato/domain';
import type { Expression, SqlBool } from 'kysely';
import { memoByObject } from '../../lazy.ts';
import { compileFilter } from './compile-filter.ts';

export { idCodes, isOneNameWord, usesNameWords } from './compile-filter.ts';

/** How a repository wants an expression compiled (see CompileContext). */
export interface ConditionOptions {
  /** false: name CONTAINS checked on the name alone, without the name-words lookup */
  nameWords?: boolean;
}

/**
 * The WHERE condition of an expression for repositories (people aliased `p`, companies `c`);
 * undefined for the empty expression (everything matches); 400 'Expressão de filtro inválida' for
 * an invalid one. Memoised per expression object, so the count and the page of one request compile
 * it once. Only repositories call this (architecture.test.ts).
 */
export function filterCondition(
  type: SegmentType,
  expression: FilterExpression,
  options: ConditionOptions = {},
): Expression<SqlBool> | undefined {
  if (expression.length === 0) return undefined;
  return compiled(expression, `${type}:${options.nameWords !== false}`);
}

/** By expression object and `type:nameWords` (an expression is never changed once parsed). */
const compiled = memoByObject((expression: FilterExpression, variant: string) => {
  const [type, nameWords] = variant.split(':') as [SegmentType, string];
  return compileFilter(expression, { type, nameWords: nameWords === 'true' });
});
