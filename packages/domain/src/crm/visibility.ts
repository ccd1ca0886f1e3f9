import { type AccessContext, hasPermission } from '../access/modules.ts';
import type { Role } from '../access/roles.ts';
import { USER_MESSAGES } from '../access/user-management.ts';
import type { SegmentType } from './enums.ts';

/** The role each kind of list needs (spec 2 §6): team lists ROLE_TEAM, people and companies ROLE_CRM. */
export const SEGMENT_TYPE_ROLE: Record<SegmentType, Role> = {
  PERSON: 'ROLE_CRM',
  TEAM: 'ROLE_TEAM',
  COMPANY: 'ROLE_CRM',
};

export function canSeeSegmentType(ctx: AccessContext, type: SegmentType): boolean {
  return hasPermission(ctx, [SEGMENT_TYPE_ROLE[type]]);
}

/** Without ROLE_CRM_ALL_DATA a user sees only the contacts they created (spec 2 §2, §6). */
export function seesAllContacts(ctx: AccessContext): boolean {
  return hasPermission(ctx, ['ROLE_CRM_ALL_DATA']);
}

export const CRM_MESSAGES = {
  invalidExpression: 'Expressão de filtro inválida',
  specialSegment:
    'As listas padrão (Pessoas, Equipe e Locais de Votação) não podem ser alteradas ou removidas',
  emailInUse: USER_MESSAGES.emailInUse,
  ownGodfather: 'Uma pessoa não pode ser padrinho de si mesma',
  removeSelf: 'Você não pode remover o seu próprio cadastro',
  personNotFound: 'Pessoa não encontrada',
  companyNotFound: 'Local de votação não encontrado',
  segmentNotFound: 'Lista de segmentação não encontrada',
  alreadyTeam: 'Esta pessoa já é membro da equipe',
  bulkRemove: 'Não foi possível remover os itens selecionados.',
  invalidParameters: 'Parametrizacao invalida',
  companySegmentForPeople: 'Use /companies/search para locais de votação',
  tagSaveError: 'Falha ao tentar salvar tag',
} as const;
