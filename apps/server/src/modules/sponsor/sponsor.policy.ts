import { AREAS, type AreaRule, SPONSOR_REVIEW_RULE } from '@mandato/domain';

/** sys-admin/parameter/godfather-form and its favicon: the settings area (ROLE_CONFIG). */
export const SPONSOR_ADMIN_RULE: AreaRule = AREAS.admin;
/** A person's sponsor link (spec 2 §2: the button needs MODULE_INVITE) on a person the caller sees. */
export const SPONSOR_LINK_RULE: AreaRule = { module: 'invite', roles: ['ROLE_CRM', 'ROLE_TEAM'] };
/** A person's link and consent evidence, read in the person drawer. */
export const SPONSOR_PERSON_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };
/** Sign-ups of existing contacts waiting for review (the domain's rule, shared with the web). */
export { SPONSOR_REVIEW_RULE };
