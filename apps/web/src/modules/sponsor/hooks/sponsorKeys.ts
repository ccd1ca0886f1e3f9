/** Query keys of the sponsor module (form settings, a person's link, the public form, pending sign-ups). */
export const sponsorKeys = {
  all: ['sponsor'] as const,
  form: () => [...sponsorKeys.all, 'form'] as const,
  person: (code: number | undefined) => [...sponsorKeys.all, 'person', code] as const,
  publicForm: (slug: string, linkId: string) => [...sponsorKeys.all, 'public', slug, linkId] as const,
  pendingLists: () => [...sponsorKeys.all, 'pending'] as const,
  pending: (page: number, itemsPerPage: number) =>
    [...sponsorKeys.pendingLists(), page, itemsPerPage] as const,
};
