import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { FilterExpressionSchema } from '../filter/expression.ts';

/**
 * Geocoding state of a person or company (migration 0016): what the geocoder knows of the current
 * address. PENDING waits for the queue; DONE has latitude/longitude; NOT_FOUND no source placed it;
 * NO_ADDRESS has nothing to geocode.
 */
export const GEO_STATUSES = ['PENDING', 'DONE', 'NOT_FOUND', 'NO_ADDRESS'] as const;
export type GeoStatus = (typeof GEO_STATUSES)[number];
export const GEO_STATUS_LABELS: Record<GeoStatus, string> = {
  PENDING: 'Localização pendente',
  DONE: 'Localizado',
  NOT_FOUND: 'Endereço não encontrado',
  NO_ADDRESS: 'Sem endereço',
};

/** How close a point is, best first. MANUAL is a point a user placed (never replaced by a geocoder). */
export const GEO_PRECISIONS = ['MANUAL', 'STREET', 'ZIP', 'NEIGHBORHOOD', 'CITY'] as const;
export type GeoPrecision = (typeof GEO_PRECISIONS)[number];
export const GEO_PRECISION_LABELS: Record<GeoPrecision, string> = {
  MANUAL: 'Posição ajustada manualmente',
  STREET: 'Rua',
  ZIP: 'CEP',
  NEIGHBORHOOD: 'Bairro',
  CITY: 'Centro da cidade',
};

/** Rank of a precision: a higher number is a closer point (answers are compared by it). */
export function geoPrecisionRank(precision: GeoPrecision | null | undefined): number {
  if (!precision) return 0;
  return GEO_PRECISIONS.length - GEO_PRECISIONS.indexOf(precision);
}

/** The sources a point can come from (people.geo_source / companies.geo_source). */
export const GEO_SOURCES = ['offline', 'nominatim', 'MANUAL'] as const;
export type GeoSource = (typeof GEO_SOURCES)[number];
export const GEO_SOURCE_LABELS: Record<GeoSource, string> = {
  offline: 'Tabela de municípios do IBGE',
  nominatim: 'Serviço de localização',
  MANUAL: 'Ajuste manual',
};

/** POST /people/revalidate-coordinates: the people of the expression and type on screen. */
export const RevalidateCoordinatesSchema = z.strictObject({
  expression: FilterExpressionSchema.default([]),
  type: z.enum(['PERSON', 'TEAM'], { error: MESSAGES.notAllowed }).default('PERSON'),
});
export type RevalidateCoordinates = z.output<typeof RevalidateCoordinatesSchema>;

/** State of a revalidation (the same words as an import's). */
export const REVALIDATION_STATUSES = ['IN_PROGRESS', 'CONCLUDED', 'ERROR'] as const;
export type RevalidationStatus = (typeof REVALIDATION_STATUSES)[number];
export const REVALIDATION_STATUS_LABELS: Record<RevalidationStatus, string> = {
  IN_PROGRESS: 'Em andamento',
  CONCLUDED: 'Concluído',
  ERROR: 'Erro',
};

/** The answer of POST /people/revalidate-coordinates: the revalidation's code and how many people. */
export const RevalidationStartedSchema = z.object({ code: z.number().int(), total: z.number().int() });
export type RevalidationStarted = z.output<typeof RevalidationStartedSchema>;

/** GET /people/revalidate-coordinates/{code}: progress of a revalidation. */
export const RevalidationProgressSchema = z.object({
  code: z.number().int(),
  status: z.enum(REVALIDATION_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
});
export type RevalidationProgress = z.output<typeof RevalidationProgressSchema>;

/** Texts of 'Revalidar pontos' (spec 2 §2 Map view, §8 Confirmations). */
export const GEO_MESSAGES = {
  revalidateButton: 'Revalidar pontos',
  revalidateConfirm: 'Deseja continuar e rechecar o(s) ponto(s) em mais de um seviço de localização?',
  revalidateStarted: (total: number) =>
    `Revalidação iniciada: ${total.toLocaleString('pt-BR')} pessoa(s) serão rechecadas.`,
  revalidateProgress: (done: number, total: number) =>
    `Revalidando pontos: ${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')}`,
  revalidateConcluded: 'Revalidação de pontos concluída',
  revalidateFailed: 'Não foi possível revalidar os pontos. Tente novamente.',
  revalidationNotFound: 'Revalidação não encontrada',
  revalidateForbidden: 'Revalidar pontos exige a permissão de equipe e o módulo de rechecagem de coordenadas',
} as const;
