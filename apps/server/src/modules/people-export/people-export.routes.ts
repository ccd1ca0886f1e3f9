import { PassThrough } from 'node:stream';
import {
  ListAnswerSchema,
  PEOPLE_EXPORT_TEXTS,
  PeopleExportLogSchema,
  PeopleExportSchema,
  PeopleExportsQuerySchema,
} from '@mandato/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { PEOPLE_EXPORT_RULE } from './people-export.policy.ts';
import {
  type ExportSink,
  listPeopleExports,
  startPeopleExport,
  streamPeopleExport,
} from './people-export.service.ts';
import { XLSX_MEDIA_TYPE } from './xlsx-sheet-writer.ts';

const tags = ['people'];

/** The 200 is the CSV or, with `format: 'XLSX'`, the spreadsheet. */
const csvAnswers = download('text/csv', z.string(), [400, 401, 403, 404]);
const exportAnswers = {
  ...csvAnswers,
  200: {
    ...csvAnswers[200],
    content: { ...csvAnswers[200].content, [XLSX_MEDIA_TYPE]: { schema: z.string() } },
  },
};

const MEDIA_TYPES = { CSV: 'text/csv; charset=utf-8', XLSX: XLSX_MEDIA_TYPE } as const;

/**
 * The response as an ExportSink: the first write sends the 200 with the stream as its body;
 * later writes wait for the client to take the previous ones (backpressure) unless
 * `waitForClient` is false; once the client has gone away every write answers false.
 */
function responseSink(reply: FastifyReply, waitForClient: boolean) {
  const stream = new PassThrough();
  let started = false;
  let gone = false;
  const leave = () => {
    gone = true;
  };
  stream.on('close', leave);
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) leave();
  });
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  const sink: ExportSink = {
    async write(text) {
      if (!started) {
        started = true;
        void reply.send(stream);
      }
      if (gone || stream.destroyed) return false;
      if (!stream.write(text) && waitForClient) await drained();
      return !gone;
    },
  };
  return { sink, stream, started: () => started };
}

export function registerPeopleExportRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/people/search/export',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Exporta pessoas ou equipe da expressão (CSV exportacao.csv ou, com format XLSX, a planilha exportacao.xlsx; registrado no log)',
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: exportAnswers,
        body: PeopleExportSchema,
      },
    },
    async (request, reply) => {
      const started = await withAuth(app, request, PEOPLE_EXPORT_RULE, (ctx, auth) =>
        startPeopleExport(ctx, auth, request.body),
      );
      reply
        .header('Content-Disposition', attachment(PEOPLE_EXPORT_TEXTS.fileNames[request.body.format]))
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(started.expectedRows))
        .type(MEDIA_TYPES[request.body.format]);
      // PGlite has one connection for every request: the export must not hold it while a slow
      // client downloads, so it is read at database speed and buffered (embedded, small bases)
      const out = responseSink(reply, app.db.engine === 'postgres');
      try {
        await withAuth(app, request, PEOPLE_EXPORT_RULE, (ctx, auth) =>
          streamPeopleExport(ctx, auth, { body: request.body, started, sink: out.sink }),
        );
      } catch (error) {
        if (!out.started()) throw error;
        // the 200 is on its way: cut the body so the client sees a failed download
        request.log.error({ err: error }, 'people export failed after the first byte');
        out.stream.destroy(error as Error);
        return reply;
      }
      out.stream.end();
      return reply;
    },
  );

  api.get(
    '/api/people/exports',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Histórico de exportações de pessoas e equipe',
        ...authenticated(ListAnswerSchema(PeopleExportLogSchema)),
        querystring: PeopleExportsQuerySchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PEOPLE_EXPORT_RULE, (ctx, auth) =>
        listPeopleExports(ctx, auth, request.query),
      ),
    }),
  );
}
