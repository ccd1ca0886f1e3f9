import { MESSAGES, queryList } from '@mandato/domain';
import { z } from 'zod';

/** A record code in the path: 1 to 15 digits (fits a JS number); anything else is a 400. */
export const idParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,14}$/, MESSAGES.invalidCode),
});

/** `page` (1-based) and `itemsPerPage` of a query string (domain common/paging.ts). */
export { pageQuery } from '@mandato/domain';

/** `codes` given as `codes=1&codes=2` or `codes=1,2`: positive integers, at most 500. */
export const codesQuery = z.preprocess(
  (v) => queryList(v) ?? [],
  z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
      error: MESSAGES.integerList,
    })
    .max(500),
);

export const searchString = z.string().max(200).optional();
