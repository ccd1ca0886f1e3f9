import {
  DEMAND_FILE_MAX_BYTES,
  DEMAND_FILE_TYPES,
  DEMAND_TEXTS,
  type DemandFile,
  type DemandFileType,
  demandFileExtension,
} from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { streamFileToStorage, type UploadRules } from '../../platform/http/upload.ts';
import { fileKey, removeIfNotRecorded } from '../../platform/storage/storage.ts';
import { DEMANDS_RULE } from './demands.policy.ts';
import { checkDemandExists, recordDemandFile, type StoredDemandFile } from './demands.service.ts';

/** The last path segment of a browser's file name, without control characters, at most 255 characters. */
export function displayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f"]/g, '').trim();
  return (clean || fallback).slice(0, 255);
}

/** Spec 3 §5, §9: up to 50 MB, PDF, images and ZIP containers (DOCX, XLSX…) told by their bytes. */
const DEMAND_UPLOAD: UploadRules = {
  maxBytes: DEMAND_FILE_MAX_BYTES,
  types: DEMAND_FILE_TYPES,
  messages: {
    noFile: DEMAND_TEXTS.noFile,
    tooLarge: DEMAND_TEXTS.tooLarge,
    wrongType: DEMAND_TEXTS.wrongType,
  },
};

/**
 * POST /demands/{code}/files: the caller and the demand are checked first (401/403/404 before
 * the body is read); then the part `file` streams into the storage with no transaction open (its
 * type told by its first bytes, its size counted as it arrives: past 50 MB it stops and nothing is
 * left, 413 'Somente é permitido arquivos menores que 50MB'); then a short transaction records it.
 * A file whose record is not written is removed from the storage.
 */
export async function attachUploadedFile(
  app: AppContext,
  request: FastifyRequest,
  code: number,
): Promise<DemandFile> {
  const tenantId = await withAuth(app, request, DEMANDS_RULE, async (ctx, auth) => {
    await checkDemandExists(ctx, auth, code);
    return ctx.tenantId;
  });
  const originalName = (type: string, filename: string | undefined) =>
    displayName(filename, `arquivo.${type}`);
  const streamed = await streamFileToStorage(request, app.files, DEMAND_UPLOAD, (type, filename) =>
    fileKey(tenantId, 'demand', demandFileExtension(type as DemandFileType, originalName(type, filename))),
  );
  const file: StoredDemandFile = {
    key: streamed.key,
    type: streamed.type as DemandFileType,
    contentType: streamed.contentType,
    size: streamed.size,
    originalName: originalName(streamed.type, streamed.filename),
  };
  return removeIfNotRecorded(app.files, file.key, () =>
    withAuth(app, request, DEMANDS_RULE, (ctx, auth) => recordDemandFile(ctx, auth, code, file)),
  );
}
