/** Query keys of the marketing service; invalidating `all` reloads every marketing list. */
export const marketingKeys = {
  all: ['marketing'] as const,
  domains: () => [...marketingKeys.all, 'domains'] as const,
  /** the senders: `senders()` covers every status filter and page */
  senders: (...parts: (string | number)[]) => [...marketingKeys.all, 'senders', ...parts] as const,
  /** the marketing account: `accounts()` covers balances, history pages and plans */
  accounts: (...parts: (string | number)[]) => [...marketingKeys.all, 'accounts', ...parts] as const,
};
