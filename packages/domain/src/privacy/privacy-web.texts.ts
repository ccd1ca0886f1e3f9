/**
 * The privacy centre's screens (issue 31): settings › 'Privacidade (LGPD)' (data-subject requests,
 * duplicates and merge) and the person drawer's consents block. Keys are the API's enum values, so
 * a value the server adds later shows as itself until it gets its label here.
 */
const count = (n: number) => n.toLocaleString('pt-BR');

const REQUEST_KIND_LABELS: Readonly<Record<string, string>> = {
  ACCESS: 'Acesso aos dados',
  CORRECTION: 'Correção',
  ANONYMISATION: 'Anonimização',
  DELETION: 'Eliminação',
  PORTABILITY: 'Portabilidade',
};

const REQUEST_CHANNEL_LABELS: Readonly<Record<string, string>> = {
  EMAIL: 'E-mail',
  PHONE: 'Telefone',
  IN_PERSON: 'Presencial',
  LETTER: 'Carta',
  OTHER: 'Outro',
};

const REQUEST_STATUS_LABELS: Readonly<Record<string, string>> = {
  OPEN: 'Aberta',
  DONE: 'Atendida',
};

const CONSENT_SOURCE_LABELS: Readonly<Record<string, string>> = {
  MANUAL: 'Registro manual',
  IMPORT: 'Arquivo de importação',
  SPONSOR_FORM: 'Formulário de apadrinhamento',
  API: 'API',
};

/** Lawful bases of the LGPD (art. 7 and 11). */
const LAWFUL_BASIS_LABELS: Readonly<Record<string, string>> = {
  CONSENT: 'Consentimento',
  LEGAL_OBLIGATION: 'Cumprimento de obrigação legal',
  PUBLIC_POLICY: 'Execução de políticas públicas',
  RESEARCH: 'Estudos por órgão de pesquisa',
  CONTRACT: 'Execução de contrato',
  LEGAL_CLAIMS: 'Exercício regular de direitos',
  VITAL_INTEREST: 'Proteção da vida',
  HEALTH: 'Tutela da saúde',
  LEGITIMATE_INTEREST: 'Legítimo interesse',
  CREDIT_PROTECTION: 'Proteção do crédito',
};

const OPT_OUT_SOURCE_LABELS: Readonly<Record<string, string>> = {
  LINK: 'Link de descadastro do e-mail',
  ONE_CLICK: 'Descadastro em um clique',
  COMPLAINT: 'Denúncia de spam',
  REPLY: 'Resposta ao SMS',
  MANUAL: 'Registro manual',
};

const OPT_OUT_CHANNEL_LABELS: Readonly<Record<string, string>> = {
  EMAIL: 'E-mail',
  SMS: 'SMS',
};

/** The label of an enum value, or the value itself when it has none. */
export const privacyLabel = (labels: Readonly<Record<string, string>>, value: string): string =>
  Object.hasOwn(labels, value) ? (labels[value] as string) : value;

export const PRIVACY_WEB_TEXTS = {
  /** labels of the API's enum values (read with privacyLabel) */
  labels: {
    kind: REQUEST_KIND_LABELS,
    channel: REQUEST_CHANNEL_LABELS,
    status: REQUEST_STATUS_LABELS,
    consentSource: CONSENT_SOURCE_LABELS,
    lawfulBasis: LAWFUL_BASIS_LABELS,
    optOutChannel: OPT_OUT_CHANNEL_LABELS,
    optOutSource: OPT_OUT_SOURCE_LABELS,
  },
  section: 'Privacidade (LGPD)',
  requestsMenu: 'Solicitações de titulares',
  duplicatesMenu: 'Duplicados',
  // the requests list
  requestsTitle: 'Solicitações de titulares',
  requestsIntro:
    'Pedidos feitos pelos titulares com base no art. 18 da LGPD. O prazo de resposta é de 15 dias (art. 19); as atrasadas aparecem primeiro.',
  newRequest: 'Nova solicitação',
  person: 'Titular',
  kind: 'Tipo',
  channel: 'Canal',
  createdAt: 'Registrada em',
  clock: 'Prazo',
  handledBy: 'Atendida por',
  status: 'Situação',
  actions: 'Ações',
  requestsEmpty: 'Nenhuma solicitação registrada',
  requestsLoadError: 'Não foi possível obter as solicitações',
  daysLeft: (days: number) =>
    days < 0
      ? `Atrasada há ${count(-days)} ${days === -1 ? 'dia' : 'dias'}`
      : days === 0
        ? 'Vence hoje'
        : days === 1
          ? '1 dia restante'
          : `${count(days)} dias restantes`,
  dueOn: (date: string) => `Vence em ${date}`,
  handledOn: (name: string, date: string) => `${name} em ${date}`,
  notHandled: '—',
  // the new request dialog
  newRequestTitle: 'Nova solicitação de titular',
  personSearch: 'Busque a pessoa pelo nome',
  notes: 'Observações',
  cancel: 'Cancelar',
  save: 'Registrar',
  created: 'Solicitação registrada',
  saveError: 'Não foi possível registrar a solicitação',
  // fulfilling
  fulfil: 'Atender',
  fulfilOf: (person: string) => `Atender a solicitação de ${person}`,
  downloadJson: 'Arquivo JSON',
  downloadHtml: 'Página HTML (legível)',
  downloadAs: (person: string) => `Formato do arquivo de ${person}`,
  downloaded: 'Arquivo gerado: a solicitação foi marcada como atendida',
  fulfilError: 'Não foi possível atender a solicitação',
  fileName: (requestCode: string | number, format: 'json' | 'html') =>
    `dados-do-titular-${requestCode}.${format}`,
  anonymiseTitle: (person: string) => `Anonimizar ${person}?`,
  anonymiseConsequences: [
    'Nome, documentos, e-mails, telefones, endereço e observações são apagados de todos os registros desta pessoa.',
    'Os totais dos relatórios são mantidos; o cadastro deixa de identificar alguém.',
    'O e-mail e o telefone entram na lista de supressão: importações, cadastros por convite e disparos não os trazem de volta.',
    'Não é possível desfazer.',
  ],
  anonymiseOk: 'Anonimizar',
  deleteTitle: (person: string) => `Eliminar os dados de ${person}?`,
  deleteConsequences: [
    'A pessoa e tudo que depende dela (interações, etiquetas, vínculos, consentimentos, histórico de envios, anexos) são excluídos.',
    'O e-mail e o telefone entram na lista de supressão: importações, cadastros por convite e disparos não os trazem de volta.',
    'Não é possível desfazer.',
  ],
  deleteOk: 'Eliminar',
  anonymised: 'Dados anonimizados: a solicitação foi atendida',
  deleted: 'Dados eliminados: a solicitação foi atendida',
  correctionHint: 'Corrija o cadastro na tela de pessoas e marque a solicitação como atendida.',
  markDone: 'Marcar como atendida',
  done: 'Solicitação atendida',
  // duplicates
  duplicatesTitle: 'Duplicados',
  duplicatesIntro:
    'Cadastros que parecem ser a mesma pessoa: mesmo CPF, e-mail, celular ou nome e data de nascimento (sem diferenciar acentos e maiúsculas).',
  duplicatesEmpty: 'Nenhum possível duplicado encontrado',
  duplicatesLoadError: 'Não foi possível obter os possíveis duplicados',
  refreshing: 'Procurando possíveis duplicados: a lista é atualizada em instantes.',
  refreshedAt: (date: string) => `Lista atualizada em ${date}`,
  reload: 'Atualizar lista',
  groupOf: (key: string, names: string) => `${key}: ${names}`,
  score: (score: number) => `${count(score)}% de semelhança`,
  merge: 'Mesclar',
  mergeGroup: (names: string) => `Mesclar ${names}`,
  createdOn: (date: string) => `Cadastrado em ${date}`,
  /** what tells a record of the group apart, under its choice in the merge dialog (issue 40) */
  recordCode: (code: number | string) => `Código ${code}`,
  fieldShown: (label: string, value: string) => `${label}: ${value}`,
  recordDetails: (parts: readonly string[]) => parts.join(' · '),
  empty: '—',
  // the merge dialog
  mergeTitle: 'Mesclar cadastros',
  mergeIntro:
    'Escolha o cadastro que permanece e, campo a campo, de quem é o valor que fica. Etiquetas, interações, listas, padrinhos, consentimentos e histórico de envios passam para o cadastro que permanece.',
  survivor: 'Cadastro que permanece',
  survivorOf: (name: string) => `Manter o cadastro de ${name}`,
  fieldValue: 'Valor que fica',
  fieldWinner: (field: string) => `Valor de ${field}`,
  mergeOk: 'Mesclar',
  merged: 'Cadastros mesclados',
  mergeError: 'Não foi possível mesclar os cadastros',
  undo: 'Desfazer',
  undone: 'Mesclagem desfeita',
  undoError: 'Não foi possível desfazer a mesclagem',
  // the merges of the last 30 days
  mergesTitle: 'Mesclagens recentes',
  mergesIntro:
    'As mesclagens dos últimos 30 dias, a mais recente primeiro. Desfazer traz de volta os cadastros mesclados, com tudo o que era deles.',
  mergesEmpty: 'Nenhuma mesclagem nos últimos 30 dias',
  mergesLoadError: 'Não foi possível obter as mesclagens',
  mergedAt: 'Mesclado em',
  mergedPeople: 'Cadastros mesclados',
  mergedBy: 'Mesclado por',
  mergedInto: (survivor: string, merged: string) => `${merged} → ${survivor}`,
  survivorGone: 'Excluído depois da mesclagem',
  undoSurvivorGone: 'Não pode ser desfeita: o cadastro que ficou foi excluído',
  unknownUser: 'Usuário removido',
  undoneOn: (date: string) => `Desfeita em ${date}`,
  undoUntil: (date: string) => `Pode ser desfeita até ${date}`,
  undoExpired: 'Prazo para desfazer encerrado',
  undoOf: (survivor: string) => `Desfazer a mesclagem em ${survivor}`,
  undoConfirmTitle: 'Desfazer esta mesclagem?',
  undoConfirm: (merged: string, count: number) =>
    count === 1
      ? `${merged} volta como cadastro separado, com os dados, etiquetas, interações e vínculos de antes da mesclagem.`
      : `${merged} voltam como cadastros separados, com os dados, etiquetas, interações e vínculos de antes da mesclagem.`,
  // the person drawer
  consentsTitle: 'Consentimentos e descadastros',
  consents: 'Consentimentos',
  consentsEmpty: 'Nenhum consentimento registrado',
  purpose: 'Finalidade',
  lawfulBasis: 'Base legal',
  source: 'Origem',
  termsHash: 'Termos aceitos',
  recordedAt: 'Registrado em',
  recordedBy: 'Registrado por',
  optOuts: 'Descadastros',
  optOutsEmpty: 'Nenhum descadastro: a pessoa pode receber e-mails e SMS',
  optOutChannel: 'Canal',
  optOutAt: 'Descadastrado em',
  privacyLoadError: 'Não foi possível obter os consentimentos',
} as const;

/** A terms hash shortened for a table cell: its first 12 characters and an ellipsis. */
export function shortTermsHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}
