/** pt-BR texts of the autocomplete selects (spec 2 §8), written exactly as the spec does. */
export const AUTOCOMPLETE_TEXTS = {
  error: 'Falha ao buscar lista para seletor via autocomplete',
  start: 'Comece a digitar',
  none: 'Nenhum item encontrado',
  loading: 'Carregando...',
} as const;
