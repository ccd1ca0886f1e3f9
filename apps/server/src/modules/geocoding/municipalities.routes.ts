import {
  type AreaRule,
  MUNICIPALITY_SEARCH_LIMIT,
  type MunicipalityOption,
  MunicipalityOptionSchema,
  MunicipalityQuerySchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { once } from '../../platform/lazy.ts';
import { normalizeText } from './address.ts';
import { offlineMunicipalities } from './offline-source.ts';

/** The municipality autocomplete (amendments' dialog and filter): any CRM user. */
export const MUNICIPALITIES_RULE: AreaRule = { roles: ['ROLE_CRM'] };

/** The offline list (data/municipios.csv) by normalised name, built once per process. */
const municipalityIndex = once(() =>
  offlineMunicipalities()
    .all.map((m) => ({ key: normalizeText(m.name), option: { name: m.name, uf: m.uf, ibge: m.ibge } }))
    .sort((a, b) => a.key.localeCompare(b.key) || a.option.uf.localeCompare(b.option.uf)),
);

/** Municipalities whose name starts with `q` (accents and case ignored), exact names first. */
export function searchMunicipalities(q: string, limit = MUNICIPALITY_SEARCH_LIMIT): MunicipalityOption[] {
  const wanted = normalizeText(q);
  if (!wanted) return [];
  const exact: MunicipalityOption[] = [];
  const prefix: MunicipalityOption[] = [];
  for (const m of municipalityIndex()) {
    if (m.key === wanted) exact.push(m.option);
    else if (m.key.startsWith(wanted)) prefix.push(m.option);
  }
  return [...exact, ...prefix].slice(0, limit);
}

/** GET /geo/municipalities?q=: at most 20 municipalities (name + UF) from the offline list. */
export function registerMunicipalityRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/geo/municipalities',
    {
      ...strictInput(),
      schema: {
        tags: ['geo'],
        summary: 'Municípios pelo início do nome (lista offline, sem acentos)',
        querystring: MunicipalityQuerySchema,
        ...authenticated(z.array(MunicipalityOptionSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, MUNICIPALITIES_RULE, async () =>
        searchMunicipalities(request.query.q),
      ),
    }),
  );
}
