import { POLITICIAN_TEXTS, type PoliticianSave } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import type { BodyOf } from '../../platform/api/typedClient.ts';

export interface PoliticiansListQuery {
  searchString?: string;
  active?: boolean;
  page: number;
  itemsPerPage: number;
}

/** GET /api/sys-admin/politicians */
export const listPoliticians = (query: PoliticiansListQuery, signal?: AbortSignal) =>
  typedApi.get('/sys-admin/politicians', {
    query: {
      page: query.page,
      itemsPerPage: query.itemsPerPage,
      ...(query.searchString ? { searchString: query.searchString } : {}),
      ...(query.active !== undefined ? { active: query.active } : {}),
    },
    signal,
    errorText: POLITICIAN_TEXTS.listError,
  });

const saving = { errorText: POLITICIAN_TEXTS.saveError, debounceMs: 0 };

/** The form's party is the domain's string (checked against the list); the document says the list. */
const asBody = (payload: PoliticianSave) => payload as BodyOf<'post', '/sys-admin/politicians'>;

/** POST /api/sys-admin/politicians and PUT /api/sys-admin/politicians/{id} */
export const savePolitician = (code: number | undefined, payload: PoliticianSave) =>
  code === undefined
    ? typedApi.post('/sys-admin/politicians', { body: asBody(payload), ...saving })
    : typedApi.put('/sys-admin/politicians/{id}', { path: { id: code }, body: asBody(payload), ...saving });
