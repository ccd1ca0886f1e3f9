import type { MergeValues } from './shots.schemas.ts';

/** The e-mail shot editor's texts beyond SHOT_TEXTS (issue 26; spec 3 §2.1 e-mail editor). */
export const SHOT_EDITOR_TEXTS = {
  newTitle: 'Novo envio de e-mail',
  editTitle: 'Editar envio de e-mail',
  smsTitle: 'Novo envio de SMS',
  smsComing: 'O editor de SMS chega na próxima versão.',
  backToList: 'Voltar para os envios',
  senderPlaceholder: 'Escolha o remetente',
  noActiveSender: 'Nenhum remetente ativo. Cadastre e ative um remetente em Configurações.',
  segmentPlaceholder: 'Escolha a lista',
  segmentTypes: { PERSON: 'Pessoas', TEAM: 'Equipe', COMPANY: 'Empresas' } as Record<string, string>,
  /** A list in the destination select: the special one (everyone of its type) says so. */
  segmentOption: (s: { name: string; type: string; special: boolean }): string =>
    s.special
      ? `${s.name} (lista completa)`
      : `${s.name} (${SHOT_EDITOR_TEXTS.segmentTypes[s.type] ?? s.type})`,
  countingContacts: 'Contando contatos…',
  // what the count applies, as the send does (issue 39 item 4)
  contactsHint:
    'Pessoas da lista que recebem o e-mail: e-mail válido, cada endereço uma vez, sem quem pediu para não receber',
  subjectPlaceholder: 'Assunto do e-mail',
  insertMergeTag: 'Inserir campo personalizado',
  editorRegion: 'Editor do e-mail',
  editorCanvas: 'Área de edição do e-mail',
  editorLoading: 'Carregando o editor…',
  editorKeyboardHint:
    'O editor visual usa arrastar e soltar; os demais campos podem ser preenchidos pelo teclado.',
  mergeTagBlocks: 'Campos personalizados',
  editorPanels: 'Blocos, camadas e estilos do editor',
  editorStates: 'Estado do elemento',
  showPanel: 'Mostrar blocos e estilos',
  hidePanel: 'Ocultar blocos e estilos',
  previewSubject: 'Assunto:',
  previewFrame: 'Pré-visualização do e-mail',
  previewSample: 'Campos personalizados preenchidos com um contato de exemplo.',
  close: 'Fechar',
  cancel: 'Cancelar',
  confirmSender: 'Remetente',
  confirmSegment: 'Lista',
  confirmContacts: 'Contatos',
  confirmSubject: 'Assunto',
  confirmDate: 'Data do envio',
  scheduleTitle: 'Agendar envio',
  scheduleHint: 'Horário de Brasília (São Paulo).',
  datePlaceholder: 'dd/mm/aaaa',
  hourPlaceholder: 'hh:mm',
  invalidDate: 'Data inválida',
  invalidHour: 'Hora inválida',
  continue: 'Continuar',
  wrongChannel: 'Este disparo não é um e-mail',
  loadError: 'Não foi possível abrir o envio',
} as const;

/** The contact the preview fills the merge tags with. */
export const SHOT_PREVIEW_SAMPLE: MergeValues = {
  firstName: 'Maria',
  lastName: 'Souza',
  fullName: 'Maria da Silva Souza',
  email: 'maria.souza@exemplo.com.br',
};
