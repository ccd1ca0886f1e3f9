import { CRM_MESSAGES } from '@mandato/domain';

/** pt-BR texts of tags (spec 2 §8), written exactly as the spec does. */
export const TAG_TEXTS = {
  saveError: CRM_MESSAGES.tagSaveError,
} as const;
