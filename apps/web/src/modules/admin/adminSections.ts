import { type Area, POLITICIAN_TEXTS } from '@mandato/domain';

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
