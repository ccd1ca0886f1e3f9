import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  BulkOperationSchema,
  DataAnswerSchema,
  fieldErrors,
  IMPORT_HISTORY_PAGE_SIZE,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MESSAGES,
  ImportDataSchema,
  ImportLogEntrySchema,
  ImportLogSchema,
  ListAnswerSchema,
  MESSAGES,
} from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { idParams, pageQuery } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { importTemplate, TEMPLATE_FILE_NAME, XLSX_MEDIA_TYPE } from './import-template.ts';
import { beginImport, importWithin } from './import-validation.ts';
import { IMPORT_RULE } from './people-import.policy.ts';
import {
  getBulkOperation,
  getImport,
  importLogs,
  listImports,
  searchBulkOperations,
} from './people-import.service.ts';
import { verifyXlsxIsolated } from './xlsx-import.task.ts';

const tags = ['people-import'];
const IMPORT_ANSWERS = authenticated(ImportLogSchema, [413]);
const DATA_PART_BYTES = 4096;

interface Upload {
  path: string;
  fileName: string;
  data: string | undefined;
}

const tooLarge = () => new AppError(413, IMPORT_MESSAGES.tooLarge, IMPORT_MESSAGES.tooLarge);

/**
 * The parts of the upload: `file` (streamed to a temporary file, 50 MB at most) and `data` (the
 * JSON with updateBehavior, as a field or as a small JSON blob); anything else is a 400.
 */
async function receiveUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.notMultipart, IMPORT_MESSAGES.notMultipart);
  const upload: Upload = { path: '', fileName: '', data: undefined };
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 2, fields: 2, fieldSize: DATA_PART_BYTES, parts: 4 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'data' || upload.data !== undefined)
          throw badRequest(MESSAGES.validation, { [part.fieldname]: [MESSAGES.unknownField] });
        upload.data = String(part.value);
      } else if (part.fieldname === 'data' && upload.data === undefined) {
        const bytes = await part.toBuffer();
        if (bytes.length > DATA_PART_BYTES) throw badRequest(IMPORT_MESSAGES.missingData);
        upload.data = bytes.toString('utf8');
      } else if (part.fieldname === 'file') {
        if (upload.path) throw badRequest(IMPORT_MESSAGES.oneFile, IMPORT_MESSAGES.oneFile);
        upload.path = path.join(os.tmpdir(), `mandato-import-${randomUUID()}.xlsx`);
        upload.fileName = path.basename(part.filename || 'planilha.xlsx').slice(0, 255) || 'planilha.xlsx';
        await pipeline(part.file, createWriteStream(upload.path));
        if (part.file.truncated) throw tooLarge();
      } else {
        part.file.resume();
        throw badRequest(MESSAGES.validation, { [part.fieldname]: [MESSAGES.unknownField] });
      }
    }
  } catch (error) {
    if (upload.path) await fs.rm(upload.path, { force: true });
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw badRequest(IMPORT_MESSAGES.validationFailed, IMPORT_MESSAGES.validationFailed);
  }
  return upload;
}

function parseData(raw: string | undefined) {
  if (raw === undefined)
    throw badRequest(IMPORT_MESSAGES.missingData, { data: [IMPORT_MESSAGES.missingData] });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest(MESSAGES.malformedJson, { data: [MESSAGES.malformedJson] });
  }
  const parsed = ImportDataSchema.safeParse(json);
  if (!parsed.success) throw badRequest(MESSAGES.validation, fieldErrors(parsed.error.issues));
  return parsed.data;
}

export function registerPeopleImportRoutes(api: Api, app: AppContext) {
  api.register(async (scope) => {
    // multipart only here: no other route reads uploads
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });

    scope.post(
      '/api/people/import',
      {
        schema: {
          tags,
          summary: 'Importa uma planilha XLSX (multipart: file e data {updateBehavior, type})',
          description:
            'Responde 200 com a importação quando a planilha é validada dentro da espera ' +
            '(IMPORT_VERDICT_WAIT_MS), ou 400 com as inconsistências por linha; uma planilha que leva ' +
            'mais responde 202 com a importação em validação (validating), e o veredito aparece no ' +
            'histórico (uma recusa: status ERROR com as inconsistências no log de erros).',
          consumes: ['multipart/form-data'],
          ...IMPORT_ANSWERS,
          response: { ...IMPORT_ANSWERS.response, 202: DataAnswerSchema(ImportLogSchema) },
        },
      },
      async (request, reply) => {
        // tenant, session and role before the upload is read
        const tenantId = await withAuth(app, request, IMPORT_RULE, async (ctx) => ctx.tenantId);
        const upload = await receiveUpload(request);
        let handedOver = false;
        try {
          const data = parseData(upload.data);
          if (!upload.path) throw badRequest(IMPORT_MESSAGES.noFile, { file: [IMPORT_MESSAGES.noFile] });
          // the archive checked in the untrusted pool, with no transaction open
          const verified = await verifyXlsxIsolated(app, tenantId, upload.path);
          const staging = await withAuth(app, request, IMPORT_RULE, (ctx, auth) =>
            beginImport(ctx, auth, { fileName: upload.fileName, data }),
          );
          handedOver = true; // importWithin removes the file once it is read
          const log = await importWithin(app, staging, { ...verified, path: upload.path }, data.type);
          if (log.validating) reply.code(202);
          return { data: log };
        } finally {
          if (!handedOver && upload.path) await fs.rm(upload.path, { force: true });
        }
      },
    );
  });

  api.get(
    '/api/people/import/template',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Modelo XLSX da importação (todas as colunas e uma linha de exemplo)',
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: download(XLSX_MEDIA_TYPE, z.string(), [400, 401, 403]),
      },
    },
    async (request, reply) => {
      await withAuth(app, request, IMPORT_RULE, async () => undefined);
      return reply
        .header('Content-Disposition', attachment(TEMPLATE_FILE_NAME))
        .header('Cache-Control', 'no-store')
        .type(XLSX_MEDIA_TYPE)
        .send((await importTemplate()) as never);
    },
  );

  api.get(
    '/api/people/imports',
    {
      ...strictInput(IMPORT_MESSAGES.logsError),
      schema: {
        tags,
        summary: 'Histórico de importações (30 por página)',
        querystring: z.object(pageQuery(IMPORT_HISTORY_PAGE_SIZE)),
        ...authenticated(ListAnswerSchema(ImportLogSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, IMPORT_RULE, (ctx, auth) => listImports(ctx, auth, request.query)),
    }),
  );

  api.get(
    '/api/people/imports/:id/status',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Uma importação e seu progresso',
        params: idParams,
        ...authenticated(ImportLogSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, IMPORT_RULE, (ctx, auth) => getImport(ctx, auth, request.params.id)),
    }),
  );

  api.get(
    '/api/people/imports/:id/logs',
    {
      ...strictInput(IMPORT_MESSAGES.logsError),
      schema: {
        tags,
        summary: 'Log de erros de uma importação (Cód. Contato / Erro)',
        params: idParams,
        querystring: z.object(pageQuery(IMPORT_HISTORY_PAGE_SIZE)),
        ...authenticated(ListAnswerSchema(ImportLogEntrySchema), [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, IMPORT_RULE, (ctx, auth) =>
        importLogs(ctx, auth, request.params.id, request.query),
      ),
    }),
  );

  api.get(
    '/api/bulk-operations/search',
    {
      ...strictInput(IMPORT_MESSAGES.logsError),
      schema: {
        tags,
        summary: 'Histórico de importações na forma de operações em lote',
        querystring: z.object({
          ...pageQuery(IMPORT_HISTORY_PAGE_SIZE),
          ordering: z.enum(['ASC', 'DESC'], { error: MESSAGES.notAllowed }).optional(),
        }),
        ...authenticated(ListAnswerSchema(BulkOperationSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, IMPORT_RULE, (ctx, auth) =>
        searchBulkOperations(ctx, auth, request.query),
      ),
    }),
  );

  api.get(
    '/api/bulk-operations/get/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Uma operação em lote (importação)',
        params: idParams,
        ...authenticated(BulkOperationSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, IMPORT_RULE, (ctx, auth) =>
        getBulkOperation(ctx, auth, request.params.id),
      ),
    }),
  );
}
