// side effect first: every schema below reports in pt-BR
import './common/zod-locale.ts';

export * from './access/modules.ts';
export * from './access/plan-roles.ts';
export * from './access/roles.ts';
export * from './access/user-management.ts';
export * from './agenda/agenda.schemas.ts';
export * from './auth/schemas.ts';
export * from './common/constants.ts';
export * from './common/field-errors.ts';
export * from './common/messages.ts';
export * from './common/text.ts';
export * from './common/zoned-time.ts';
export * from './crm/company.schemas.ts';
export * from './crm/enums.ts';
export * from './crm/person.schemas.ts';
export * from './crm/search.schemas.ts';
export * from './crm/validators.ts';
export * from './crm/visibility.ts';
export * from './filter/expression.ts';
export * from './filter/fields.ts';
export * from './interactions/interaction-state.ts';
export * from './interactions/interactions.schemas.ts';
export * from './profile/profile.schemas.ts';
export * from './tenant/plans.ts';
export * from './tenant/schema.ts';
