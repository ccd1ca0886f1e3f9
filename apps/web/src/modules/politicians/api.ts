import { type ListAnswer, POLITICIAN_TEXTS, type Politician, type PoliticianSave } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

export interface PoliticiansListQuery {
  searchString?: string;
  active?: boolean;
  page: number;
  itemsPerPage: number;
}

/** GET /api/sys-admin/politicians */
export const listPoliticians = (query: PoliticiansListQuery, signal?: AbortSignal) =>
  api.get<ListAnswer<Politician>>(
    '/sys-admin/politicians',
    {
      page: query.page,
      itemsPerPage: query.itemsPerPage,
      ...(query.searchString ? { searchString: query.searchString } : {}),
      ...(query.active !== undefined ? { active: String(query.active) } : {}),
    },
    { signal, errorText: POLITICIAN_TEXTS.listError },
  );

/** POST /api/sys-admin/politicians and PUT /api/sys-admin/politicians/{id} */
export const savePolitician = (code: number | undefined, payload: PoliticianSave) =>
  code === undefined
    ? api.post<Politician>('/sys-admin/politicians', payload, {
        errorText: POLITICIAN_TEXTS.saveError,
        debounceMs: 0,
      })
    : api.put<Politician>(`/sys-admin/politicians/${code}`, payload, {
        errorText: POLITICIAN_TEXTS.saveError,
        debounceMs: 0,
      });
