import {
  CodesSchema,
  InfluenceUpdateSchema,
  PEOPLE_PAGE_SIZE,
  PERSON_MESSAGES,
  PERSON_ORDERING,
  PeopleSearchSchema,
  PersonSaveSchema,
  VoteUpdateSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { codesQuery, idParams, pageQuery, searchString } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { authenticate, withAuthenticatedTenant } from '../auth/auth.guard.ts';
import { PEOPLE_RULE, TEAM_RULE } from './people.policy.ts';
import { getPerson, listBySegment, peopleListNames, peopleNames, searchPeople } from './people.service.ts';
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
const ascending = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .default(true);
const listQuery = z.object({
  segmentCode: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  ...pageQuery(PEOPLE_PAGE_SIZE),
  orderingCriteria: z.enum(PERSON_ORDERING, { error: 'Valor não permitido' }).default('name'),
  orderingAscending: ascending,
});
const namesQuery = z.object({
  searchString,
  ...pageQuery(20),
  type: z.enum(['PERSON', 'TEAM'], { error: 'Valor não permitido' }).optional(),
});
const saving = strictInput(PERSON_MESSAGES.general);

export function registerPeopleRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/people',
    {
      ...strictInput(),
      schema: { tags, summary: 'Pessoas de uma lista (segmentCode)', querystring: listQuery },
    },
    async (request) => ({
      data: await withAuthenticatedTenant(app, request, PEOPLE_RULE, (ctx, auth) =>
        listBySegment(app, ctx, auth, request.query),
      ),
    }),
  );

  api.post(
    '/api/people/search',
    { ...strictInput(), schema: { tags, summary: 'Busca por expressão', body: PeopleSearchSchema } },
    async (request) => ({
      data: await withAuthenticatedTenant(app, request, PEOPLE_RULE, (ctx, auth) =>
        searchPeople(app, ctx, auth, request.body),
      ),
    }),
  );

  api.get(
    '/api/people/names',
    { ...strictInput(), schema: { tags, summary: 'Autocomplete de pessoas', querystring: namesQuery } },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await peopleNames(app, auth, request.query) };
    },
  );

  api.get(
    '/api/people/list-names',
    {
      ...strictInput(),
      schema: { tags, summary: 'Nomes pelos códigos', querystring: z.object({ codes: codesQuery }) },
    },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await peopleListNames(app, auth, request.query.codes) };
    },
  );

  api.post(
    '/api/people',
    { ...saving, schema: { tags, summary: 'Cadastra pessoa ou membro da equipe', body: PersonSaveSchema } },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await createPerson(app, auth, request.body) };
    },
  );

  api.delete(
    '/api/people/delete-many',
    { ...strictInput(), schema: { tags, summary: 'Remove várias pessoas', body: CodesSchema } },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await deletePeople(app, auth, request.body.codes) };
    },
  );

  api.get(
    '/api/people/:id',
    { ...strictInput(), schema: { tags, summary: 'Uma pessoa', params: idParams } },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await getPerson(app, auth, request.params.id) };
    },
  );

  api.put(
    '/api/people/:id',
    { ...saving, schema: { tags, summary: 'Atualiza pessoa', params: idParams, body: PersonSaveSchema } },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await updatePerson(app, auth, request.params.id, request.body) };
    },
  );

  api.delete(
    '/api/people/:id',
    { ...strictInput(), schema: { tags, summary: 'Remove pessoa', params: idParams } },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await deletePerson(app, auth, request.params.id) };
    },
  );

  api.put(
    '/api/people/:id/update-vote',
    {
      ...strictInput(),
      schema: { tags, summary: 'Altera o voto', params: idParams, body: VoteUpdateSchema },
    },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await updateVote(app, auth, request.params.id, request.body.vote) };
    },
  );

  api.put(
    '/api/people/:id/mark-as-influence',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Define a influência (0 remove)',
        params: idParams,
        body: InfluenceUpdateSchema,
      },
    },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await markAsInfluence(app, auth, request.params.id, request.body.influence) };
    },
  );

  api.put(
    '/api/people/:id/remove-influence',
    { ...strictInput(), schema: { tags, summary: 'Remove a influência', params: idParams } },
    async (request) => {
      const auth = await authenticate(app, request, PEOPLE_RULE);
      return { data: await removeInfluence(app, auth, request.params.id) };
    },
  );

  api.post(
    '/api/people/:id/set-as-team',
    {
      ...strictInput(),
      schema: { tags, summary: 'Transforma o contato em membro da equipe', params: idParams },
    },
    async (request) => {
      const auth = await authenticate(app, request, TEAM_RULE);
      return { data: await setAsTeam(app, auth, request.params.id) };
    },
  );
}
