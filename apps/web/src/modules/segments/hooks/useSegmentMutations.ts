import { MESSAGES, type SegmentSave } from '@mandato/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { createSegment, removeSegment, updateSegment } from '../api.ts';
import { SEGMENT_TEXTS } from '../texts.ts';
import { segmentsKeys } from './segmentsKeys.ts';

/**
 * 'Nova lista' (POST) or 'Atualizar' (PUT, with the list's code). Settles once the lists have
 * been refetched, so the saved list shows in the sider when the caller moves on.
 */
export function useSaveSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, payload }: { code?: number; payload: SegmentSave }) =>
      code === undefined ? createSegment(payload) : updateSegment(code, payload),
    onSuccess: async () => {
      notifySuccess(SEGMENT_TEXTS.saved);
      await queryClient.invalidateQueries({ queryKey: segmentsKeys.all });
    },
  });
}

/** Removes a saved list; settles once the lists have been refetched. */
export function useRemoveSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: number) => removeSegment(code),
    onSuccess: async () => {
      notifySuccess(MESSAGES.removed);
      await queryClient.invalidateQueries({ queryKey: segmentsKeys.all });
    },
  });
}
