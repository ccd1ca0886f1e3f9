export * from './access/modules.ts';
export * from './access/roles.ts';
export * from './auth/schemas.ts';
export * from './common/constants.ts';
export * from './common/messages.ts';
export * from './tenant/plans.ts';
export * from './tenant/schema.ts';
