import { useMutation } from '@tanstack/react-query';
import { createTag } from '../api.ts';

/** Creates a tag from the select's "Criar" option (no list to refresh: the select keeps the new name). */
export function useCreateTag() {
  return useMutation({ mutationFn: createTag });
}
