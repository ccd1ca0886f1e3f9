import { MESSAGES } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import { type SniffedType, sniffType } from '../files/sniff-type.ts';
import { AppError, badRequest } from './errors.ts';

export interface UploadRules {
  maxBytes: number;
  /** the types accepted, told by the file's first bytes (never its name or declared type) */
  types: readonly SniffedType[];
  messages: { noFile: string; tooLarge: string; wrongType: string };
}

/**
 * One small file (a logo, a favicon) from a multipart body: the part `file`, read into memory up
 * to `maxBytes` (a larger one is a 413), its type told by its bytes. Any other part, a second file
 * or a body that is not multipart is a 400 with the messages of the caller.
 */
export async function receiveSmallFile(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<{ bytes: Buffer; type: SniffedType }> {
  if (!request.isMultipart()) throw badRequest(rules.messages.noFile, rules.messages.noFile);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 1, fieldSize: 1024, parts: 2 },
    })) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        if (part.type === 'file') part.file.resume();
        throw badRequest(MESSAGES.validation, { [part.fieldname]: [MESSAGES.unknownField] });
      }
      bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, rules.messages.tooLarge, rules.messages.tooLarge);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, rules.messages.tooLarge, rules.messages.tooLarge);
    throw badRequest(rules.messages.noFile, rules.messages.noFile);
  }
  if (!bytes || bytes.length === 0) throw badRequest(rules.messages.noFile, rules.messages.noFile);
  const type = sniffType(bytes);
  if (!type || !rules.types.includes(type))
    throw badRequest(rules.messages.wrongType, { file: [rules.messages.wrongType] });
  return { bytes, type };
}
