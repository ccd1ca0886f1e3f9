import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { MAX_ITEMS_PER_PAGE, PAGING_MESSAGES, pageQuery } from '../common/paging.ts';
import { textSchema } from '../common/text.ts';
import { FilterExpressionSchema } from '../filter/expression.ts';
import { SegmentTypeSchema } from './enums.ts';

export const PEOPLE_PAGE_SIZE = 50;
export const SEGMENTS_PAGE_SIZE = 8;
export const PERSON_ORDERING = ['name', 'vote', 'influence', 'createDate'] as const;
export const COMPANY_ORDERING = ['name', 'createDate'] as const;

/** `orderingAscending` of a list: a boolean, or 'true'/'false' in a query string; true when absent. */
export const OrderingAscendingSchema = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .default(true);

/** POST /people/search (spec 2 §7): the expression plus paging and ordering; type PERSON or TEAM. */
export const PeopleSearchSchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  type: z.enum(['PERSON', 'TEAM'], { error: MESSAGES.notAllowed }).default('PERSON'),
  ...pageQuery(PEOPLE_PAGE_SIZE),
  orderingCriteria: z.enum(PERSON_ORDERING, { error: MESSAGES.notAllowed }).default('name'),
  orderingAscending: OrderingAscendingSchema,
});
export type PeopleSearch = z.output<typeof PeopleSearchSchema>;

/** A 'true'/'false' flag of a query string; false when absent. */
const queryFlag = z
  .enum(['true', 'false'], { error: MESSAGES.notAllowed })
  .optional()
  .transform((v) => v === 'true');

/**
 * GET /people (spec 3 §7.1 'People counts'): the people of a list by code (a saved list, or the
 * special codes), paged; `validEmail` / `validSMS` keep only the people that channel can reach (a
 * valid address that did not opt out; both: both channels); `itemsPerPage=0` answers only the total.
 */
export const PeopleListQuerySchema = z.strictObject({
  segmentCode: z.coerce
    .number({ error: MESSAGES.notAllowed })
    .int(MESSAGES.notAllowed)
    .positive(MESSAGES.notAllowed)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.notAllowed)
    .optional(),
  page: pageQuery(PEOPLE_PAGE_SIZE).page,
  itemsPerPage: z.coerce
    .number({ error: PAGING_MESSAGES.itemsPerPage })
    .int(PAGING_MESSAGES.itemsPerPage)
    .min(0, PAGING_MESSAGES.itemsPerPage)
    .max(MAX_ITEMS_PER_PAGE, PAGING_MESSAGES.itemsPerPage)
    .default(PEOPLE_PAGE_SIZE),
  orderingCriteria: z.enum(PERSON_ORDERING, { error: MESSAGES.notAllowed }).default('name'),
  orderingAscending: OrderingAscendingSchema,
  validEmail: queryFlag,
  validSMS: queryFlag,
});
export type PeopleListQuery = z.output<typeof PeopleListQuerySchema>;

export const CompaniesSearchSchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  ...pageQuery(PEOPLE_PAGE_SIZE),
  orderingCriteria: z.enum(COMPANY_ORDERING, { error: MESSAGES.notAllowed }).default('name'),
  orderingAscending: OrderingAscendingSchema,
});
export type CompaniesSearch = z.output<typeof CompaniesSearchSchema>;

/** POST /segments and PUT /segments/{id}. */
export const SegmentSaveSchema = z.strictObject({
  name: textSchema({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(80, 'Máximo de 80 caracteres'),
  type: SegmentTypeSchema,
  expression: FilterExpressionSchema,
});
export type SegmentSave = z.output<typeof SegmentSaveSchema>;

export const SegmentSchema = z
  .object({
    code: z.number(),
    name: z.string(),
    type: SegmentTypeSchema,
    expression: FilterExpressionSchema,
    /** records the segment matches, for the caller's visibility */
    total: z.number(),
    special: z.boolean(),
  })
  .meta({ id: 'Segment' });
export type Segment = z.infer<typeof SegmentSchema>;
/** PUT /segments/{id}/toogle-active */
export const SegmentToggledSchema = z.object({ code: z.number(), active: z.boolean() });
/** GET /segments/names */
export const SegmentNameSchema = z.object({
  code: z.number(),
  name: z.string(),
  type: SegmentTypeSchema,
  special: z.boolean(),
});
