/** Query keys of the public unsubscribe page. */
export const unsubscribeKeys = {
  all: ['public', 'unsubscribe'] as const,
  link: (linkId: string) => [...unsubscribeKeys.all, linkId] as const,
};
