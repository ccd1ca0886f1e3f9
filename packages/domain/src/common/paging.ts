import { z } from 'zod';

/** Highest page number a list accepts (1-based). */
export const MAX_PAGE = 1_000_000;
/** Largest page a list accepts unless a route says otherwise. */
export const MAX_ITEMS_PER_PAGE = 200;

export const PAGING_MESSAGES = {
  page: 'Página inválida',
  itemsPerPage: 'Tamanho de página inválido',
} as const;

/** `page`, 1-based, default 1; a number or a numeric string (query strings). */
export const pageNumberSchema = () =>
  z.coerce
    .number({ error: PAGING_MESSAGES.page })
    .int(PAGING_MESSAGES.page)
    .min(1, PAGING_MESSAGES.page)
    .max(MAX_PAGE, PAGING_MESSAGES.page)
    .default(1);

/** `itemsPerPage` from 1 to `maxSize`, default `defaultSize`; a number or a numeric string. */
export const itemsPerPageSchema = (defaultSize: number, maxSize: number = MAX_ITEMS_PER_PAGE) =>
  z.coerce
    .number({ error: PAGING_MESSAGES.itemsPerPage })
    .int(PAGING_MESSAGES.itemsPerPage)
    .min(1, PAGING_MESSAGES.itemsPerPage)
    .max(maxSize, PAGING_MESSAGES.itemsPerPage)
    .default(defaultSize);

/**
 * The paging fields of a list, to spread into a query-string or body object schema:
 * `z.object({ searchString, ...pageQuery(20) })`. Out-of-range or non-integer values fail with
 * 'Página inválida' / 'Tamanho de página inválido'.
 */
export const pageQuery = (defaultSize: number, maxSize: number = MAX_ITEMS_PER_PAGE) => ({
  page: pageNumberSchema(),
  itemsPerPage: itemsPerPageSchema(defaultSize, maxSize),
});

/** What `pageQuery` yields. */
export interface PageQuery {
  page: number;
  itemsPerPage: number;
}

/** Rows to skip for a page. */
export const pageOffset = ({ page, itemsPerPage }: PageQuery): number => (page - 1) * itemsPerPage;
