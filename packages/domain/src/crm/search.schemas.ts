import { z } from 'zod';
import { textSchema } from '../common/text.ts';
import { FilterExpressionSchema } from '../filter/expression.ts';
import { SegmentTypeSchema } from './enums.ts';

export const PEOPLE_PAGE_SIZE = 50;
export const SEGMENTS_PAGE_SIZE = 8;
export const PERSON_ORDERING = ['name', 'vote', 'influence', 'createDate'] as const;
export const COMPANY_ORDERING = ['name', 'createDate'] as const;

const page = z.coerce
  .number({ error: 'Página inválida' })
  .int()
  .min(1, 'Página inválida')
  .max(1_000_000)
  .default(1);
const itemsPerPage = z.coerce
  .number({ error: 'Tamanho de página inválido' })
  .int()
  .min(1)
  .max(200)
  .default(PEOPLE_PAGE_SIZE);
const ascending = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .default(true);

/** POST /people/search (spec 2 §7): the expression plus paging and ordering; type PERSON or TEAM. */
export const PeopleSearchSchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  type: z.enum(['PERSON', 'TEAM'], { error: 'Valor não permitido' }).default('PERSON'),
  page,
  itemsPerPage,
  orderingCriteria: z.enum(PERSON_ORDERING, { error: 'Valor não permitido' }).default('name'),
  orderingAscending: ascending,
});
export type PeopleSearch = z.output<typeof PeopleSearchSchema>;

export const CompaniesSearchSchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  page,
  itemsPerPage,
  orderingCriteria: z.enum(COMPANY_ORDERING, { error: 'Valor não permitido' }).default('name'),
  orderingAscending: ascending,
});
export type CompaniesSearch = z.output<typeof CompaniesSearchSchema>;

/** POST /segments and PUT /segments/{id}. */
export const SegmentSaveSchema = z.strictObject({
  name: textSchema({ error: 'Nome é obrigatório' })
    .trim()
    .min(1, 'Nome é obrigatório')
    .max(80, 'Máximo de 80 caracteres'),
  type: SegmentTypeSchema,
  expression: FilterExpressionSchema,
});
export type SegmentSave = z.output<typeof SegmentSaveSchema>;

export interface Segment {
  code: number;
  name: string;
  type: z.infer<typeof SegmentTypeSchema>;
  expression: z.infer<typeof FilterExpressionSchema>;
  /** records the segment matches, for the caller's visibility */
  total: number;
  special: boolean;
}

export interface ListAnswer<T> {
  list: T[];
  total: number;
}
