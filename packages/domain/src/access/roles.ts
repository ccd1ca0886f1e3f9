import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';

export const ROLES = [
  'ROLE_CRM',
  'ROLE_CRM_ALL_DATA',
  'ROLE_TEAM',
  'ROLE_MARKETING',
  'ROLE_REPORT',
  'ROLE_CONFIG',
  'ROLE_DONATION',
] as const;
export const RoleSchema = z.enum(ROLES, { error: MESSAGES.notAllowed });
export type Role = z.infer<typeof RoleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_CRM: 'CRM',
  ROLE_CRM_ALL_DATA: 'Visualizar todos?',
  ROLE_TEAM: 'Equipe',
  ROLE_MARKETING: 'Marketing',
  ROLE_REPORT: 'Relatórios',
  ROLE_CONFIG: 'Configurações',
  ROLE_DONATION: 'Doações',
};

/** Groups of the 'Acesso e Permissões' dialog (spec 1 §6). */
export const PERMISSION_GROUPS: ReadonlyArray<{ title: string; description: string; roles: Role[] }> = [
  {
    title: 'Equipe',
    description: 'Acessar, criar, editar, remover e definir permissões de membros da equipe',
    roles: ['ROLE_TEAM'],
  },
  {
    title: 'CRM',
    description: 'Pessoas, empresas e listas de segmentação',
    roles: ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'],
  },
  { title: 'Marketing', description: 'Enviar e-mail e SMS', roles: ['ROLE_MARKETING'] },
  { title: 'Relatórios', description: 'Relatórios do CRM', roles: ['ROLE_REPORT'] },
  {
    title: 'Configurações',
    description: 'Editar configurações, ver e mudar de plano',
    roles: ['ROLE_CONFIG'],
  },
];
