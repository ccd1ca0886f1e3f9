import type { CodeName, Company, CompanySave, ListAnswer } from '@mandato/domain';
import type { ApiClient } from '../../../platform/api/client.ts';
import { PEOPLE_TEXTS } from './peopleTexts.ts';
import type { CompaniesQuery } from './searchQuery.ts';

export const COMPANY_TEXTS = {
  saveError: 'Falha ao salvar empresa',
  listError: 'Erro ao tentar listar',
} as const;

/** Calls of spec 2 §7 "Companies". */
export function createCompaniesApi(client: ApiClient) {
  return {
    search: (query: CompaniesQuery, signal?: AbortSignal) =>
      client.post<ListAnswer<Company>>('/companies/search', query, {
        signal,
        errorText: COMPANY_TEXTS.listError,
      }),
    get: (code: number, signal?: AbortSignal) =>
      client.get<Company>(`/companies/${code}`, undefined, {
        signal,
        errorText: PEOPLE_TEXTS.loadForEditError,
        notifyStatuses: [404],
      }),
    create: (payload: CompanySave) =>
      client.post<Company>('/companies', payload, { errorText: COMPANY_TEXTS.saveError }),
    update: (code: number, payload: CompanySave) =>
      client.put<Company>(`/companies/${code}`, payload, { errorText: COMPANY_TEXTS.saveError }),
    remove: (code: number) =>
      client.delete<unknown>(`/companies/${code}`, undefined, {
        errorText: PEOPLE_TEXTS.removeError,
        notifyStatuses: [404],
      }),
    removeMany: (codes: number[]) =>
      client.post<unknown>(
        '/companies/delete-many',
        { codes },
        {
          errorText: PEOPLE_TEXTS.removeManyError,
          notifyStatuses: [404],
        },
      ),
    names: (searchString: string, signal?: AbortSignal) =>
      client.get<ListAnswer<CodeName>>(
        '/companies/names',
        { searchString, page: 1, itemsPerPage: 20 },
        { signal, errorText: PEOPLE_TEXTS.autocompleteError, debounceMs: 0 },
      ),
    listNames: (codes: number[], signal?: AbortSignal) =>
      client.get<ListAnswer<CodeName> | CodeName[]>(
        '/companies/list-names',
        { codes: codes.join(',') },
        { signal, errorText: PEOPLE_TEXTS.autocompleteError },
      ),
  };
}
export type CompaniesApi = ReturnType<typeof createCompaniesApi>;
