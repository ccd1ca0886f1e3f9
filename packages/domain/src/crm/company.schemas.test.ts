import '../common/zod-locale.ts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../common/field-errors.ts';
import { MESSAGES } from '../common/messages.ts';
import { CompanySaveSchema, TagCreateSchema } from './company.schemas.ts';
import { PERSON_MESSAGES } from './person.schemas.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(value)}`);
  return fieldErrors(result.error.issues);
};

describe('CompanySaveSchema', () => {
  it('a valid save: trimmed name, CNPJ digits, defaults for the rest', () => {
    expect(
      CompanySaveSchema.parse({
        name: ' Escola Estadual ',
        cnpj: '11.222.333/0001-81',
        email: 'ESCOLA@example.com',
        phone: '(11) 3456-7890',
        tags: [2, 2, 5],
        mainContactPersonCode: 9,
      }),
    ).toEqual({
      name: 'Escola Estadual',
      cnpj: '11222333000181',
      email: 'escola@example.com',
      phone: '1134567890',
      address: null,
      tags: [2, 5],
      mainContactPersonCode: 9,
    });
    expect(CompanySaveSchema.parse({ name: 'X', cnpj: '', mainContactPersonCode: null })).toEqual({
      name: 'X',
      address: null,
      tags: [],
    });
  });

  it('the name is required', () => {
    expect(errorsOf(CompanySaveSchema, {})).toEqual({ name: [MESSAGES.required] });
    expect(errorsOf(CompanySaveSchema, { name: '   ' })).toEqual({ name: [MESSAGES.required] });
    expect(errorsOf(CompanySaveSchema, { name: 12 })).toEqual({ name: [PERSON_MESSAGES.text] });
  });

  it('answers a bad CNPJ, contact code, e-mail or address in pt-BR', () => {
    expect(
      errorsOf(CompanySaveSchema, {
        name: 'Escola',
        cnpj: '11.222.333/0001-82',
        email: 'x',
        mainContactPersonCode: -3,
        address: { street: 'Rua A' },
      }),
    ).toEqual({
      cnpj: ['Cnpj Inválido!'],
      email: ['Email inválido'],
      mainContactPersonCode: ['Deve ser um número inteiro'],
      'address.state': ['Informe o estado para prosseguir'],
    });
    expect(errorsOf(CompanySaveSchema, { name: 'Escola', cnpj: '11.111.111/1111-11' })).toEqual({
      cnpj: [PERSON_MESSAGES.cnpj],
    });
    expect(errorsOf(CompanySaveSchema, { name: 'Escola', site: 'x' })).toEqual({
      site: [MESSAGES.unknownField],
    });
  });
});

describe('TagCreateSchema', () => {
  it('a name of 1 to 60 characters, trimmed', () => {
    expect(TagCreateSchema.parse({ name: ' Saúde ' })).toEqual({ name: 'Saúde' });
    expect(errorsOf(TagCreateSchema, { name: ' ' })).toEqual({ name: [MESSAGES.required] });
    expect(errorsOf(TagCreateSchema, { name: 'a'.repeat(61) })).toEqual({
      name: ['Máximo de 60 caracteres'],
    });
  });
});
