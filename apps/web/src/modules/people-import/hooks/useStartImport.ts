import type { ImportType, UpdateBehavior } from '@mandato/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startImport } from '../api.ts';
import { peopleImportKeys } from './peopleImportKeys.ts';

/** Sends the file; a started import shows at once in the history (which then polls its progress). */
export function useStartImport(type: ImportType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, behavior }: { file: File; behavior: UpdateBehavior }) =>
      startImport(file, behavior, type),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleImportKeys.all }),
  });
}
