/** pt-BR texts of tags (spec 2 §8), written exactly as the spec does. */
export const TAG_TEXTS = {
  saveError: 'Falha ao tentar salvar tag',
} as const;
