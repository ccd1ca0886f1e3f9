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

  it('answers Object.prototype member names as unknown fields and leaves Object.prototype alone', () => {
    const keys = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype'];
    const before = Object.getOwnPropertyNames(Object.prototype);
    const schema = z.strictObject({ name: z.string(), address: z.strictObject({ city: z.string() }) });
    for (const key of keys) {
      const input = JSON.parse(`{"${key}":{"polluted":1},"name":"x","address":{"city":"y","${key}":1}}`);
      const errors = errorsOf(schema, input);
      expect(Object.keys(errors).sort()).toEqual([key, `address.${key}`].sort());
      expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
      expect(Object.hasOwn(errors, key) && errors[key]).toEqual([MESSAGES.unknownField]);
      expect(JSON.parse(JSON.stringify(errors))[key]).toEqual([MESSAGES.unknownField]);
    }
    // declared fields so named
    const named = errorsOf(z.object({ toString: z.string(), constructor: z.number() }), {
      toString: 1,
      constructor: 'a',
    });
    expect(named.toString).toEqual(['Entrada inválida: esperava um texto, recebeu um número']);
    expect(Object.keys(named).sort()).toEqual(['constructor', 'toString']);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('caps the values of a whole expression', () => {
    const unit = { field: 'tags', operator: 'IN', values: Array.from({ length: 500 }, (_, i) => i) };
    const group = { units: Array.from({ length: 11 }, () => unit).flatMap((u, i) => (i ? ['OR', u] : [u])) };
    expect(errorsOf(PeopleSearchSchema, { type: 'PERSON', expression: [group] })).toMatchObject({
      expression: ['A expressão aceita no máximo 5.000 valores no total'],
    });
  });
});
