import type { Company, CompanySave, ListAnswer } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { RECORD_TEXTS } from '../../platform/ui/recordTexts.ts';
import type { CompaniesQuery } from './searchQuery.ts';
import { COMPANY_TEXTS } from './texts.ts';

/** Calls of spec 2 §7 "Companies" (voting places); their names are an autocomplete lookup. */
export const searchCompanies = (query: CompaniesQuery, signal?: AbortSignal) =>
  api.post<ListAnswer<Company>>('/companies/search', query, {
    signal,
    errorText: COMPANY_TEXTS.listError,
  });

export const getCompany = (code: number, signal?: AbortSignal) =>
  api.get<Company>(`/companies/${code}`, undefined, {
    signal,
    errorText: RECORD_TEXTS.loadForEditError,
    notifyStatuses: [404],
  });

export const createCompany = (payload: CompanySave) =>
  api.post<Company>('/companies', payload, { errorText: COMPANY_TEXTS.saveError });

export const updateCompany = (code: number, payload: CompanySave) =>
  api.put<Company>(`/companies/${code}`, payload, { errorText: COMPANY_TEXTS.saveError });

export const removeCompany = (code: number) =>
  api.delete<unknown>(`/companies/${code}`, undefined, {
    errorText: RECORD_TEXTS.removeError,
    notifyStatuses: [404],
  });

export const removeCompanies = (codes: number[]) =>
  api.post<unknown>(
    '/companies/delete-many',
    { codes },
    { errorText: RECORD_TEXTS.removeManyError, notifyStatuses: [404] },
  );
