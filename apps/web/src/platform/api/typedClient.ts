import type { RequestOptions } from './client.ts';
import type { paths } from './openapi.gen.ts';
import { toQueryString } from './params.ts';

/**
 * The API's operations as the web calls them (issue 29): paths below the `/api` base, each with the
 * request and answer types generated from the server's OpenAPI document (`npm run api:types`). A
 * renamed path, a changed body or answer is a compile error here, not a failure in the browser.
 */
type ApiPaths = { [P in keyof paths as P extends `/api${infer Rest}` ? Rest : never]: paths[P] };
export type ApiPath = keyof ApiPaths;
type Method = 'get' | 'post' | 'put' | 'delete';

/** The paths that have an operation for the method (`get?: never` is none). */
export type PathOf<M extends Method> = {
  [P in ApiPath]: ApiPaths[P] extends Record<M, { responses: unknown }> ? P : never;
}[ApiPath];
type Operation<M extends Method, P extends PathOf<M>> = ApiPaths[P][M];

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/**
 * An answer as it is read: an optional field (`zipCode?: string`, absent from the JSON) is a field
 * that may be undefined (`zipCode: string | undefined`), as the domain's answer types say it.
 */
type Read<T> = T extends readonly (infer I)[]
  ? Read<I>[]
  : T extends object
    ? { [K in keyof T]-?: Read<T[K]> | (undefined extends T[K] ? undefined : never) }
    : T;

/** The operation's 200 answer with the `{ data }` envelope unwrapped (what the client returns). */
export type AnswerOf<O> = O extends { responses: { 200: infer R } }
  ? Json<R> extends { data: infer D }
    ? Read<D>
    : Read<Json<R>>
  : never;

/** A path parameter: the document says string (it is one in the URL); a code is passed as a number. */
type PathParams<T> = { [K in keyof T]: T[K] | number };
/**
 * A query value: numbers may come as their text, a list as the comma list the server splits, a
 * 'true' | 'false' flag as the boolean it reads.
 */
type QueryValue<V> = V extends number
  ? V | `${number}`
  : V extends readonly unknown[]
    ? V | string
    : V extends 'true' | 'false'
      ? V | boolean
      : V;
type QueryParams<T> = { [K in keyof T]: QueryValue<T[K]> };

type PathPart<O> = O extends { parameters: { path: infer P } } ? { path: PathParams<P> } : { path?: never };
type QueryPart<O> = O extends { parameters: { query: infer Q } }
  ? { query: QueryParams<Q> }
  : O extends { parameters: { query?: infer Q } }
    ? [Exclude<Q, undefined>] extends [never]
      ? { query?: never }
      : { query?: QueryParams<Exclude<Q, undefined>> }
    : { query?: never };
/** A body whose fields are all optional (the logout's `{}`) may be left out, as the server allows. */
type BodyPart<O> = O extends { requestBody: infer B }
  ? Record<never, never> extends Json<B>
    ? { body?: Json<B> }
    : { body: Json<B> }
  : O extends { requestBody?: infer B }
    ? [Exclude<B, undefined>] extends [never]
      ? { body?: never }
      : { body?: Json<Exclude<B, undefined>> }
    : { body?: never };

/** The JSON body an operation takes, for a caller that builds it apart (e.g. from a dynamic form). */
export type BodyOf<M extends Method, P extends PathOf<M>> = NonNullable<BodyPart<Operation<M, P>>['body']>;

/** What a call may say besides its path, query and body (see RequestOptions). */
export type CallOptions = Omit<RequestOptions, 'method' | 'path' | 'params' | 'formData' | 'responseType'>;
export type CallInit<O> = PathPart<O> & QueryPart<O> & BodyPart<O> & CallOptions;

/** The init argument, required when the operation has a path parameter, a required query or body. */
type InitArgs<O> =
  Record<never, never> extends PathPart<O> & QueryPart<O> & BodyPart<O>
    ? [init?: CallInit<O>]
    : [init: CallInit<O>];

type Call<M extends Method> = <P extends PathOf<M>>(
  path: P,
  ...args: InitArgs<Operation<M, P>>
) => Promise<AnswerOf<Operation<M, P>>>;
type BlobCall<M extends Method> = <P extends PathOf<M>>(
  path: P,
  ...args: InitArgs<Operation<M, P>>
) => Promise<Blob>;
/** A multipart upload (the document does not describe the form): typed by its path and answer. */
type UploadCall<M extends 'post' | 'put' = 'post'> = <P extends PathOf<M>>(
  path: P,
  form: FormData,
  init?: Pick<CallInit<Operation<M, P>>, 'path'> & CallOptions,
) => Promise<AnswerOf<Operation<M, P>>>;

export interface TypedApi {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  delete: Call<'delete'>;
  /** A file download (`GET`): the answer as a Blob; a failure is read as JSON as always. */
  getBlob: BlobCall<'get'>;
  /** A file made from a body (`POST`), e.g. the people export. */
  postBlob: BlobCall<'post'>;
  upload: UploadCall;
  /** A multipart upload that replaces a file (`PUT`, e.g. the donation wizard's photo). */
  uploadPut: UploadCall<'put'>;
}

/** `/people/{id}` with `{ id: 7 }` → `/people/7` (each value URI-encoded). */
export function fillPath(template: string, values: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${template}`);
    return encodeURIComponent(String(value));
  });
}

interface LooseInit extends CallOptions {
  path?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
}

/** The typed layer over a client's `request` (the app's or the marketing one: same debounce, notices, session). */
export function createTypedApi(request: (options: RequestOptions) => Promise<unknown>): TypedApi {
  const call =
    (method: RequestOptions['method'], responseType?: 'blob') =>
    (template: string, init: LooseInit = {}) => {
      const { path, query, body, ...options } = init;
      return request({
        ...options,
        method,
        responseType,
        path: fillPath(template, path) + toQueryString(query),
        params: body,
      });
    };
  const upload =
    (method: 'POST' | 'PUT') =>
    (template: string, form: FormData, init: LooseInit = {}) => {
      const { path, ...options } = init;
      return request({ ...options, method, path: fillPath(template, path), formData: form });
    };
  return {
    get: call('GET') as TypedApi['get'],
    post: call('POST') as TypedApi['post'],
    put: call('PUT') as TypedApi['put'],
    delete: call('DELETE') as TypedApi['delete'],
    getBlob: call('GET', 'blob') as TypedApi['getBlob'],
    postBlob: call('POST', 'blob') as TypedApi['postBlob'],
    upload: upload('POST') as TypedApi['upload'],
    uploadPut: upload('PUT') as TypedApi['uploadPut'],
  };
}
