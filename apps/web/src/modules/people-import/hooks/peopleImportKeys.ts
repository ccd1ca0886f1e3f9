/** Query keys of the import history and logs; invalidating `all` reloads every page of them. */
export const peopleImportKeys = {
  all: ['people-imports'] as const,
  history: (page: number) => [...peopleImportKeys.all, 'history', page] as const,
  logs: (code: number, page: number) => [...peopleImportKeys.all, 'logs', code, page] as const,
};
