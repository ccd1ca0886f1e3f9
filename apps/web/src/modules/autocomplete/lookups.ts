import type { AutocompleteSource, CodeName, ListAnswer } from '@mandato/domain';
import type { Lookup } from '../../platform/ui/autocomplete/lookup.ts';
import { asListAnswer } from '../../platform/ui/listAnswer.ts';
import {
  listCompaniesNames,
  listPeopleNames,
  listTags,
  searchCompaniesNames,
  searchPeopleNames,
  searchTags,
} from './api.ts';

/** What an autocomplete looks up: people, companies, users (team members) or tags. */
export type LookupSource = AutocompleteSource | 'tag';

const list = async (p: Promise<ListAnswer<CodeName> | CodeName[]>) => asListAnswer(await p).list;

/** One lookup per source: search by text (20 items, page 1) and names of known codes. */
export const LOOKUPS: Record<LookupSource, Lookup> = {
  person: {
    search: (text, signal) => list(searchPeopleNames(text, signal)),
    names: (codes, signal) => list(listPeopleNames(codes, signal)),
  },
  user: {
    search: (text, signal) => list(searchPeopleNames(text, signal, { type: 'TEAM' })),
    names: (codes, signal) => list(listPeopleNames(codes, signal)),
  },
  company: {
    search: (text, signal) => list(searchCompaniesNames(text, signal)),
    names: (codes, signal) => list(listCompaniesNames(codes, signal)),
  },
  tag: {
    search: (text, signal) => list(searchTags(text, signal)),
    names: (codes, signal) => list(listTags(codes, signal)),
  },
};
