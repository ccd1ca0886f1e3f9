import { PERSON_MESSAGES } from '@mandato/domain';

/** pt-BR texts of the people screen (spec 2 §2, §5, §8), written exactly as the spec does. */
export const PEOPLE_TEXTS = {
  voteUpdated: 'Voto atualizado com sucesso',
  voteError: 'Erro ao definir alterar o voto da pessoa',
  influenceRemoved: 'Pessoa não é mais mobilizadora, realizado com sucesso',
  influenceRemoveError: 'Falha ao tentar remover influência',
  influenceMarked: 'Pessoa marcada como mobilizadora com sucesso',
  influenceError: 'Falha ao tentar definir influência',
  influencePositive: 'Influência deve ser maior que zero',
  listError: 'Falha ao tentar listar pessoas',
  listGenericError: 'Erro ao tentar listar',
  saveError: 'Falha ao salvar pessoa',
  makeTeamError: 'Não foi possível transformar contato em membro da equipe.',
  madeTeam: 'Contato transformado em membro da equipe com sucesso!',
  exportError: 'Ocorreu um erro ao tentar exportar a lista',
  emptyActivities: 'Nenhuma atividade encontrada',
  emptyItems: 'Nenhum item disponível',
  noName: PERSON_MESSAGES.unnamed,
} as const;
