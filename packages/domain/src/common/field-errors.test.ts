import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FilterExpressionSchema } from '../filter/expression.ts';
import { PeopleSearchSchema } from '../index.ts';
import { fieldErrors } from './field-errors.ts';
import { MESSAGES } from './messages.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error.issues);
};

describe('fieldErrors', () => {
  it("speaks pt-BR for zod's own messages and says 'Campo Obrigatório' for a missing field", () => {
    const schema = z.strictObject({ name: z.string(), age: z.number().max(3) });
    expect(errorsOf(schema, { age: 'x', extra: 1 })).toEqual({
      name: [MESSAGES.required],
      age: ['Entrada inválida: esperava um número, recebeu um texto'],
      extra: [MESSAGES.unknownField],
    });
  });

  it('names the failure inside the union option the value was meant to be', () => {
    const unit = { field: 'name', operator: '=', values: ['a'] };
    const units = Array.from({ length: 31 }, () => unit).flatMap((u, i) => (i ? ['OR', u] : [u]));
    expect(errorsOf(FilterExpressionSchema, [{ units }, 'XOR', { units: [unit] }])).toEqual({
      '0.units': ['Um grupo aceita no máximo 30 condições'],
      '1': ['Operador lógico inválido'],
    });
  });

  it('caps the values of a whole expression', () => {
    const unit = { field: 'tags', operator: 'IN', values: Array.from({ length: 500 }, (_, i) => i) };
    const group = { units: Array.from({ length: 11 }, () => unit).flatMap((u, i) => (i ? ['OR', u] : [u])) };
    expect(errorsOf(PeopleSearchSchema, { type: 'PERSON', expression: [group] })).toMatchObject({
      expression: ['A expressão aceita no máximo 5.000 valores no total'],
    });
  });
});
