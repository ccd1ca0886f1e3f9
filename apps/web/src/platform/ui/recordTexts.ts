/**
 * pt-BR texts of the records screens (people, team and voting places; spec 2 §2, §5, §8),
 * written exactly as the spec does.
 */
export const RECORD_TEXTS = {
  saved: 'Cadastro salvo com sucesso!',
  loadForEditError: 'Falha ao buscar dados para edição',
  removeError: 'Não foi possível remover.',
  removed: 'Cadastro removido com sucesso!',
  removeManyError: 'Não foi possível remover os itens selecionados.',
  removedMany: 'Pessoas removidas com sucesso',
  confirmRemoveOne: 'Deseja realmente remover esse cadastro?',
  confirmRemoveMany: (n: number) => `Deseja realmente remover ${n} cadastros?`,
  emptyRecords: 'Nenhuma registro encontrado',
  footer: (total: number, from: number, to: number) => `Total: ${total} (mostrando de ${from} a ${to})`,
} as const;
