import { typedApi } from '../../platform/api/api.ts';
import { TAG_TEXTS } from './texts.ts';

/** POST /tags: a new tag by its name (spec 2 §7 "Tags"); searching tags is an autocomplete lookup. */
export const createTag = (name: string) =>
  typedApi.post('/tags', { body: { name }, errorText: TAG_TEXTS.saveError });
