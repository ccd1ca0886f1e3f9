/** pt-BR texts of the agenda screens that the shared messages do not hold. */
export const EVENT_SAVED = 'Evento salvo com sucesso';
/** The event drawer when the user has no agenda to choose: 'Nova Agenda' creates one right there. */
export const NO_SCHEDULE = 'Nenhuma agenda disponível. Crie uma agenda para salvar o evento.';
export const NEW_SCHEDULE = 'Nova Agenda';
