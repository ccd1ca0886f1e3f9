import '../common/zod-locale.ts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../common/field-errors.ts';
import { MESSAGES } from '../common/messages.ts';
import { PAGING_MESSAGES } from '../common/paging.ts';
import {
  CompaniesSearchSchema,
  PEOPLE_PAGE_SIZE,
  PeopleListQuerySchema,
  PeopleSearchSchema,
  SegmentSaveSchema,
} from './search.schemas.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(value)}`);
  return fieldErrors(result.error.issues);
};

const unit = { field: 'name', operator: 'CONTAINS', values: ['ana'] };

describe('PeopleSearchSchema', () => {
  it('an empty body is the first page of everyone, by name', () => {
    expect(PeopleSearchSchema.parse({})).toEqual({
      expression: [],
      type: 'PERSON',
      page: 1,
      itemsPerPage: PEOPLE_PAGE_SIZE,
      orderingCriteria: 'name',
      orderingAscending: true,
    });
  });

  it('takes an expression, the team type, numeric strings for paging and "false" for descending', () => {
    expect(
      PeopleSearchSchema.parse({
        expression: [{ units: [unit] }],
        type: 'TEAM',
        page: '3',
        itemsPerPage: 200,
        orderingCriteria: 'influence',
        orderingAscending: 'false',
      }),
    ).toEqual({
      expression: [{ units: [unit] }],
      type: 'TEAM',
      page: 3,
      itemsPerPage: 200,
      orderingCriteria: 'influence',
      orderingAscending: false,
    });
  });

  it('refuses bad paging, types, orderings and unknown keys in pt-BR', () => {
    expect(
      errorsOf(PeopleSearchSchema, {
        type: 'COMPANY',
        page: 0,
        itemsPerPage: 201,
        orderingCriteria: 'cpf',
        orderingAscending: 'yes',
        extra: 1,
      }),
    ).toMatchObject({
      type: [MESSAGES.notAllowed],
      page: [PAGING_MESSAGES.page],
      itemsPerPage: [PAGING_MESSAGES.itemsPerPage],
      orderingCriteria: [MESSAGES.notAllowed],
      extra: [MESSAGES.unknownField],
    });
    expect(errorsOf(PeopleSearchSchema, { page: 'abc', itemsPerPage: 0 })).toEqual({
      page: ['Página inválida'],
      itemsPerPage: ['Tamanho de página inválido'],
    });
    expect(Object.keys(errorsOf(PeopleSearchSchema, { expression: 'name=ana' }))).toEqual(['expression']);
  });
});

describe('CompaniesSearchSchema', () => {
  it('orders by name or creation date only', () => {
    expect(CompaniesSearchSchema.parse({ orderingCriteria: 'createDate' })).toMatchObject({
      orderingCriteria: 'createDate',
      page: 1,
      itemsPerPage: PEOPLE_PAGE_SIZE,
    });
    expect(errorsOf(CompaniesSearchSchema, { orderingCriteria: 'vote' })).toEqual({
      orderingCriteria: [MESSAGES.notAllowed],
    });
    expect(errorsOf(CompaniesSearchSchema, { type: 'PERSON' })).toEqual({ type: [MESSAGES.unknownField] });
  });
});

describe('SegmentSaveSchema', () => {
  it('a named list of a type with its expression', () => {
    expect(SegmentSaveSchema.parse({ name: ' Jovens ', type: 'PERSON', expression: [] })).toEqual({
      name: 'Jovens',
      type: 'PERSON',
      expression: [],
    });
    expect(errorsOf(SegmentSaveSchema, { name: ' ', type: 'PERSON', expression: [] })).toEqual({
      name: ['Nome é obrigatório'],
    });
    expect(errorsOf(SegmentSaveSchema, { type: 'PERSON', expression: [] })).toEqual({
      name: ['Nome é obrigatório'],
    });
    expect(errorsOf(SegmentSaveSchema, { name: 'a'.repeat(81), type: 'X', expression: [] })).toEqual({
      name: ['Máximo de 80 caracteres'],
      type: [MESSAGES.notAllowed],
    });
  });
});

describe('PeopleListQuerySchema (GET /people)', () => {
  it('reads the query string: code, page, itemsPerPage from 0, the channel flags', () => {
    expect(PeopleListQuerySchema.parse({})).toEqual({
      page: 1,
      itemsPerPage: PEOPLE_PAGE_SIZE,
      orderingCriteria: 'name',
      orderingAscending: true,
      validEmail: false,
      validSMS: false,
    });
    expect(
      PeopleListQuerySchema.parse({
        segmentCode: '7',
        itemsPerPage: '0',
        validEmail: 'true',
        validSMS: 'false',
      }),
    ).toMatchObject({ segmentCode: 7, itemsPerPage: 0, validEmail: true, validSMS: false });
  });

  it('refuses negative or huge values, other flag words and unknown keys', () => {
    const errors = (input: unknown) => {
      const r = PeopleListQuerySchema.safeParse(input);
      return r.success ? {} : fieldErrors(r.error.issues);
    };
    expect(errors({ itemsPerPage: '-1' })).toEqual({ itemsPerPage: [PAGING_MESSAGES.itemsPerPage] });
    expect(errors({ segmentCode: '9'.repeat(400) })).toEqual({ segmentCode: [MESSAGES.notAllowed] });
    expect(errors({ validEmail: 'sim' })).toEqual({ validEmail: [MESSAGES.notAllowed] });
    expect(Object.keys(errors({ extra: '1' }))).toEqual(['extra']);
  });
});
