/** pt-BR texts of the list parts shared by the records tables and cards. */
export const LIST_TEXTS = {
  /** Name of the "+n" of a cut tag list: it reads, as hover and focus show, every tag. */
  moreTags: (hidden: number, names: string) => `+${hidden} (todas as tags: ${names})`,
} as const;
