/**
 * The audit log (issue 31): who did what the LGPD asks a mandate to answer for — exports of every
 * kind, data-subject requests, permission changes, bulk deletes, merges and sign-ins from a new
 * device. The actions, their pt-BR labels and the texts of settings › 'Auditoria'.
 */
export const AUDIT_ACTIONS = [
  'EXPORT',
  'PRIVACY_REQUEST',
  'PRIVACY_FULFIL',
  'PERMISSION_CHANGE',
  'BULK_DELETE',
  'MERGE',
  'MERGE_UNDO',
  'SIGN_IN_NEW_DEVICE',
  'USER_ACTIVATION',
  'USER_CREATE',
  'PERSON_DELETE',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  EXPORT: 'Exportação',
  PRIVACY_REQUEST: 'Solicitação do titular',
  PRIVACY_FULFIL: 'Atendimento de solicitação',
  PERMISSION_CHANGE: 'Alteração de permissões',
  BULK_DELETE: 'Exclusão em massa',
  MERGE: 'Mesclagem de cadastros',
  MERGE_UNDO: 'Mesclagem desfeita',
  SIGN_IN_NEW_DEVICE: 'Acesso de novo dispositivo',
  USER_ACTIVATION: 'Usuário (des)ativado',
  USER_CREATE: 'Criação de acesso',
  PERSON_DELETE: 'Exclusão de pessoa',
};

export const AUDIT_TEXTS = {
  title: 'Auditoria',
  settingsTitle: 'Configurações - Auditoria',
  intro:
    'Registro de quem exportou dados, criou, ativou ou alterou acessos, excluiu ou mesclou cadastros, atendeu solicitações de titulares e acessou de um novo dispositivo.',
  user: 'Usuário',
  userPlaceholder: 'Todos os usuários',
  action: 'Ação',
  actionPlaceholder: 'Todas as ações',
  subject: 'Assunto',
  detail: 'Detalhes',
  date: 'Data',
  period: 'Período',
  from: 'De',
  to: 'Até',
  export: 'Exportar CSV',
  exportError: 'Não foi possível exportar a auditoria',
  listError: 'Não foi possível obter o registro de auditoria',
  empty: 'Nenhum registro de auditoria',
  system: 'Sistema',
  clear: 'Limpar filtros',
  invalidDate: 'Data inválida (AAAA-MM-DD)',
  invalidRange: 'A data inicial deve ser anterior ou igual à final',
  invalidUser: 'Código de usuário inválido',
  invalidAction: 'Ação inválida',
  /** a sign-in device whose browser or system is not recognised */
  otherBrowser: 'Outro navegador',
  otherSystem: 'Outro sistema',
} as const;

/** The audit log's CSV ('Exportar CSV'): file name and columns. */
export const AUDIT_EXPORT_FILE = 'auditoria.csv';
export const AUDIT_EXPORT_COLUMNS = [
  'Data',
  'Usuário',
  'E-mail do usuário',
  'Ação',
  'Assunto',
  'Detalhes',
] as const;
/** The audit export's kind in the export log. */
export const AUDIT_EXPORT_KIND = 'audit';
/** At most this many rows in one audit export (the newest of the filter). */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** What a subject and the detail of an audit row may hold (the table checks the same bounds). */
export const AUDIT_LIMITS = { subject: 300, detailValue: 300, detailKeys: 20 } as const;

/** The kinds of the export log (export_logs.kind), as the audit log names them. */
export const AUDIT_EXPORT_KINDS: Readonly<Record<string, string>> = {
  PERSON: 'Pessoas',
  TEAM: 'Equipe',
  'reports-godfathers': 'Relatório de apadrinhados',
  'people-contacts': 'Relatório de interações',
  amendment: 'Emendas',
  [AUDIT_EXPORT_KIND]: 'Auditoria',
};

/** The subjects the server writes, in pt-BR (codes and counts, never a contact's name). */
export const AUDIT_SUBJECTS = {
  export: (kind: string) => `Exportação: ${AUDIT_EXPORT_KINDS[kind] ?? kind}`,
  peopleBulkDelete: (count: number) => `${count} ${count === 1 ? 'pessoa excluída' : 'pessoas excluídas'}`,
  /** a user's access: the login's name (a member of the team, who answers for their actions) */
  permissions: (userName: string) => `Permissões de ${userName}`,
  newDevice: (family: string) => `Novo dispositivo: ${family}`,
  /** the operator's 'user set-active' */
  userActivation: (userName: string, active: boolean) =>
    `${active ? 'Usuário ativado' : 'Usuário desativado'}: ${userName}`,
  /** the login of a team member (inactive, without permissions until an admin grants them) */
  userCreate: (userName: string) => `Acesso criado para ${userName}`,
  /** the logins of the team members an import created, in one batch */
  usersImported: (count: number) =>
    `${count} ${count === 1 ? 'acesso criado' : 'acessos criados'} na importação da equipe`,
  personDelete: (code: string) => `Pessoa excluída: código ${code}`,
} as const;

/** The subject shown for a row: an export names its kind in pt-BR (the table keeps the kind's code). */
export function auditSubject(
  action: AuditAction,
  subject: string,
  detail: Readonly<Record<string, unknown>>,
): string {
  return action === 'EXPORT' && typeof detail.kind === 'string'
    ? AUDIT_SUBJECTS.export(detail.kind)
    : subject;
}
