import type { CodeName } from '@mandato/domain';

/** What an autocomplete select looks up: search by text, and the names of known codes. */
export interface Lookup {
  search: (text: string, signal: AbortSignal) => Promise<CodeName[]>;
  names: (codes: number[], signal: AbortSignal) => Promise<CodeName[]>;
}
