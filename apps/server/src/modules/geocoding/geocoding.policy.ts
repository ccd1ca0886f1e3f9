import type { AreaRule } from '@mandato/domain';

/** 'Revalidar pontos' (spec 2 §2 Map view): ROLE_TEAM and the double-check-coordinates module. */
export const REVALIDATE_RULE: AreaRule = { module: 'doubleCheckCoordinates', roles: ['ROLE_TEAM'] };
