import type { ShotStatus } from './shots.schemas.ts';

/** The shots screens' texts beyond SHOT_TEXTS (lists, details, outbox; issue 26). */
export const SHOT_SCREEN_TEXTS = {
  navLabel: 'Menu de disparos',
  email: 'E-mail',
  sms: 'SMS',
  outbox: 'Caixa de saída',
  smsComing: 'Os envios de SMS chegam em breve.',
  // the item's panels
  statusPanel: 'Situação',
  destinationPanel: 'Destino',
  previewOf: (subject: string) => `Pré-visualização de ${subject}`,
  noSubject: '(sem assunto)',
  noList: 'Lista não informada',
  createdAt: 'Criado em',
  scheduledFor: 'Agendado para',
  startedAt: 'Enviado em',
  delivered: 'Entregues',
  opened: 'Abertos',
  clicked: 'Cliques',
  dropped: 'Descartados',
  /** 'Abertos: 40% dos entregues': a percentage always says what it is out of (issue 39) */
  percentOf: (label: string, pct: number, base: string) =>
    `${label}: ${pct.toLocaleString('pt-BR')}% ${base}`,
  actionsOf: (subject: string) => `Ações de ${subject}`,
  birthdayTitle: 'Envios de aniversariantes',
  // details
  detailsTitle: 'Detalhes do envio',
  back: 'Voltar',
  reportTabs: 'Relatórios do envio',
  total: (n: number) => `Total: ${n.toLocaleString('pt-BR')}`,
  // issue 38: the table lists only the contacts the user sees in the CRM; the total counts everyone
  hiddenReceivers: (n: number) =>
    n === 1
      ? '1 destinatário desta aba não aparece na tabela: é um contato que você não vê no CRM.'
      : `${n.toLocaleString('pt-BR')} destinatários desta aba não aparecem na tabela: são contatos que você não vê no CRM.`,
  contact: 'Contato',
  message: 'Mensagem',
  when: 'Data',
  reportError: 'Não foi possível obter o relatório',
  // outbox
  outboxIntro:
    'Mensagens enviadas sem servidor de e-mail. Marque uma mensagem para ver os relatórios do envio mudarem.',
  /** the SMS tab: the same outbox, kept instead of a gateway (issue 40) */
  smsOutboxIntro:
    'Mensagens enviadas sem provedor de SMS. Marque uma mensagem para ver os relatórios do envio mudarem.',
  outboxEmpty: 'Nenhuma mensagem na caixa de saída',
  outboxError: 'Não foi possível obter a caixa de saída',
  to: 'Para',
  from: 'De',
  subject: 'Assunto',
  mark: 'Marcação',
  open: 'Abrir',
  openMessage: (subject: string, to: string) => `Abrir ${subject} para ${to}`,
  messageFrame: 'Conteúdo da mensagem',
  close: 'Fechar',
  markDelivered: 'Marcar como entregue',
  markBounce: 'Marcar como devolvido',
  markSpam: 'Marcar como spam',
  marked: 'Mensagem marcada',
  notMarked: 'Sem marcação',
  // SMS (issue 27)
  noContent: '(sem mensagem)',
  outboxChannel: 'Canal da caixa de saída',
  markFailed: 'Marcar como falha',
  sendReply: 'Enviar resposta',
  smsCloned: 'SMS clonado com sucesso',
  smsRemoved: 'SMS removido com sucesso',
} as const;

/**
 * What each of spec 3 §9's percentages is out of (shotPercentages): delivered over the contacts,
 * opened over the delivered, clicked over the opened.
 */
export const SHOT_PERCENT_BASES = {
  delivered: 'dos contatos',
  opened: 'dos entregues',
  clicked: 'dos abertos',
} as const;

/** How the outbox shows a message's mark. */
export const OUTBOX_MARKS = {
  delivered: 'Entregue',
  bounce: 'Devolvido',
  spam: 'Spam',
  failed: 'Falhou',
  reply: 'Respondido',
} as const;
export type OutboxMark = keyof typeof OUTBOX_MARKS;

/** The colour of a shot's status tag. */
export const SHOT_STATUS_COLORS: Record<ShotStatus, string> = {
  DRAFT: 'default',
  SCHEDULED: 'blue',
  SENDING: 'gold',
  SENT: 'green',
  ERROR: 'red',
};
