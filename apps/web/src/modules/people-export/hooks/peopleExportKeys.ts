import type { PeopleExportType } from '@mandato/domain';

/** Query keys of the export history; invalidating `all` reloads every page of it. */
export const peopleExportKeys = {
  all: ['people-exports'] as const,
  history: (type: PeopleExportType, page: number) =>
    [...peopleExportKeys.all, 'history', type, page] as const,
};
