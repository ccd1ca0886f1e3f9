/**
 * The zod-free part of the domain, as `@mandato/domain/plain`: constants, texts and the plain field
 * rules. The web app's login route (its first bundle, budget in apps/web/scripts/check-bundle.mjs)
 * imports from here, since the main entry (index.ts) sets zod up on import and so brings zod along.
 * Every name here is also exported by index.ts; nothing imported here may import zod.
 */
export * from './auth/auth-page.texts.ts';
export * from './auth/login-rules.ts';
export * from './common/constants.ts';
export * from './common/control-characters.ts';
export * from './common/messages.ts';
export * from './platform/page-titles.ts';
export * from './tenant/slug-pattern.ts';
