import { PRIVACY_WEB_TEXTS, privacyLabel } from './privacy-web.texts.ts';

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
  /** a phone's two columns: when and who, what and about whom */
  whenWho: 'Data e usuário',
  whatAbout: 'Ação e assunto',
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
  /** a data-subject request, as stored (the list names its titular: auditSubject) */
  privacyRequest: (code: string) => `Solicitação ${code}`,
  /** a merge, as stored (the list names its people: auditSubject) */
  merge: (code: string) => `Mesclagem ${code}`,
} as const;

/** What the list says a request's or a merge's row is about: its people by initials (issue 40). */
export const AUDIT_ABOUT = {
  /** a person the reader may not see, or the log no longer knows */
  byCode: (code: string) => `código ${code}`,
  request: (kind: string, who: string) => `${kind} · titular ${who}`,
  merge: (merged: readonly string[], survivor: string) =>
    merged.length === 1
      ? `Cadastro de ${merged[0]} mesclado ao de ${survivor}`
      : `Cadastros de ${merged.slice(0, -1).join(', ')} e ${merged.at(-1)} mesclados ao de ${survivor}`,
} as const;

/**
 * The initials of a name ('Maria da Silva' → 'M. S.'): how the audit log names a person, and what
 * the requests list keeps of an erased one. Initials given are kept ('M. S.' → 'M. S.').
 */
export function personInitials(name: string): string {
  const words = name.split(/\s+/).filter((w) => w.length > 2 || /^[A-ZÀ-Ý]/.test(w));
  const initials = words.map((w) => `${w.charAt(0).toUpperCase()}.`);
  return initials.length === 0
    ? '—'
    : [initials[0], initials.length > 1 ? initials.at(-1) : undefined].filter(Boolean).join(' ');
}

/**
 * The names of the people a page of the log is about, as far as its reader may see them (the
 * server fills it): a person they may not see is missing, and the list names them by code.
 */
export interface AuditNames {
  /** a request's titular, by request code */
  requests: ReadonlyMap<string, string>;
  /** people by code: a merge's survivor and merged people */
  people: ReadonlyMap<string, string>;
}
export const NO_AUDIT_NAMES: AuditNames = { requests: new Map(), people: new Map() };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PERSON_CODE = /^[1-9]\d{0,14}$/;
const STORED_REQUEST = /^Solicitação (\S+)$/;

/** The request a row of a request is about: its detail's code, or (rows before issue 40) its subject's. */
export function auditRequestCode(
  action: AuditAction,
  subject: string,
  detail: Readonly<Record<string, unknown>>,
): string | undefined {
  if (action !== 'PRIVACY_REQUEST' && action !== 'PRIVACY_FULFIL') return undefined;
  const code = typeof detail.request === 'string' ? detail.request : STORED_REQUEST.exec(subject)?.[1];
  return code && UUID.test(code) ? code.toLowerCase() : undefined;
}

/** The people of a merge's row (MERGE, MERGE_UNDO), by code: the one that stayed and the merged ones. */
export function auditMergePeople(
  action: AuditAction,
  detail: Readonly<Record<string, unknown>>,
): { survivor: string; merged: string[] } | undefined {
  if (action !== 'MERGE' && action !== 'MERGE_UNDO') return undefined;
  const survivor = String(detail.survivor ?? '');
  const merged = String(detail.merged ?? '')
    .split(',')
    .map((code) => code.trim());
  if (!PERSON_CODE.test(survivor) || merged.length === 0 || !merged.every((c) => PERSON_CODE.test(c)))
    return undefined;
  return { survivor, merged };
}

/** The person codes a page of the log names (for the server to look their names up). */
export function auditNamedCodes(
  rows: readonly { action: AuditAction; subject: string; detail: Readonly<Record<string, unknown>> }[],
): { requests: string[]; people: string[] } {
  const requests = new Set<string>();
  const people = new Set<string>();
  for (const row of rows) {
    const request = auditRequestCode(row.action, row.subject, row.detail);
    if (request) requests.add(request);
    const merge = auditMergePeople(row.action, row.detail);
    for (const code of merge ? [merge.survivor, ...merge.merged] : []) people.add(code);
  }
  return { requests: [...requests], people: [...people] };
}

/**
 * The subject shown for a row: an export names its kind in pt-BR (the table keeps the kind's code); a
 * request names its kind and its titular, a merge its people, by initials when the reader may see
 * them (`names`), else by code — never a raw request or merge id.
 */
export function auditSubject(
  action: AuditAction,
  subject: string,
  detail: Readonly<Record<string, unknown>>,
  names: AuditNames = NO_AUDIT_NAMES,
): string {
  if (action === 'EXPORT' && typeof detail.kind === 'string') return AUDIT_SUBJECTS.export(detail.kind);
  const personCode = detail.personCode;
  if (
    (action === 'PRIVACY_REQUEST' || action === 'PRIVACY_FULFIL') &&
    typeof detail.kind === 'string' &&
    (typeof personCode === 'string' || typeof personCode === 'number')
  ) {
    const request = auditRequestCode(action, subject, detail);
    const name = request === undefined ? undefined : names.requests.get(request);
    return AUDIT_ABOUT.request(
      privacyLabel(PRIVACY_WEB_TEXTS.labels.kind, detail.kind),
      name === undefined ? AUDIT_ABOUT.byCode(String(personCode)) : personInitials(name),
    );
  }
  const merge = auditMergePeople(action, detail);
  if (merge) {
    const who = (code: string) => {
      const name = names.people.get(code);
      return name === undefined ? AUDIT_ABOUT.byCode(code) : personInitials(name);
    };
    return AUDIT_ABOUT.merge(merge.merged.map(who), who(merge.survivor));
  }
  return subject;
}
