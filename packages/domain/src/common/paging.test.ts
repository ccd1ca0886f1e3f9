import './zod-locale.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors.ts';
import {
  itemsPerPageSchema,
  MAX_ITEMS_PER_PAGE,
  MAX_PAGE,
  PAGING_MESSAGES,
  pageNumberSchema,
  pageOffset,
  pageQuery,
} from './paging.ts';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(value)}`);
  return fieldErrors(result.error.issues);
};

describe('paging', () => {
  const query = z.object({ searchString: z.string().optional(), ...pageQuery(20) });

  it('defaults to the first page of the given size; query-string numbers are read', () => {
    expect(query.parse({})).toEqual({ page: 1, itemsPerPage: 20 });
    expect(query.parse({ page: '7', itemsPerPage: '200' })).toEqual({ page: 7, itemsPerPage: 200 });
    expect(query.parse({ page: MAX_PAGE, itemsPerPage: 1 })).toEqual({ page: MAX_PAGE, itemsPerPage: 1 });
    expect(MAX_ITEMS_PER_PAGE).toBe(200);
  });

  it('every out-of-range, fractional or non-numeric value has its pt-BR message', () => {
    for (const page of [0, -1, 1.5, MAX_PAGE + 1, 'abc', '1e9'])
      expect(errorsOf(query, { page }), String(page)).toEqual({ page: [PAGING_MESSAGES.page] });
    for (const itemsPerPage of [0, 201, 2.5, 'x'])
      expect(errorsOf(query, { itemsPerPage }), String(itemsPerPage)).toEqual({
        itemsPerPage: [PAGING_MESSAGES.itemsPerPage],
      });
    expect(PAGING_MESSAGES).toEqual({ page: 'Página inválida', itemsPerPage: 'Tamanho de página inválido' });
  });

  it('a route can lower or raise the largest page', () => {
    const small = z.object(pageQuery(8, 100));
    expect(small.parse({})).toEqual({ page: 1, itemsPerPage: 8 });
    expect(errorsOf(small, { itemsPerPage: 101 })).toEqual({ itemsPerPage: [PAGING_MESSAGES.itemsPerPage] });
    expect(z.object(pageQuery(100, 500)).parse({ itemsPerPage: 500 }).itemsPerPage).toBe(500);
    expect(itemsPerPageSchema(50).parse(undefined)).toBe(50);
    expect(pageNumberSchema().parse(undefined)).toBe(1);
  });

  it('builds fresh schemas each call (a route cannot change another one)', () => {
    expect(pageQuery(20).page).not.toBe(pageQuery(20).page);
  });

  it('offset of a page', () => {
    expect(pageOffset({ page: 1, itemsPerPage: 50 })).toBe(0);
    expect(pageOffset({ page: 3, itemsPerPage: 20 })).toBe(40);
  });
});
