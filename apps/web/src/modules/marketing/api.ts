import { MARKETING_TEXTS } from '@mandato/domain';
import { mktApi } from './mktClient.ts';

/** GET /api/mkt/domains */
export const listDomains = (signal?: AbortSignal) =>
  mktApi.get('/mkt/domains', { signal, errorText: MARKETING_TEXTS.domainListError });

/** POST /api/mkt/domains ('Novo Domínio') */
export const createDomain = (name: string) =>
  mktApi.post('/mkt/domains', { body: { name }, errorText: MARKETING_TEXTS.domainSaveError, debounceMs: 0 });

/** POST /api/mkt/domains/{id}/validate ('Atualizar') */
export const validateDomain = (code: number) =>
  mktApi.post('/mkt/domains/{id}/validate', {
    path: { id: code },
    errorText: MARKETING_TEXTS.domainValidateError,
    debounceMs: 0,
  });

/** DELETE /api/mkt/domains/{id} */
export const removeDomain = (code: number) =>
  mktApi.delete('/mkt/domains/{id}', {
    path: { id: code },
    errorText: MARKETING_TEXTS.domainDeleteError,
    debounceMs: 0,
  });
