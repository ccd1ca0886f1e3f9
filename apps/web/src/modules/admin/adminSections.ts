import { type Area, AUDIT_TEXTS, DONATION_TEXTS, POLITICIAN_TEXTS, PRIVACY_WEB_TEXTS } from '@mandato/domain';
import { AUDIT_PATH } from '../audit/auditPath.ts';

export interface AdminItem {
  path: string;
  label: string;
}

export interface AdminSection {
  key: string;
  label: string;
  area: Area;
  items: AdminItem[];
}

export const ADMIN_TITLE = 'Configurações';
export const ACCOUNT_PATH = 'sistema/assinatura';
export const SUBSCRIBE_PATH = 'assinar';
export const POLITICIANS_PATH = 'sistema/politicos';
export const DONATION_PROVIDER_PATH = 'sistema/provedor-doacoes';
export const PRIVACY_REQUESTS_PATH = 'privacidade/solicitacoes';
export const DUPLICATES_PATH = 'privacidade/duplicados';

/** Side menu of the settings area (spec 1 §2 "Admin"): Sistema needs ROLE_CONFIG, Marketing also ROLE_MARKETING. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    key: 'sistema',
    label: 'Sistema',
    area: 'admin',
    items: [
      { path: ACCOUNT_PATH, label: 'Detalhes da Assinatura' },
      { path: 'sistema/form-padrinho', label: 'Form. Apadrinhamento' },
      { path: POLITICIANS_PATH, label: POLITICIAN_TEXTS.menu },
      // issue 40 item 10: the account's token at the donation provider
      { path: DONATION_PROVIDER_PATH, label: DONATION_TEXTS.provider.menu },
    ],
  },
  {
    key: 'privacidade',
    label: PRIVACY_WEB_TEXTS.section,
    area: 'admin',
    items: [
      { path: PRIVACY_REQUESTS_PATH, label: PRIVACY_WEB_TEXTS.requestsMenu },
      { path: DUPLICATES_PATH, label: PRIVACY_WEB_TEXTS.duplicatesMenu },
      { path: AUDIT_PATH, label: AUDIT_TEXTS.title },
    ],
  },
  {
    key: 'mkt',
    label: 'Marketing',
    area: 'adminMarketing',
    items: [
      { path: 'mkt/minha-conta', label: 'Plano de Marketing' },
      { path: 'mkt/remetentes', label: 'Remetentes' },
      { path: 'mkt/dominios', label: 'Domínios' },
    ],
  },
];

/** The item whose path the current sub-path starts with; fallback the account view. */
export function matchAdminItem(subPath: string): string {
  const clean = subPath.replace(/^\/+|\/+$/g, '');
  for (const section of ADMIN_SECTIONS) {
    for (const item of section.items) {
      if (clean === item.path || clean.startsWith(`${item.path}/`)) return item.path;
    }
  }
  return ACCOUNT_PATH;
}
