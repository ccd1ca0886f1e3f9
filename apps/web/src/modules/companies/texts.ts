/** pt-BR texts of voting places (companies; spec 2 §8), written exactly as the spec does. */
export const COMPANY_TEXTS = {
  saveError: 'Falha ao salvar empresa',
  listError: 'Erro ao tentar listar',
} as const;
