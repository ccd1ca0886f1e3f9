import { PEOPLE_TEXTS } from '../texts.ts';

/** '[Sem Nome]' for unnamed people. */
export const displayName = (name: string | null | undefined): string =>
  name?.trim() ? name : PEOPLE_TEXTS.noName;
