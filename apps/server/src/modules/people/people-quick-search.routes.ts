import { QuickSearchAnswerSchema, QuickSearchQuerySchema } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { PEOPLE_RULE } from './people.policy.ts';
import { quickSearchPeople } from './people-quick-search.service.ts';

/** The main menu's search of people by name, e-mail or phone (spec 1 §2, issue 13). */
export function registerPeopleQuickSearchRoute(api: Api, app: AppContext) {
  api.get(
    '/api/people/quick-search',
    {
      ...strictInput(),
      schema: {
        tags: ['people'],
        summary: 'Busca rápida por nome, e-mail ou telefone',
        querystring: QuickSearchQuerySchema,
        ...authenticated(QuickSearchAnswerSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
        quickSearchPeople(ctx, auth, request.query.searchString),
      ),
    }),
  );
}
