import type { AreaRule } from '@mandato/domain';

/** The audit log (settings › 'Auditoria', issue 31): ROLE_CONFIG. */
export const AUDIT_RULE: AreaRule = { roles: ['ROLE_CONFIG'] };
