import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { MESSAGES } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import { SNIFFED_CONTENT_TYPES, type SniffedType, sniffType } from '../files/sniff-type.ts';
import type { FileStorage } from '../storage/storage.ts';
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

/** A file streamed into the storage by `streamFileToStorage`. */
export interface StreamedFile {
  key: string;
  type: SniffedType;
  contentType: string;
  size: number;
  /** the name the browser gave, as it gave it */
  filename: string | undefined;
}

/** Enough of a file's start for `sniffType`. */
const SNIFF_BYTES = 16;

/**
 * One file of up to `rules.maxBytes` from a multipart body, streamed into `files` as it arrives
 * (never whole in memory): the part `file`, its type told by its first bytes before anything is
 * stored, stored under `keyFor(type, name)` with its size counted while it streams — past the
 * limit the storing stops and nothing is left (413). Any other part, a second file, no file or a
 * body that is not multipart is a 400 and leaves nothing stored; a storage failure is thrown as it is.
 */
export async function streamFileToStorage(
  request: FastifyRequest,
  files: FileStorage,
  rules: UploadRules,
  keyFor: (type: SniffedType, filename: string | undefined) => string,
): Promise<StreamedFile> {
  const noFile = () => badRequest(rules.messages.noFile, rules.messages.noFile);
  if (!request.isMultipart()) throw noFile();
  let stored: StreamedFile | undefined;
  let storing = false;
  try {
    for await (const part of request.parts({
      limits: { fileSize: rules.maxBytes + 1, files: 1, fields: 1, fieldSize: 1024, parts: 2 },
    })) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        if (part.type === 'file') part.file.resume();
        throw badRequest(MESSAGES.validation, { [part.fieldname]: [MESSAGES.unknownField] });
      }
      storing = true;
      stored = await storeFilePart(part, files, rules, keyFor);
      storing = false;
    }
  } catch (error) {
    if (stored) await files.delete(stored.key);
    if (error instanceof AppError || storing) throw error;
    if ((error as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, rules.messages.tooLarge, rules.messages.tooLarge);
    throw noFile();
  }
  if (!stored) throw noFile();
  return stored;
}

/**
 * Sniffs the part's first bytes, then streams it whole into the storage through a byte count. An
 * upload refused here has the rest of its part read and dropped (so the request body keeps flowing
 * and the connection answers); errors of the upload are AppErrors, the storage's are its own.
 */
async function storeFilePart(
  part: MultipartFile,
  files: FileStorage,
  rules: UploadRules,
  keyFor: (type: SniffedType, filename: string | undefined) => string,
): Promise<StreamedFile> {
  const noFile = () => badRequest(rules.messages.noFile, rules.messages.noFile);
  const tooLarge = () => new AppError(413, rules.messages.tooLarge, rules.messages.tooLarge);
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const next = () =>
    chunks.next().catch(() => {
      throw noFile(); // a malformed body or a client gone midway
    });
  try {
    const start: Buffer[] = [];
    let started = 0;
    while (started < SNIFF_BYTES) {
      const chunk = await next();
      if (chunk.done) break;
      start.push(chunk.value);
      started += chunk.value.length;
    }
    if (started === 0) throw noFile();
    const head = Buffer.concat(start, started);
    const type = sniffType(head);
    if (!type || !rules.types.includes(type))
      throw badRequest(rules.messages.wrongType, { file: [rules.messages.wrongType] });
    const counted = async function* () {
      let size = head.length;
      if (size > rules.maxBytes) throw tooLarge();
      yield head;
      for (let chunk = await next(); !chunk.done; chunk = await next()) {
        size += chunk.value.length;
        if (size > rules.maxBytes) throw tooLarge();
        yield chunk.value;
      }
    };
    const key = keyFor(type, part.filename);
    const contentType = SNIFFED_CONTENT_TYPES[type];
    const size = await files.putStream(key, Readable.from(counted(), { objectMode: false }), contentType);
    return { key, type, contentType, size, filename: part.filename };
  } catch (error) {
    void drain(chunks);
    throw error;
  }
}

async function drain(chunks: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await chunks.next()).done) {}
  } catch {
    // the client is gone: nothing left to read
  }
}
