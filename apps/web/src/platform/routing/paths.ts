import { DEFAULT_ROUTE } from '@mandato/domain/plain';

/** Route paths of the app (spec 1 §2). Public ones have no tenant slug. */
export const PUBLIC_PATHS = {
  login: '/login',
  recovery: '/recuperar-senha',
  /** the sender activation link of the marketing e-mail (spec 3 §2.4) */
  senderConfirm: '/sender-email-confirm/:senderCode/:senderToken/:token',
  /** the unsubscribe link of a shot's e-mail (issue 26): asks, then opts out */
  unsubscribe: '/descadastrar/:linkId',
} as const;

/** Tenant route segments, below '/:slug/'. */
export const TENANT_SEGMENTS = {
  agenda: 'agenda',
  people: 'pessoas',
  marketing: 'marketing',
  reports: 'relatorios',
  donation: 'doacao',
  admin: 'admin',
  amendments: 'emendas',
  demands: 'demandas',
  profile: 'perfil',
  devTest: 'dev-test',
  notFound: 'nao-encontrada',
} as const;
export type TenantSegment = (typeof TENANT_SEGMENTS)[keyof typeof TENANT_SEGMENTS];

export function tenantPath(slug: string, segment: string = DEFAULT_ROUTE): string {
  return `/${slug}/${segment.replace(/^\/+/, '')}`;
}

export function defaultRoute(slug: string): string {
  return tenantPath(slug, DEFAULT_ROUTE);
}
