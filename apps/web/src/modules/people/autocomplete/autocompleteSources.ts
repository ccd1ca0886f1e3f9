import type { AutocompleteSource, CodeName, ListAnswer } from '@mandato/domain';
import { crmApi } from '../api/crmApi.ts';
import { asListAnswer } from '../api/listAnswer.ts';

/** What an autocomplete looks up: people, companies, users (team members) or tags. */
export type LookupSource = AutocompleteSource | 'tag';

export interface Lookup {
  search: (text: string, signal: AbortSignal) => Promise<CodeName[]>;
  names: (codes: number[], signal: AbortSignal) => Promise<CodeName[]>;
}

const list = async (p: Promise<ListAnswer<CodeName> | CodeName[]>) => asListAnswer(await p).list;

/** One lookup per source: search by text (20 items, page 1) and names of known codes. */
export const LOOKUPS: Record<LookupSource, Lookup> = {
  person: {
    search: (text, signal) => list(crmApi.people.names(text, signal)),
    names: (codes, signal) => list(crmApi.people.listNames(codes, signal)),
  },
  user: {
    search: (text, signal) => list(crmApi.people.names(text, signal, { type: 'TEAM' })),
    names: (codes, signal) => list(crmApi.people.listNames(codes, signal)),
  },
  company: {
    search: (text, signal) => list(crmApi.companies.names(text, signal)),
    names: (codes, signal) => list(crmApi.companies.listNames(codes, signal)),
  },
  tag: {
    search: (text, signal) => list(crmApi.tags.search(text, signal)),
    names: (codes, signal) => list(crmApi.tags.list(codes, signal)),
  },
};
