import { type Domain, type ListAnswer, MARKETING_TEXTS } from '@mandato/domain';
import { mkt } from './mktClient.ts';

/** GET /api/mkt/domains */
export const listDomains = (signal?: AbortSignal) =>
  mkt.get<ListAnswer<Domain>>('/mkt/domains', undefined, {
    signal,
    errorText: MARKETING_TEXTS.domainListError,
  });

/** POST /api/mkt/domains ('Novo Domínio') */
export const createDomain = (name: string) =>
  mkt.post<Domain>('/mkt/domains', { name }, { errorText: MARKETING_TEXTS.domainSaveError, debounceMs: 0 });

/** POST /api/mkt/domains/{id}/validate ('Atualizar') */
export const validateDomain = (code: number) =>
  mkt.post<Domain>(`/mkt/domains/${code}/validate`, undefined, {
    errorText: MARKETING_TEXTS.domainValidateError,
    debounceMs: 0,
  });

/** DELETE /api/mkt/domains/{id} */
export const removeDomain = (code: number) =>
  mkt.delete<{ code: number }>(`/mkt/domains/${code}`, undefined, {
    errorText: MARKETING_TEXTS.domainDeleteError,
    debounceMs: 0,
  });
