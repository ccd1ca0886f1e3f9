/**
 * A tenant slug (the X-Schema header, the first path segment of the web app): 2 to 63 of
 * lowercase letters, digits and hyphens, not starting with a hyphen. The database checks the same
 * pattern (migration 0001, `tenants.slug`). No zod here: the web app's login route uses it (plain.ts).
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
