import {
  DUPLICATES_TEXTS,
  DuplicatesPageSchema,
  DuplicatesQuerySchema,
  MergeAnswerSchema,
  MergeHistoryPageSchema,
  MergeHistoryQuerySchema,
  MergeSchema,
  MergeUndoAnswerSchema,
  MergeUndoParamsSchema,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { listDuplicates } from './duplicates.service.ts';
import { mergePeople, undoMerge } from './merge.service.ts';
import { listMerges } from './merge-history.service.ts';
import { DUPLICATES_RULE, MERGE_RULE } from './people-merge.policy.ts';

const tags = ['people-merge'];

/** Duplicates centre (issue 31): candidate groups, merge, the recent merges and the undo. */
export function registerPeopleMergeRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/people/duplicates',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Grupos de contatos candidatos a duplicados (CPF, e-mail, celular, nome + nascimento), maior pontuação primeiro',
        querystring: DuplicatesQuerySchema,
        ...authenticated(DuplicatesPageSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, DUPLICATES_RULE, (ctx, auth) =>
        listDuplicates(ctx, auth, request.query),
      ),
    }),
  );

  api.post(
    '/api/people/merge',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Mescla contatos no sobrevivente, escolhendo cada campo (desfazível por 30 dias)',
        body: MergeSchema,
        ...authenticated(MergeAnswerSchema, [409]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, MERGE_RULE, (ctx, auth) => mergePeople(ctx, auth, request.body)),
    }),
  );

  api.post(
    '/api/people/merge/:code/undo',
    {
      ...strictInput(DUPLICATES_TEXTS.invalidMergeCode),
      schema: {
        tags,
        summary: 'Desfaz uma mesclagem (até 30 dias)',
        params: MergeUndoParamsSchema,
        ...authenticated(MergeUndoAnswerSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, MERGE_RULE, (ctx, auth) =>
        undoMerge(ctx, auth, request.params.code),
      ),
    }),
  );

  api.get(
    '/api/people/merges',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Mesclagens dos últimos 30 dias, mais recente primeiro (para desfazer)',
        querystring: MergeHistoryQuerySchema,
        ...authenticated(MergeHistoryPageSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, MERGE_RULE, (ctx, auth) => listMerges(ctx, auth, request.query)),
    }),
  );
}
