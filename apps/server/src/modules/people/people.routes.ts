import {
  CodeNameSchema,
  CodesSchema,
  InfluenceUpdateSchema,
  ListAnswerSchema,
  MESSAGES,
  PERSON_MESSAGES,
  PeopleSearchSchema,
  PersonSaveSchema,
  PersonSchema,
  RemovedManySchema,
  RemovedSchema,
  VoteUpdateSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { codesQuery, idParams, pageQuery, searchString } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { PEOPLE_RULE, TEAM_RULE } from './people.policy.ts';
import { getPerson, peopleListNames, peopleNames, searchPeople } from './people.service.ts';
import {
  createPerson,
  deletePeople,
  deletePerson,
  markAsInfluence,
  removeInfluence,
  setAsTeam,
  updatePerson,
  updateVote,
} from './people-write.service.ts';

const tags = ['people'];
const namesQuery = z.object({
  searchString,
  ...pageQuery(20),
  type: z.enum(['PERSON', 'TEAM'], { error: MESSAGES.notAllowed }).optional(),
});
const saving = strictInput(PERSON_MESSAGES.general);

export function registerPeopleRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/people/search',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Busca por expressão',
        ...authenticated(ListAnswerSchema(PersonSchema)),
        body: PeopleSearchSchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) => searchPeople(ctx, auth, request.body)),
    }),
  );

  api.get(
    '/api/people/names',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Autocomplete de pessoas',
        ...authenticated(ListAnswerSchema(CodeNameSchema)),
        querystring: namesQuery,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) => peopleNames(ctx, auth, request.query)),
      };
    },
  );

  api.get(
    '/api/people/list-names',
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
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          peopleListNames(ctx, auth, request.query.codes),
        ),
      };
    },
  );

  api.post(
    '/api/people',
    {
      ...saving,
      schema: {
        tags,
        summary: 'Cadastra pessoa ou membro da equipe',
        ...authenticated(PersonSchema, [404, 409]),
        body: PersonSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) => createPerson(ctx, auth, request.body)),
      };
    },
  );

  api.delete(
    '/api/people/delete-many',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove várias pessoas',
        ...authenticated(RemovedManySchema, [404]),
        body: CodesSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          deletePeople(ctx, auth, request.body.codes),
        ),
      };
    },
  );

  api.get(
    '/api/people/:id',
    {
      ...strictInput(),
      schema: { tags, summary: 'Uma pessoa', ...authenticated(PersonSchema, [404]), params: idParams },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          getPerson(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.put(
    '/api/people/:id',
    {
      ...saving,
      schema: {
        tags,
        summary: 'Atualiza pessoa',
        ...authenticated(PersonSchema, [404, 409]),
        params: idParams,
        body: PersonSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          updatePerson(ctx, auth, request.params.id, request.body),
        ),
      };
    },
  );

  api.delete(
    '/api/people/:id',
    {
      ...strictInput(),
      schema: { tags, summary: 'Remove pessoa', ...authenticated(RemovedSchema, [404]), params: idParams },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          deletePerson(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.put(
    '/api/people/:id/update-vote',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Altera o voto',
        ...authenticated(PersonSchema, [404]),
        params: idParams,
        body: VoteUpdateSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          updateVote(ctx, auth, request.params.id, request.body.vote),
        ),
      };
    },
  );

  api.put(
    '/api/people/:id/mark-as-influence',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Define a influência (0 remove)',
        ...authenticated(PersonSchema, [404]),
        params: idParams,
        body: InfluenceUpdateSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          markAsInfluence(ctx, auth, request.params.id, request.body.influence),
        ),
      };
    },
  );

  api.put(
    '/api/people/:id/remove-influence',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove a influência',
        ...authenticated(PersonSchema, [404]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
          removeInfluence(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.post(
    '/api/people/:id/set-as-team',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Transforma o contato em membro da equipe',
        ...authenticated(PersonSchema, [404, 409]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, TEAM_RULE, (ctx, auth) => setAsTeam(ctx, auth, request.params.id)),
      };
    },
  );
}
