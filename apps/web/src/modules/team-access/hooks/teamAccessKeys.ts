/** Query keys of the 'Acesso e Permissões' dialog. */
export const teamAccessKeys = {
  all: ['users', 'access'] as const,
  one: (userCode: string) => [...teamAccessKeys.all, userCode] as const,
};
