/** Query keys of the marketing service; invalidating `all` reloads every marketing list. */
export const marketingKeys = {
  all: ['marketing'] as const,
  domains: () => [...marketingKeys.all, 'domains'] as const,
};
