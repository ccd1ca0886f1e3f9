/** Query keys of the donation module; invalidating `all` reloads every donation query. */
export const donationKeys = {
  all: ['donations'] as const,
  onboarding: () => [...donationKeys.all, 'onboarding'] as const,
  photo: (url: string) => [...donationKeys.all, 'onboarding', 'photo', url] as const,
  options: () => [...donationKeys.all, 'options'] as const,
  campaigns: () => [...donationKeys.all, 'campaigns'] as const,
  /** Configurações › Provedor de doações: whether the account has a token (issue 40) */
  provider: () => [...donationKeys.all, 'provider'] as const,
  /** a campaign's donations: `donations(token)` covers every page and order */
  donations: (token: string, ...parts: (string | number | boolean)[]) =>
    [...donationKeys.all, 'donations', token, ...parts] as const,
};
