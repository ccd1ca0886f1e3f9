import { PEOPLE_EXPORT_TEXTS, PEOPLE_EXPORTS_PAGE_SIZE, type PeopleExportType } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../platform/ui/download.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { exportPeople, listPeopleExports, type PeopleExportRequest } from '../api.ts';
import { peopleExportKeys } from './peopleExportKeys.ts';

/** A page of the export history of the list type (refetched on every visit). */
export function usePeopleExports(type: PeopleExportType, page: number) {
  return useQuery({
    queryKey: peopleExportKeys.history(type, page),
    queryFn: ({ signal }) =>
      listPeopleExports({ type, page, itemsPerPage: PEOPLE_EXPORTS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Downloads the CSV or XLSX of the expression (exportacao.csv/.xlsx) and reloads the history. */
export function useExportPeople() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeopleExportRequest) => exportPeople(body),
    onSuccess: async (file, body) => {
      saveBlob(file, PEOPLE_EXPORT_TEXTS.fileNames[body.format ?? 'CSV']);
      notifySuccess(PEOPLE_EXPORT_TEXTS.exported);
      await queryClient.invalidateQueries({ queryKey: peopleExportKeys.all });
    },
  });
}
