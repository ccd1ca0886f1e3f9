/** pt-BR texts of the saved lists (segments; spec 2 §2, §5, §8), written exactly as the spec does. */
export const SEGMENT_TEXTS = {
  saveError: 'Falha ao tentar salvar Lista de Segmentação',
  saved: 'Lista de segmentação salva com sucesso!',
  fetchError: 'Falha ao tentar buscar lista de segmentaçao',
  listError: 'Erro ao tentar buscar listas de segmentação',
  removeError: 'Não foi possível remover a lista de segmentação',
  confirmRemove: 'Tem certeza que deseja remover esta lista de segmentação?',
  empty: 'Nenhum lista de segmentação encontrada',
  nameRequired: 'Nome é obrigatório',
  nameTaken: 'Defina outro nome',
  saveTitle: 'O que você quer fazer?',
} as const;
