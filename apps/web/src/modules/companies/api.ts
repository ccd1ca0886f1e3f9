import type { CompanySave } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import { RECORD_TEXTS } from '../../platform/ui/recordTexts.ts';
import type { CompaniesQuery } from './searchQuery.ts';
import { COMPANY_TEXTS } from './texts.ts';

/** Calls of spec 2 §7 "Companies" (voting places); their names are an autocomplete lookup. */
export const searchCompanies = (query: CompaniesQuery, signal?: AbortSignal) =>
  typedApi.post('/companies/search', { body: query, signal, errorText: COMPANY_TEXTS.listError });

export const getCompany = (code: number, signal?: AbortSignal) =>
  typedApi.get('/companies/{id}', {
    path: { id: code },
    signal,
    errorText: RECORD_TEXTS.loadForEditError,
    notifyStatuses: [404],
  });

export const createCompany = (payload: CompanySave) =>
  typedApi.post('/companies', { body: payload, errorText: COMPANY_TEXTS.saveError });

export const updateCompany = (code: number, payload: CompanySave) =>
  typedApi.put('/companies/{id}', { path: { id: code }, body: payload, errorText: COMPANY_TEXTS.saveError });

export const removeCompany = (code: number) =>
  typedApi.delete('/companies/{id}', {
    path: { id: code },
    errorText: RECORD_TEXTS.removeError,
    notifyStatuses: [404],
  });

export const removeCompanies = (codes: number[]) =>
  typedApi.post('/companies/delete-many', {
    body: { codes },
    errorText: RECORD_TEXTS.removeManyError,
    notifyStatuses: [404],
  });
