/** Query keys of the plans page. */
export const plansKeys = {
  all: ['plans'] as const,
  subscription: () => [...plansKeys.all, 'subscription'] as const,
};
