import { z } from 'zod';

/** A record code in the path: 1 to 15 digits (fits a JS number); anything else is a 400. */
export const idParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,14}$/, 'Código inválido'),
});

/** `page` (1-based) and `itemsPerPage` of a query string; out-of-range values are a 400. */
export const pageQuery = (defaultSize: number, maxSize = 200) => ({
  page: z.coerce
    .number({ error: 'Página inválida' })
    .int('Página inválida')
    .min(1, 'Página inválida')
    .max(1_000_000, 'Página inválida')
    .default(1),
  itemsPerPage: z.coerce
    .number({ error: 'Tamanho de página inválido' })
    .int('Tamanho de página inválido')
    .min(1, 'Tamanho de página inválido')
    .max(maxSize, 'Tamanho de página inválido')
    .default(defaultSize),
});

/** `codes` given as `codes=1&codes=2` or `codes=1,2`: positive integers, at most 500. */
export const codesQuery = z.preprocess(
  (v) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter((s) => s.trim() !== ''),
  z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
      error: 'Deve ser uma lista de números inteiros',
    })
    .max(500),
);

export const searchString = z.string().max(200).optional();
