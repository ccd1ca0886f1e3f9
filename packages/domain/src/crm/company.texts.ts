/**
 * The company drawer's titles. A company is a voting place for the user (the COMPANY list is
 * 'Locais de Votação', the person's field 'Local de votação'), so the drawer says so too.
 */
export const COMPANY_DRAWER_TEXTS = {
  newTitle: 'Novo local de votação',
  editTitle: 'Editar local de votação',
} as const;
