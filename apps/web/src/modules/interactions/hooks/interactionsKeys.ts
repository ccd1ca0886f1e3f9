/** Query keys of a person's interactions (the 'Interações' tab). */
export const interactionsKeys = {
  all: ['interactions'] as const,
  byPerson: (personCode: number) => [...interactionsKeys.all, personCode] as const,
};
