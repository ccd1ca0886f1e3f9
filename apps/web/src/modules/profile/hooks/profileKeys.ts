/** Query keys of 'Meu Perfil'. */
export const profileKeys = {
  me: ['users', 'me'] as const,
};
