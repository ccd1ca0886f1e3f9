import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { PLAN_IDS } from './plans.ts';
import { SLUG_PATTERN } from './slug-pattern.ts';

export {
  isTenantSlug,
  normaliseTenantSlug,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  SLUG_PATTERN_SOURCE,
} from './slug-pattern.ts';

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
