import {
  CodeNameSchema,
  CodesSchema,
  CompaniesSearchSchema,
  CompanySaveSchema,
  CompanySchema,
  ListAnswerSchema,
  PERSON_MESSAGES,
  RemovedManySchema,
  RemovedSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { codesQuery, idParams, pageQuery, searchString } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { COMPANIES_RULE } from './companies.policy.ts';
import {
  companiesListNames,
  companiesNames,
  createCompany,
  deleteCompanies,
  deleteCompany,
  getCompany,
  searchCompanies,
  updateCompany,
} from './companies.service.ts';

const tags = ['companies'];
const saving = strictInput(PERSON_MESSAGES.general);

export function registerCompanyRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/companies/names',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Autocomplete de locais de votação',
        ...authenticated(ListAnswerSchema(CodeNameSchema)),
        querystring: z.object({ searchString, ...pageQuery(20) }),
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          companiesNames(ctx, auth, request.query),
        ),
      };
    },
  );

  api.get(
    '/api/companies/list-names',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Nomes pelos códigos',
        ...authenticated(z.array(CodeNameSchema)),
        querystring: z.object({ codes: codesQuery }),
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          companiesListNames(ctx, auth, request.query.codes),
        ),
      };
    },
  );

  api.post(
    '/api/companies/search',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Busca por expressão',
        ...authenticated(ListAnswerSchema(CompanySchema)),
        body: CompaniesSearchSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          searchCompanies(ctx, auth, request.body),
        ),
      };
    },
  );

  api.post(
    '/api/companies/delete-many',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove vários locais',
        ...authenticated(RemovedManySchema, [404]),
        body: CodesSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          deleteCompanies(ctx, auth, request.body.codes),
        ),
      };
    },
  );

  api.get(
    '/api/companies/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Um local de votação',
        ...authenticated(CompanySchema, [404]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          getCompany(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.post(
    '/api/companies',
    {
      ...saving,
      schema: {
        tags,
        summary: 'Cadastra local de votação',
        ...authenticated(CompanySchema, [404]),
        body: CompanySaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          createCompany(ctx, auth, request.body),
        ),
      };
    },
  );

  api.put(
    '/api/companies/:id',
    {
      ...saving,
      schema: {
        tags,
        summary: 'Atualiza local de votação',
        ...authenticated(CompanySchema, [404]),
        params: idParams,
        body: CompanySaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          updateCompany(ctx, auth, request.params.id, request.body),
        ),
      };
    },
  );

  api.delete(
    '/api/companies/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove local de votação',
        ...authenticated(RemovedSchema, [404]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, COMPANIES_RULE, (ctx, auth) =>
          deleteCompany(ctx, auth, request.params.id),
        ),
      };
    },
  );
}
