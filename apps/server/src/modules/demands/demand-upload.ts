import {
  DEMAND_FILE_MAX_BYTES,
  DEMAND_FILE_TYPES,
  DEMAND_TEXTS,
  type DemandFileType,
  MESSAGES,
} from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import { sniffType } from '../../platform/files/sniff-type.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';

export interface ReceivedDemandFile {
  bytes: Buffer;
  type: DemandFileType;
  /** the name the browser gave, reduced to a safe display name (never used as a path) */
  originalName: string;
}

/** The last path segment of a browser's file name, without control characters, at most 255 characters. */
export function displayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f"]/g, '').trim();
  return (clean || fallback).slice(0, 255);
}

/**
 * One attachment (spec 3 §5, §9): the part `file` of a multipart body, read up to 50 MB (the parser
 * stops at the limit, so memory stays bounded; a larger file is a 413 'Somente é permitido arquivos
 * menores que 50MB'), its type told by its bytes. A second part, no file or a type not allowed is a
 * 400 in pt-BR.
 */
export async function receiveDemandFile(request: FastifyRequest): Promise<ReceivedDemandFile> {
  if (!request.isMultipart()) throw badRequest(DEMAND_TEXTS.noFile, DEMAND_TEXTS.noFile);
  let received: { bytes: Buffer; name: string | undefined } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: DEMAND_FILE_MAX_BYTES, files: 1, fields: 1, fieldSize: 1024, parts: 2 },
    })) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        if (part.type === 'file') part.file.resume();
        throw badRequest(MESSAGES.validation, { [part.fieldname]: [MESSAGES.unknownField] });
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, DEMAND_TEXTS.tooLarge, DEMAND_TEXTS.tooLarge);
      received = { bytes, name: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, DEMAND_TEXTS.tooLarge, DEMAND_TEXTS.tooLarge);
    throw badRequest(DEMAND_TEXTS.noFile, DEMAND_TEXTS.noFile);
  }
  if (!received || received.bytes.length === 0) throw badRequest(DEMAND_TEXTS.noFile, DEMAND_TEXTS.noFile);
  const type = sniffType(received.bytes);
  if (!type || !(DEMAND_FILE_TYPES as readonly string[]).includes(type))
    throw badRequest(DEMAND_TEXTS.wrongType, { file: [DEMAND_TEXTS.wrongType] });
  return {
    bytes: received.bytes,
    type: type as DemandFileType,
    originalName: displayName(received.name, `arquivo.${type}`),
  };
}
