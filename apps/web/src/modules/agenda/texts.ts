/** pt-BR texts of the agenda screens that the shared messages do not hold. */
export const EVENT_SAVED = 'Evento salvo com sucesso';
