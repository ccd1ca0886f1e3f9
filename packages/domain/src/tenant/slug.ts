import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { PLAN_IDS } from './plans.ts';

/**
 * A tenant slug (the X-Schema header, the first path segment of the web app): 2 to 63 of
 * lowercase letters, digits and hyphens, not starting with a hyphen. The database checks the same
 * pattern (migration 0001, `tenants.slug`).
 */
export const SLUG_PATTERN_SOURCE = '[a-z0-9][a-z0-9-]{1,62}';
/** `SLUG_PATTERN_SOURCE` anchored: the whole value is a slug. */
export const SLUG_PATTERN = new RegExp(`^${SLUG_PATTERN_SOURCE}$`);
export const SLUG_MAX_LENGTH = 63;

/** What people type (' Demo ') → the slug to look up ('demo'). */
export const normaliseTenantSlug = (value: string): string => value.trim().toLowerCase();

/** Whether `value` is already a slug (no trimming or lower-casing). */
export const isTenantSlug = (value: unknown): value is string =>
  typeof value === 'string' && SLUG_PATTERN.test(value);

/** Texts of the tenant operator paths (CLI) and of the public tenant lookup. */
export const TENANT_MESSAGES = {
  invalidSlug: 'Slug inválido: use de 2 a 63 letras minúsculas, dígitos ou hífens',
  nameRequired: 'Nome do tenant é obrigatório',
  invalidPlan: (planId: string) =>
    `Plano inválido: ${planId}. Use ${PLAN_IDS.slice(0, -1).join(', ')} ou ${PLAN_IDS.at(-1)}`,
  slugTaken: (slug: string) => `Já existe um tenant com o slug ${slug}`,
  notFound: (slug: string) => `Tenant não encontrado: ${slug}`,
  domainNotFound: 'Domínio não encontrado',
} as const;

/** A slug as typed: trimmed and lower-cased, then checked; missing → 'Campo Obrigatório'. */
export const TenantSlugSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required : TENANT_MESSAGES.invalidSlug) })
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, TENANT_MESSAGES.invalidSlug);
