/**
 * The privacy centre's core (issue 31): the enums of consents, opt-outs and data-subject requests,
 * and the server's pt-BR messages. The screens' labels are in privacy-web.texts.ts.
 */
export const PRIVACY_REQUEST_KINDS = [
  'ACCESS',
  'CORRECTION',
  'ANONYMISATION',
  'DELETION',
  'PORTABILITY',
] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_CHANNELS = ['EMAIL', 'PHONE', 'IN_PERSON', 'LETTER', 'OTHER'] as const;
export type PrivacyRequestChannel = (typeof PRIVACY_REQUEST_CHANNELS)[number];

export const PRIVACY_REQUEST_STATUSES = ['OPEN', 'DONE'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const CONSENT_SOURCES = ['MANUAL', 'IMPORT', 'SPONSOR_FORM', 'API'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The lawful bases of the LGPD (art. 7 and 11). */
export const LAWFUL_BASES = [
  'CONSENT',
  'LEGAL_OBLIGATION',
  'PUBLIC_POLICY',
  'RESEARCH',
  'CONTRACT',
  'LEGAL_CLAIMS',
  'VITAL_INTEREST',
  'HEALTH',
  'LEGITIMATE_INTEREST',
  'CREDIT_PROTECTION',
] as const;
export type LawfulBasis = (typeof LAWFUL_BASES)[number];

export const OPT_OUT_CHANNELS = ['EMAIL', 'SMS'] as const;
export type OptOutChannel = (typeof OPT_OUT_CHANNELS)[number];

/** How an opt-out came: unsubscribe page, one-click header, complaint, SMS reply ('SAIR', STOP), manual. */
export const OPT_OUT_SOURCES = ['LINK', 'ONE_CLICK', 'COMPLAINT', 'REPLY', 'MANUAL'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** Days the LGPD gives to answer a data-subject request (art. 19, II). */
export const PRIVACY_REQUEST_DAYS = 15;

export const PRIVACY_TEXTS = {
  invalidKind: 'Tipo de solicitação inválido',
  invalidChannel: 'Canal inválido',
  invalidStatus: 'Situação inválida',
  invalidFormat: 'Formato inválido: use json ou html',
  invalidLawfulBasis: 'Base legal inválida',
  invalidPurpose: 'Informe a finalidade (até 200 caracteres)',
  notesTooLong: 'Observações com mais de 2000 caracteres',
  personNotFound: 'Pessoa não encontrada',
  requestNotFound: 'Solicitação não encontrada',
  alreadyDone: 'Esta solicitação já foi atendida',
  noFileForKind:
    'Esta solicitação não gera arquivo nem altera dados: registre o atendimento pela correção do cadastro',
  /** the purpose recorded for a sponsor-form sign-up (also written by migration 0044 for the old rows) */
  sponsorPurpose: 'Cadastro pelo formulário de apadrinhamento',
  /** what an anonymised person's name becomes (the row stays: reports keep their totals) */
  anonymisedName: 'Titular anonimizado',
  /** what free text written about an anonymised person becomes (interactions, demands) */
  anonymisedText: '[anonimizado]',
  /** the import's skip reason for a row whose e-mail or phone is on the suppression list */
  suppressedSkip: 'Ignorado: e-mail ou telefone de titular que pediu anonimização ou eliminação',
  // the access file
  fileTitle: 'Dados pessoais do titular',
  fileIntro:
    'Arquivo gerado em atendimento a uma solicitação do titular (art. 18 da LGPD), com todos os dados que o mandato mantém sobre a pessoa.',
  fileGeneratedAt: 'Gerado em',
  fileRequest: 'Solicitação',
  fileEmpty: 'Nenhum registro',
  /** section titles of the access file, by module */
  fileSections: {
    people: 'Cadastro',
    tags: 'Marcadores',
    companies: 'Empresas em que é o contato principal',
    interactions: 'Interações',
    sponsor: 'Apadrinhamento',
    shots: 'Disparos recebidos',
    amendments: 'Emendas em que é o contato',
    demands: 'Demandas',
    'people-import': 'Importações',
    reports: 'Relatórios',
    privacy: 'Consentimentos, descadastros e solicitações',
  } as Readonly<Record<string, string>>,
} as const;
