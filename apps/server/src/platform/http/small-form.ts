import type { IncomingHttpHeaders } from 'node:http';
import Busboy from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import type { Api } from './types.ts';

export const FORM_URLENCODED = 'application/x-www-form-urlencoded';
export const FORM_MULTIPART = 'multipart/form-data';

/**
 * A small form of text fields (the RFC 8058 one-click POST: `List-Unsubscribe=One-Click`), as
 * `application/x-www-form-urlencoded` or `multipart/form-data`, read whole into memory up to
 * `maxBytes`. Anything else is `refusal` (a 400 of the caller's words) before the route runs:
 * a longer body (declared or sent: reading stops at the limit), more than `maxFields` parts, a file
 * part (nothing of it kept), a field name or value cut by the limits, a malformed multipart.
 * The body is an object of the fields (the last of a repeated name): the route's schema decides.
 */
export interface SmallFormOptions {
  maxBytes: number;
  maxFields: number;
  refusal: string;
}

/** The parsers of both form types, in the scope of the caller (a plugin of one route). */
export function registerSmallFormParsers(scope: Api, options: SmallFormOptions): void {
  const parse =
    (read: (request: FastifyRequest, body: Buffer) => Promise<Record<string, string>>) =>
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const body = await readSmall(request, payload, options.maxBytes);
      if (!body) throw badRequest(options.refusal);
      return read(request, body);
    };
  scope.addContentTypeParser(
    FORM_URLENCODED,
    parse(async (_request, body) => Object.fromEntries(new URLSearchParams(body.toString('utf8')))),
  );
  scope.addContentTypeParser(
    FORM_MULTIPART,
    parse(async (request, body) => {
      const fields = await multipartFields(request.headers, body, options.maxFields);
      if (!fields) throw badRequest(options.refusal);
      return fields;
    }),
  );
}

/**
 * The body, or undefined past `limit` bytes: a longer Content-Length is refused unread, a body that
 * goes on past it stops being read there (the rest is discarded by the HTTP server).
 */
function readSmall(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  limit: number,
): Promise<Buffer | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > limit) {
        stop();
        resolve(undefined);
      } else chunks.push(bytes);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

/**
 * The text fields of a multipart body already in memory, or undefined when it is anything more or
 * less than a few text fields. RFC 8058 §3.1 prints its example with delimiter lines that are the
 * boundary itself, without the leading `--` RFC 2046 asks for; a body written from it is read with
 * the boundary those lines make.
 */
async function multipartFields(
  headers: IncomingHttpHeaders,
  body: Buffer,
  maxFields: number,
): Promise<Record<string, string> | undefined> {
  const contentType = headers['content-type'] ?? '';
  const fields = await readMultipart(contentType, body, maxFields);
  if (fields) return fields;
  const boundary = /;\s*boundary=(?:"([^"]*)"|([^\s;]+))/i.exec(contentType);
  const declared = boundary?.[1] ?? boundary?.[2];
  if (!declared?.startsWith('--') || !body.subarray(0, declared.length).equals(Buffer.from(declared)))
    return undefined;
  return readMultipart(`${FORM_MULTIPART}; boundary="${declared.slice(2)}"`, body, maxFields);
}

function readMultipart(
  contentType: string,
  body: Buffer,
  maxFields: number,
): Promise<Record<string, string> | undefined> {
  return new Promise((resolve) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: {
          fields: maxFields,
          parts: maxFields,
          files: 0,
          fieldNameSize: 64,
          fieldSize: body.length,
          headerPairs: 4,
          headerSize: 512,
        },
        // a part with a file name or of bytes is a file: refused, never kept
        isPartAFile: (_name, type, fileName) =>
          fileName !== undefined || (type !== undefined && !/^text\/plain\b/i.test(type)),
      });
    } catch {
      resolve(undefined); // not multipart/form-data with a boundary
      return;
    }
    const fields: [string, string][] = [];
    let refused = false;
    const refuse = () => {
      refused = true;
    };
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) refused = true;
      else fields.push([name, value]);
    });
    parser.on('file', (_name, stream) => {
      refused = true;
      stream.resume();
    });
    parser.on('filesLimit', refuse);
    parser.on('partsLimit', refuse);
    parser.on('fieldsLimit', refuse);
    parser.on('error', () => resolve(undefined));
    parser.on('finish', () => resolve(refused ? undefined : Object.fromEntries(fields)));
    parser.end(body);
  });
}
