import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  DEMAND_FILE_MAX_BYTES,
  DONATION_LIMITS,
  EMAIL_DESIGN_MAX_NODES,
  HTML_BUDGET,
  IMPORT_HEADERS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  JSON_MAX_DEPTH,
  jsonTextNodesPast,
  LOGO_MAX_BYTES,
  ROLES,
  SHOT_DESIGN_MAX_BYTES,
  SHOT_HTML_MAX_BYTES,
  SHOT_PREVIEW_MAX_BYTES,
  SMS_WEBHOOK_SECRET_HEADER,
  SPONSOR_FAVICON_MAX_BYTES,
} from '@mandato/domain';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProviderToken } from '../../modules/donations/donations.service.ts';
import { setTenantModules } from '../../modules/tenants/tenants.service.ts';
import { type DonationSandbox, startDonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { buildCompany, buildPerson, type Caller, signedIn } from '../../test/crm-factories.ts';
import type { ClientAnswer, ClientRequest } from '../../test/http-client-child.ts';
import { allPeopleSegment, emailBody, type MarketingSetup, marketingSetup } from '../../test/shots-setup.ts';
import { buildTenant, buildUser, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { multipartBody } from '../../test/xlsx-fixture.ts';
import { IMPORT_VERDICT_WAIT_MS, loadConfig } from '../config/config.ts';
import { withTenant } from '../db/tenancy.ts';
import { checkHtmlBudget } from '../html/html-budget.ts';

/**
 * Issue 38, item 1: every route that takes a body or an upload, fed the worst payloads at its own
 * declared maximum (the route's bodyLimit, the schema's lengths and counts, the upload's file size),
 * answers within 5 s — a 2xx or a 4xx, never a 5xx nor a dropped connection — while another
 * tenant's light request, repeated as long as the worst one is in flight, is answered within 1 s
 * each; and the server answers afterwards. The server listens on a real port; the worst request is
 * sent by a client process of its own (test/http-client-child.ts), tenant B's from this process.
 *
 * A body route is one whose operation in the OpenAPI document has a requestBody, one that consumes
 * multipart (an upload: the document shows no body for it) or one that declares a bodyLimit of its
 * own (read from the route's options). FEEDERS lists how each is fed; the first test fails when a
 * body route appears that the table does not know (or the table names one that is gone), so no
 * route is skipped in silence. Most routes get the generic shapes, generated from their body
 * schema; the routes that parse a document (e-mail HTML and design, the sponsor terms, the XLSX
 * import, the uploads) get shapes of their own. KNOWN_FAILURES keeps what breaks the property today
 * visible, with its figures. `WORST_CASE_FIGURES=1` prints every case's figures.
 */

const WORST_MS = 5_000;
const NEIGHBOUR_MS = 1_000;
/**
 * The neighbour's allowance is max(1 s, 3 × its baseline), the baseline being the median of a few
 * of its requests just before each route: on a loaded CI machine (2 cores, other test files in
 * parallel) a light request may take more than a third of a second with nothing hostile in flight,
 * and the property is about what the hostile payload adds, not about the machine's speed. A route
 * that stalls the server for the whole of its work still fails: that wait is seconds, not a factor.
 */
const BASELINE_FACTOR = 3;
const BASELINE_SAMPLES = 5;

const SECRET = 'segredo-dos-webhooks-de-teste';
/** The worst requests are sent from a process of their own (its sending is not the server's work). */
const CLIENT = path.resolve(import.meta.dirname, '../../test/http-client-child.ts');

// ---------------------------------------------------------------------------------------------
// The routes, as the OpenAPI document and the routes' own options declare them

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number | boolean;
  $ref?: string;
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** What the route's options say (read from `request.routeOptions` by a probe, see beforeAll). */
interface RouteOptions {
  bodyLimit: number;
  consumes: string[];
}

interface BodyRoute {
  /** 'METHOD /path/{param}', as the document names it */
  key: string;
  method: string;
  path: string;
  /** the JSON body schema, when the document has one */
  schema: JsonSchema | undefined;
  bodyLimit: number;
}

/** One worst-case request: its body as sent. */
interface Payload {
  shape: string;
  body: string | Buffer;
  contentType: string;
  /** the declared maximum this payload is at: it must not pass it (a 413 would test nothing) */
  limit: number;
}

// ---------------------------------------------------------------------------------------------
// Generic shapes from a body schema

/**
 * The schema with each `$ref` to the document's components put in its place (a reference deeper
 * than 32 levels, which only a recursive schema would have, is left as any JSON).
 */
function inlined(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): JsonSchema {
  if (depth > 32) return {};
  const inner = (s: JsonSchema) => inlined(s, components, depth + 1);
  if (schema.$ref) return inner(components[schema.$ref.replace('#/components/schemas/', '')] ?? {});
  const out: JsonSchema = { ...schema };
  if (schema.properties)
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, inner(v)]));
  if (typeof schema.additionalProperties === 'object')
    out.additionalProperties = inner(schema.additionalProperties);
  if (schema.items) out.items = inner(schema.items);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]) out[key] = schema[key].map(inner);
  return out;
}
const typeOf = (schema: JsonSchema) => {
  const types = [schema.type ?? []].flat().filter((t) => t !== 'null');
  if (types[0]) return types[0];
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
};
const size = (value: unknown) => JSON.stringify(value)?.length ?? 0;
/** Text the schemas accept on one line (accents: more bytes than characters). */
const filler = (length: number) => 'Maria da Conceição '.repeat(Math.ceil(length / 19)).slice(0, length);
/** A branch of anyOf/oneOf that holds the most: an object, an array, a string, anything else. */
const richest = (branches: JsonSchema[]) => {
  const rank = (b: JsonSchema) => ['object', 'array', 'string'].indexOf(typeOf(b) ?? '') + 1 || 9;
  return [...branches].sort((a, b) => rank(a) - rank(b))[0] ?? {};
};
const matching = (pattern: string) =>
  fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 38 })[0] ?? '';

/**
 * Arrays nested down to JSON_MAX_DEPTH (counting the `depth` containers around), the innermost one
 * holding as many `0` as `budget` characters allow: the most elements at the deepest level the
 * JSON reader lets through.
 */
function tinyAtDepth(budget: number, depth: number): unknown {
  const levels = Math.max(1, Math.min(JSON_MAX_DEPTH - depth, Math.floor(budget / 4)));
  let value: unknown = new Array(Math.max(0, Math.floor((budget - 2 * levels) / 2))).fill(0);
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

/**
 * The largest value of `schema` in about `budget` characters: every property present, strings at
 * their maximum length (or filling the budget when unbounded), arrays at their maximum count of
 * their largest item, a value of any type as tinyAtDepth. `depth`: containers around the value.
 */
function largest(schema: JsonSchema, budget: number, depth: number): unknown {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return largest(richest(branches), budget, depth);
  if (schema.allOf?.[0]) return largest(schema.allOf[0], budget, depth);
  if ('const' in schema) return schema.const;
  if (schema.enum) return [...schema.enum].sort((a, b) => size(b) - size(a))[0];
  switch (typeOf(schema)) {
    case 'object':
      return objectOf(schema, budget, depth);
    case 'array': {
      const max = schema.maxItems ?? Number.POSITIVE_INFINITY;
      const itemBudget = Number.isFinite(max) ? Math.max(4, Math.floor(budget / max) - 1) : 64;
      const item = largest(schema.items ?? {}, itemBudget, depth + 1);
      const count = Math.max(schema.minItems ?? 0, Math.min(max, Math.floor(budget / (size(item) + 1))));
      return new Array(count).fill(item);
    }
    case 'string': {
      if (schema.pattern) return matching(schema.pattern);
      const length = Math.min(schema.maxLength ?? Number.POSITIVE_INFINITY, Math.floor((budget - 2) / 1.2));
      return filler(Math.max(schema.minLength ?? 0, length));
    }
    case 'integer':
    case 'number':
      return typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : (schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    default:
      // any JSON: as deep as the reader lets through, a few elements (the flood is 'tiny')
      return tinyAtDepth(Math.min(budget, 4096), depth);
  }
}

function objectOf(schema: JsonSchema, budget: number, depth: number): Record<string, unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    if (typeof schema.additionalProperties !== 'object') return {};
    const value = largest(schema.additionalProperties, 64, depth + 1);
    const count = Math.floor(budget / (size(value) + 12));
    return Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, value]));
  }
  const overhead = properties.reduce((n, [name]) => n + name.length + 4, 2);
  const share = Math.max(8, Math.floor((budget - overhead) / properties.length));
  const first = properties.map(([name, p]) => [name, largest(p, share, depth + 1)] as const);
  // what the bounded properties left goes to the ones that filled their share
  const filled = first.filter(([, v]) => size(v) >= share * 0.8).map(([name]) => name);
  const left = budget - overhead - first.reduce((n, [, v]) => n + size(v), 0);
  if (filled.length === 0 || left < 64) return Object.fromEntries(first);
  const more = share + Math.floor(left / filled.length);
  return Object.fromEntries(
    first.map(([name, v]) =>
      filled.includes(name) ? [name, largest(schema.properties?.[name] ?? {}, more, depth + 1)] : [name, v],
    ),
  );
}

const bytes = (text: string | Buffer) => (typeof text === 'string' ? Buffer.byteLength(text) : text.length);

/** JSON text of `make(budget)`, the budget shrunk until it fits in `limit` bytes. */
function atLimit(limit: number, make: (budget: number) => unknown): string {
  for (let budget = limit - 16; budget > 0; budget = Math.floor(budget * 0.95)) {
    const text = JSON.stringify(make(budget));
    if (bytes(text) <= limit) return text;
  }
  throw new Error('nothing fits');
}

const json = (shape: string, body: string, limit: number): Payload => ({
  shape,
  body,
  contentType: 'application/json',
  limit,
});

/**
 * The generic worst cases of a JSON route, at its bodyLimit:
 * - 'largest': the schema's own largest value (every field, strings and arrays at their maximum);
 * - 'deep': the first field nested as deep as the bytes allow (the reader's depth check refuses it);
 * - 'tiny': its arrays (or, without any, the first field at the deepest level let through) holding
 *   as many one-byte elements as the bytes allow, past any maxItems.
 */
function genericShapes(route: BodyRoute, only: readonly string[] = ['largest', 'deep', 'tiny']): Payload[] {
  const schema = route.schema ?? {};
  const limit = route.bodyLimit;
  const names = Object.keys(schema.properties ?? {});
  const key = names[0] ?? 'x';
  const nesting = Math.floor((limit - key.length - 8) / 2);
  const arrays = names.filter((name) => {
    const p = schema.properties?.[name] ?? {};
    return typeOf(p) === 'array' || (p.anyOf ?? p.oneOf ?? []).some((b) => typeOf(b) === 'array');
  });
  const tiny = (budget: number) =>
    arrays.length > 0
      ? Object.fromEntries(
          arrays.map((name) => [name, new Array(Math.floor(budget / arrays.length / 2) - 8).fill(0)]),
        )
      : { [key]: tinyAtDepth(budget - key.length - 6, 1) };
  const shapes: Record<string, () => Payload> = {
    largest: () =>
      json(
        'largest',
        atLimit(limit, (budget) => largest(schema, budget, 0)),
        limit,
      ),
    deep: () => json('deep', `{"${key}":${'['.repeat(nesting)}${']'.repeat(nesting)}}`, limit),
    tiny: () => json('tiny', atLimit(limit, tiny), limit),
  };
  return only.map((shape) => (shapes[shape] as () => Payload)());
}

// ---------------------------------------------------------------------------------------------
// Documents: e-mail HTML and design, rich text, spreadsheets, images

/** The largest count in [0, most] whose document `make` builds the HTML budget accepts. */
function largestAccepted(make: (count: number) => string, most: number): number {
  return largestWhere(most, (n) => {
    try {
      checkHtmlBudget(make(n));
      return true;
    } catch {
      return false;
    }
  });
}

/** The largest count in [0, most] that `accepted` holds for (it holds up to some count, then not). */
function largestWhere(most: number, accepted: (count: number) => boolean): number {
  let [low, high] = [0, most];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (accepted(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * The e-mail HTML shapes of the issue at `max` bytes, and the costliest ones the budget accepts:
 * - `<br>` repeated up to the limit; `<div>` nested up to 200,000 deep; `{{primeiro_nome}}<br>`
 *   × 45,000; a `<style>` of thousands of rules with thousands of elements (all refused);
 * - the old budget's worst descendant rules (rules × elements only), now past the ancestors they
 *   try, and general sibling selectors (refused);
 * - 'html: budget, …': as many elements as HTML_BUDGET accepts under 100 levels (with the merge
 *   tags), every rule a descendant selector whose ancestor part fails only once every ancestor of
 *   the deepest elements has been tried (accepted).
 */
function htmlShapes(max: number): [string, string][] {
  const fit = (unit: string, count: number) => unit.repeat(Math.min(count, Math.floor(max / bytes(unit))));
  const style = (rules: number, rule: (i: number) => string) =>
    `<style>${Array.from({ length: rules }, (_, i) => rule(i)).join('')}</style>`;
  // as many rules as half the bytes hold (the budget's 2,000 at 1 MiB), elements in the other half
  const flood = style(Math.min(HTML_BUDGET.styleRules, Math.floor(max / 2 / 16)), (i) => `.c${i}{color:red}`);
  const shapes: [string, string][] = [
    ['html: <br> up to the limit', fit('<br>', Number.POSITIVE_INFINITY)],
    ['html: <div> nested 200,000 deep', fit('<div>', 200_000)],
    ['html: {{primeiro_nome}}<br> × 45,000', fit('{{primeiro_nome}}<br>', 45_000)],
    [
      'html: <style> of thousands of rules + thousands of elements',
      flood + '<p>x</p>'.repeat(Math.floor((max - flood.length) / 8)),
    ],
  ];
  const nested = '<div>'.repeat(HTML_BUDGET.depth - 2);
  const descendantRules = (n: number) =>
    style(n, (i) => `section.c${i} p{color:#${String(i % 1000).padStart(3, '0')}}`);
  // the old budget's worst (rules × elements only): 2,000 descendant rules × 500 elements
  shapes.push([
    'html: 2,000 descendant rules × 500 elements, 100 deep (past the ancestors budget)',
    descendantRules(HTML_BUDGET.styleRules) + nested + '<p>x</p>'.repeat(500),
  ]);
  shapes.push([
    'html: a general sibling selector over thousands of elements',
    `<style>.x ~ p ~ p{color:red}</style>${fit('<p>x</p>', HTML_BUDGET.elements - 1)}`,
  ]);
  // the most elements the budget accepts under 100 levels, with many rules or with the merge tags
  const ruled = (elements: number) =>
    descendantRules(HTML_BUDGET.styleRules) + nested + '<p>x</p>'.repeat(elements);
  const wide = (elements: number) =>
    descendantRules(25) +
    nested +
    '<p>{{primeiro_nome}}</p>'.repeat(Math.min(elements, HTML_BUDGET.mergeTags)) +
    '<p>x</p>'.repeat(Math.max(0, elements - HTML_BUDGET.mergeTags));
  for (const [name, make] of [
    ['2,000 descendant rules', ruled],
    ['25 descendant rules', wide],
  ] as const) {
    const body = make(largestAccepted(make, HTML_BUDGET.elements));
    if (bytes(body) <= max) shapes.push([`html: budget, ${name}, 100 deep`, body]);
  }
  return shapes;
}

/**
 * A GrapesJS project as deep as JSON_MAX_DEPTH lets a design be (each element nests the next in its
 * `components`), its innermost element holding as many components as `max` bytes allow (the
 * smallest: `{}`, each one walked by the reader and the design's sanitiser).
 */
function worstDesign(max: number, most = Number.POSITIVE_INFINITY): string {
  const head = '{"pages":[{"frames":[{"component":';
  const open = '{"tagName":"div","components":[';
  const levels = Math.floor((JSON_MAX_DEPTH - 7) / 2);
  const leaf = '{}';
  const close = ']}'.repeat(levels);
  const tail = '}]}]}';
  const room = max - head.length - open.length * levels - close.length - tail.length;
  const count = Math.min(most, Math.floor((room + 1) / (leaf.length + 1)));
  const leaves = Array.from({ length: count }, () => leaf).join(',');
  return `${head}${open.repeat(levels)}${leaves}${close}${tail}`;
}

/** The deepest design with as many components as EMAIL_DESIGN_MAX_NODES accepts. */
function budgetDesign(): string {
  const within = (count: number) =>
    !jsonTextNodesPast(worstDesign(SHOT_DESIGN_MAX_BYTES, count), EMAIL_DESIGN_MAX_NODES);
  return worstDesign(SHOT_DESIGN_MAX_BYTES, largestWhere(EMAIL_DESIGN_MAX_NODES, within));
}

const previewAt = (max: number) => {
  const head = 'data:image/png;base64,';
  return head + 'A'.repeat(max - head.length);
};

/**
 * The e-mail editor's save: each HTML shape at the HTML's limit (SHOT_HTML_MAX_BYTES), and the
 * design at its own (SHOT_DESIGN_MAX_BYTES, JSON_MAX_DEPTH), as the web sends it (JSON text, with
 * the largest preview where the route takes one) and as an object.
 */
function emailShapes(
  route: BodyRoute,
  envelope: (content: Record<string, unknown>) => object,
  preview: boolean,
): Payload[] {
  const limit = route.bodyLimit;
  const subject = filler(250).trim();
  const shapes = htmlShapes(SHOT_HTML_MAX_BYTES).map(([shape, htmlContent]) =>
    json(shape, JSON.stringify(envelope({ subject, htmlContent })), limit),
  );
  const design = worstDesign(SHOT_DESIGN_MAX_BYTES);
  const htmlContent = '<p>{{primeiro_nome}}</p>';
  shapes.push(
    json(
      'design: 2 MiB at the deepest, as text',
      JSON.stringify(
        envelope({
          subject,
          htmlContent,
          jsonContent: design,
          ...(preview ? { imagePreview: previewAt(SHOT_PREVIEW_MAX_BYTES) } : {}),
        }),
      ),
      limit,
    ),
    json(
      'design: 2 MiB at the deepest, as an object',
      JSON.stringify(envelope({ subject, htmlContent, jsonContent: JSON.parse(design) })),
      limit,
    ),
  );
  // what the design's node budget accepts (the 2 MiB ones are refused on it)
  const atBudget = budgetDesign();
  shapes.push(
    json(
      'design: the budget at the deepest, as text',
      JSON.stringify(envelope({ subject, htmlContent, jsonContent: atBudget })),
      limit,
    ),
    json(
      'design: the budget at the deepest, as an object',
      JSON.stringify(envelope({ subject, htmlContent, jsonContent: JSON.parse(atBudget) })),
      limit,
    ),
  );
  return shapes;
}

/**
 * The sponsor form's settings with each HTML shape as its terms, at the terms' declared maximum
 * (their maxLength in the schema, within the route's bodyLimit).
 */
function termsShapes(route: BodyRoute): Payload[] {
  const fields = SPONSOR_FIELDS.map((name) => ({ name, isRequired: true }));
  const envelope = (terms: string) =>
    JSON.stringify({ title: filler(60).trim(), description: filler(200).trim(), terms, fields });
  const declared = route.schema?.properties?.terms?.maxLength;
  if (!declared) throw new Error(`${route.key}: the terms have no maxLength`);
  const room = Math.min(declared, route.bodyLimit - bytes(envelope('')));
  return htmlShapes(room).map(([shape, terms]) =>
    json(shape.replace('html:', 'terms:'), envelope(terms), route.bodyLimit),
  );
}
const SPONSOR_FIELDS = [
  'name',
  'email',
  'cellphone',
  'cpf',
  'birthDate',
  'nickname',
  'gender',
  'zipCode',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'phoneTwo',
  'profession',
  'votingZone',
  'votingSection',
];

/** A file of exactly `max` bytes that starts as `magic` says (the uploads tell the type by it). */
const padded = (magic: number[], max: number) => {
  const file = Buffer.alloc(max, 0x41);
  Buffer.from(magic).copy(file);
  return file;
};
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const upload = (
  shape: string,
  file: Buffer,
  limit: number,
  data?: unknown,
  name = 'arquivo.png',
): Payload => {
  const body = multipartBody(file, data, name);
  return { shape, body: body.payload, contentType: body.headers['content-type'] ?? '', limit };
};

/** A valid CPF for a number (the import checks the digits). */
function cpfOf(n: number): string {
  const base = [...String((n * 7919 + 100_000_007) % 1_000_000_000).padStart(9, '0')].map(Number);
  const digit = (d: number[]) => {
    const r = d.reduce((acc, v, i) => acc + v * (d.length + 1 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

/**
 * The import's worst case: IMPORT_MAX_ROWS rows (the most it reads), every one valid with most
 * columns filled, so every row is validated and staged; written by ExcelJS's streaming writer.
 */
async function maxRowsWorkbook(file: string): Promise<Buffer> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Pessoas');
  sheet.addRow([...IMPORT_HEADERS]).commit();
  for (let i = 0; i < IMPORT_MAX_ROWS; i++) {
    const row: Partial<Record<ImportColumn, string>> = {
      nome: `Maria da Conceição ${i}`,
      email: `pessoa.${i}@exemplo.com.br`,
      celular: `(81) 9${String(i % 10_000).padStart(4, '0')}-${String(i % 9973).padStart(4, '0')}`,
      cpf: cpfOf(i),
      data: `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/19${50 + (i % 50)}`,
      voto: 'A CONQUISTAR',
      genero: 'FEMININO',
      profissao: 'Professora',
      observacoes: `Conheceu o mandato no bairro ${i % 40}; prefere contato por WhatsApp.`,
      tags: 'Saúde, Educação',
      rua: 'Rua da Aurora',
      numero: String(1 + (i % 2000)),
      bairro: 'Boa Vista',
      cidade: 'Recife',
      estado: 'PE',
      cep: '50050-000',
    };
    sheet.addRow(IMPORT_HEADERS.map((h) => row[h] ?? null)).commit();
  }
  sheet.commit();
  await workbook.commit();
  const bytesRead = fs.readFileSync(file);
  expect(bytesRead.length).toBeLessThanOrEqual(IMPORT_MAX_FILE_BYTES);
  return bytesRead;
}

// ---------------------------------------------------------------------------------------------
// The table: how each route with a body is fed

interface World {
  xlsx: Buffer;
  senderCode: number;
  segmentCode: number;
}
type Feeder = (route: BodyRoute, w: World) => Payload[];

const generic: Feeder = (route) => genericShapes(route);
/** The generic shapes that only the JSON reader sees (its limit and depth), for routes fed otherwise. */
const readerOnly = (route: BodyRoute) => genericShapes(route, ['deep', 'tiny']);

const shotSave: Feeder = (route, w) => [
  ...emailShapes(route, (content) => emailBody(w.senderCode, w.segmentCode, content), true),
  ...readerOnly(route),
];

const FEEDERS: Record<string, Feeder> = {
  'POST /api/auth/login': generic,
  'POST /api/auth/logout': generic,
  'PUT /api/auth/forgot-password': generic,
  'PUT /api/users/{code}/change-password': generic,
  'PUT /api/users/{code}/change-permissions': generic,
  'PUT /api/users/me': generic,
  'POST /api/people/search': generic,
  'POST /api/people': generic,
  'DELETE /api/people/delete-many': generic,
  'PUT /api/people/{id}': generic,
  'PUT /api/people/{id}/update-vote': generic,
  'PUT /api/people/{id}/mark-as-influence': generic,
  'POST /api/people/search/export': generic,
  'POST /api/people/revalidate-coordinates': generic,
  'POST /api/people/list-coordinates': generic,
  'POST /api/people/find-by-location': generic,
  'PUT /api/people/update-coordinates': generic,
  'POST /api/people/merge': generic,
  'POST /api/privacy/requests': generic,
  'POST /api/people/{code}/consents': generic,
  'POST /api/companies/search': generic,
  'POST /api/companies/delete-many': generic,
  'PUT /api/companies/{id}': generic,
  'POST /api/companies': generic,
  'POST /api/tags': generic,
  'POST /api/segments': generic,
  'PUT /api/segments/{id}': generic,
  'POST /api/schedules': generic,
  'PUT /api/schedules/{id}': generic,
  'POST /api/events': generic,
  'PUT /api/events/{id}': generic,
  'POST /api/people-contacts': generic,
  'PUT /api/people-contacts/{code}': generic,
  'PUT /api/sys-admin/parameter/godfather-form': (route) => [...termsShapes(route), ...genericShapes(route)],
  'POST /api/people/godfather-form/{id}': generic,
  'POST /api/sys-admin/politicians': generic,
  'PUT /api/sys-admin/politicians/{id}': generic,
  'PUT /api/donations/onboarding/politician': generic,
  'PUT /api/donations/onboarding/candidacy': generic,
  'POST /api/donations/campaigns': generic,
  'PUT /api/donations/campaigns/{token}': generic,
  'POST /api/amendment/save': generic,
  'POST /api/mkt/auth/login': generic,
  'POST /api/mkt/domains': generic,
  'POST /api/mkt/senders': generic,
  'PUT /api/mkt/senders/{id}': generic,
  'PUT /api/mkt/senders/{id}/status': generic,
  'POST /api/mkt/senders/{id}/validate-token': generic,
  'POST /api/public/sender-email-confirm': generic,
  'POST /api/mkt/emails/campaign': shotSave,
  'PUT /api/mkt/emails/campaign/{id}': shotSave,
  'POST /api/mkt/emails/campaign/schedule/{id}': generic,
  'POST /api/mkt/emails/campaign/test/{id}': generic,
  'POST /api/mkt/sms/campaign': generic,
  'PUT /api/mkt/sms/campaign/{id}': generic,
  'POST /api/mkt/sms/campaign/schedule/{id}': generic,
  'POST /api/mkt/sms/campaign/test/{id}': generic,
  'PUT /api/mkt/sms/settings': generic,
  'POST /api/demands': generic,
  'POST /api/demands/{code}/status': generic,
  'POST /api/mkt/outbox/{id}/mark': generic,
  'POST /api/mkt/outbox/{id}/reply': generic,
  'PUT /api/mkt/emails/birthday': (route, w) => [
    ...emailShapes(
      route,
      (content) => ({ active: true, senderCode: w.senderCode, sendHour: 9, ...content }),
      false,
    ),
    ...readerOnly(route),
  ],
  'POST /api/public/shots/events': generic,
  'POST /api/public/sms/events': generic,
  // a form (RFC 8058 one-click) or JSON, at the route's own 1 KiB
  'POST /api/public/unsubscribe/{linkId}': (route) => [
    {
      shape: 'form of many tiny fields',
      body: 'a=&'.repeat(Math.floor(route.bodyLimit / 3)),
      contentType: 'application/x-www-form-urlencoded',
      limit: route.bodyLimit,
    },
    ...readerOnly(route),
  ],
  // uploads: a file of the declared maximum size, or the most rows the import reads
  'POST /api/people/import': (_route, w) => [
    upload(
      `XLSX of ${IMPORT_MAX_ROWS.toLocaleString('en')} valid rows`,
      w.xlsx,
      IMPORT_MAX_FILE_BYTES,
      { updateBehavior: 'SKIP' },
      'pessoas.xlsx',
    ),
  ],
  'POST /api/sys-admin/parameter/godfather-form/favicon': () => [
    upload('PNG at 512 KiB', padded(PNG_MAGIC, SPONSOR_FAVICON_MAX_BYTES), SPONSOR_FAVICON_MAX_BYTES),
  ],
  'POST /api/sys-admin/schemas/{slug}/upload-logo': () => [
    upload('PNG at 2 MiB', padded(PNG_MAGIC, LOGO_MAX_BYTES), LOGO_MAX_BYTES),
  ],
  'PUT /api/donations/onboarding/photo': () => [
    upload('PNG at 1 MiB', padded(PNG_MAGIC, DONATION_LIMITS.photoMaxBytes), DONATION_LIMITS.photoMaxBytes),
  ],
  'POST /api/demands/{code}/files': () => [
    upload(
      'ZIP at 50 MiB',
      padded(ZIP_MAGIC, DEMAND_FILE_MAX_BYTES),
      DEMAND_FILE_MAX_BYTES,
      undefined,
      'a.zip',
    ),
  ],
  // last: a token it stores replaces tenant A's, which the donation routes above use
  'PUT /api/sys-admin/donation-provider/token': generic,
};

/**
 * Cases known to break the property, kept visible rather than skipped. Every case still runs in its
 * route's test, which asserts its status (never a 5xx, a 413 or a dropped connection) and that the
 * server answers afterwards; a breach of the time or of tenant B's wait by a case of a group here is
 * recorded for the group instead of failing the route. Each group is then an `it.fails` titled with
 * its cause and the figures measured: it fails while a breach was recorded, so it passes; once the
 * cause is fixed no breach is recorded, `it.fails` fails, and the entry must go. A group whose cases
 * are slow (`shownOnce`) runs its cases until the first breach only: the rest would show the same.
 */
interface KnownFailure {
  title: string;
  cases: (route: BodyRoute, shape: string) => boolean;
  shownOnce?: boolean;
  /** only the route's own time is known to breach: tenant B's wait still fails the route */
  timeOnly?: boolean;
}
/**
 * Measured on the 2-core machine, 3 runs an engine, under the load of another suite (load average
 * 3–8), December 2026; PG: PostgreSQL, PGlite: the embedded engine. Measure again when a cause is
 * fixed (WORST_CASE_FIGURES=1).
 */
const KNOWN_FAILURES: KnownFailure[] = [
  // (empty since the people import answers a 200,000-row sheet before its verdict, issue 38: it took
  // 39.5–61.2 s on PG and 34.6–52.9 s on PGlite to answer, tenant B answered meanwhile)
];
const knownFailureOf = (route: BodyRoute, shape: string) => KNOWN_FAILURES.find((k) => k.cases(route, shape));

// ---------------------------------------------------------------------------------------------

interface Figure {
  route: string;
  shape: string;
  bytes: number;
  status: number;
  ms: number;
  neighbourWorstMs: number;
  neighbourRequests: number;
  allowedMs: number;
}

/** The neighbour's pace: a request every 100 ms (see `neighbourWhile`). */
const NEIGHBOUR_PACE_MS = 100;

describe(`worst-case bodies at each route's declared maximum (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let client: ChildProcess;
  let base: string;
  let a: MarketingSetup;
  let admin: Caller;
  let b: Caller;
  let world: World;
  let bodyRoutes: Map<string, BodyRoute>;
  let params: Record<string, string>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-worst-case-'));
  const figures: Figure[] = [];

  beforeAll(async () => {
    sandbox = await startDonationSandbox();
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    t = await createTestApp({
      // the product's wait, not the tests' (a sheet's verdict past it answers 202)
      importVerdictWaitMs: IMPORT_VERDICT_WAIT_MS,
      marketing: { ...config.marketing, eventsSecret: SECRET },
      sms: { ...config.sms, webhookSecret: SECRET },
      donation: { ...config.donation, providerUrl: sandbox.url, key: undefined },
    });
    // the routes' own options (bodyLimit, consumes), as Fastify resolved them: a probe answered in
    // onRequest, before any body is read, and outside the reply's hooks (hijacked)
    const probe = randomUUID();
    const options = new Map<string, RouteOptions>();
    t.api.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-route-options-probe'] !== probe) return;
      const route = request.routeOptions;
      const schema = route.schema as { consumes?: string[] } | undefined;
      options.set(`${request.method} ${route.url}`, {
        bodyLimit: route.bodyLimit,
        consumes: schema?.consumes ?? [],
      });
      reply.hijack();
      reply.raw.writeHead(204).end();
    });
    const serverBodyLimit = t.api.initialConfig.bodyLimit;
    const doc = (await t.api.inject({ url: '/api/docs/json' })).json() as ApiDocument;
    bodyRoutes = new Map();
    for (const [docPath, methods] of Object.entries(doc.paths)) {
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase();
        if (method === 'HEAD') continue;
        const probed = await t.api.inject({
          method: method as 'GET',
          url: docPath.replace(/\{\w+\}/g, '1'),
          headers: { 'x-route-options-probe': probe },
        });
        expect(probed.statusCode, `${method} ${docPath}`).toBe(204);
        const own = options.get(`${method} ${docPath.replace(/\{(\w+)\}/g, ':$1')}`);
        if (!own) throw new Error(`${method} ${docPath}: no route options`);
        const content = operation.requestBody?.content ?? {};
        const schema = content['application/json']?.schema;
        // a body: in the document, an upload, or a bodyLimit of the route's own
        const takesBody =
          Object.keys(content).length > 0 ||
          own.consumes.includes('multipart/form-data') ||
          own.bodyLimit !== serverBodyLimit;
        if (!takesBody) continue;
        const key = `${method} ${docPath}`;
        bodyRoutes.set(key, {
          key,
          method,
          path: docPath,
          schema: schema && inlined(schema, doc.components?.schemas ?? {}),
          bodyLimit: own.bodyLimit,
        });
      }
    }
    base = await t.api.listen({ port: 0, host: '127.0.0.1' });
    client = fork(CLIENT, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

    // tenant A: a user of every role (its session and its marketing token), a sender, a list, and
    // one record of each kind the routes' paths name
    a = await marketingSetup(t, [...ROLES]);
    admin = a.author;
    await setProviderToken(t.app, a.tenant.slug, 'token-do-tenant-a');
    await setTenantModules(t.app, a.tenant.slug, { demands: true });
    const person = await buildPerson(t, admin, { email: 'ana@exemplo.com.br', cellphone: '81999998888' });
    const company = await buildCompany(t, admin);
    const segmentCode = await allPeopleSegment(t, admin);
    const other = await buildUser(t, a.tenant, { permissions: ['ROLE_CRM'] });
    const created = async (method: string, url: string, body: unknown, mkt = false) => {
      const headers = mkt ? { 'x-schema': a.tenant.slug, authorization: `Bearer ${a.token}` } : admin.headers;
      const res = await t.api.inject({ method: method as 'POST', url, headers, payload: body as object });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data as Record<string, unknown>;
    };
    const schedule = await created('POST', '/api/schedules', { name: 'Gabinete' });
    const event = await created('POST', '/api/events', {
      title: 'Reunião',
      beginDate: '2030-03-10',
      endDate: '2030-03-10',
      scheduleCode: schedule.code,
    });
    const contact = await created('POST', '/api/people-contacts', {
      source: 'WHATSAPP',
      description: 'Conversa',
      beginDate: '2030-05-10 09:00',
      endDate: '2030-05-10 09:05',
      userResponsibleCode: admin.user.code,
      personCode: person.code,
    });
    const demand = await created('POST', '/api/demands', { title: 'Iluminação', applicant: person.code });
    const draft = await created(
      'POST',
      '/api/mkt/emails/campaign',
      emailBody(a.senderCode, segmentCode),
      true,
    );
    await created(
      'PUT',
      '/api/mkt/sms/settings',
      { senderIdentification: 'Gabinete', quietHours: null },
      true,
    );
    const smsDraft = await created(
      'POST',
      '/api/mkt/sms/campaign',
      { content: 'Olá', destination: { segment: { code: segmentCode } } },
      true,
    );
    // a sender of its own for the sender routes (the shots keep theirs ACTIVE)
    const domain = await created(
      'POST',
      '/api/mkt/domains',
      { name: `outro-${a.tenant.slug}.exemplo.com.br` },
      true,
    );
    await withTenant(t.db, a.tenant.id, ({ trx }) =>
      trx.updateTable('mkt_domains').set({ status: 'VALID' }).where('id', '=', String(domain.code)).execute(),
    );
    const sender = await created(
      'POST',
      '/api/mkt/senders',
      { name: 'Outro', emailPrefix: 'outro', domainCode: domain.code },
      true,
    );
    // the sponsor form, and a person's link to it (the public sign-up)
    await created('PUT', '/api/sys-admin/parameter/godfather-form', {
      title: 'Junte-se a nós',
      description: 'Cadastro de apoiadores',
      terms: '<p>Seus dados serão usados pelo mandato.</p>',
      fields: [{ name: 'name', isRequired: true }],
    });
    const link = await created('POST', `/api/people/godfather/${person.code}/invite`, undefined);
    params = {
      '/api/users/{code}': other.code,
      '/api/people/{id}': String(person.code),
      '/api/people/{code}': String(person.code),
      '/api/companies/{id}': String(company.code),
      '/api/segments/{id}': String(segmentCode),
      '/api/schedules/{id}': String(schedule.code),
      '/api/events/{id}': String(event.code),
      '/api/people-contacts/{code}': String(contact.code),
      '/api/people/godfather-form/{id}': String(link.code),
      '/api/sys-admin/politicians/{id}': '1',
      '/api/donations/campaigns/{token}': 'campanha-inexistente',
      '/api/mkt/senders/{id}': String(sender.code),
      '/api/mkt/emails/campaign/{id}': String(draft.code),
      '/api/mkt/emails/campaign/schedule/{id}': String(draft.code),
      '/api/mkt/emails/campaign/test/{id}': String(draft.code),
      '/api/mkt/sms/campaign/{id}': String(smsDraft.code),
      '/api/mkt/sms/campaign/schedule/{id}': String(smsDraft.code),
      '/api/mkt/sms/campaign/test/{id}': String(smsDraft.code),
      '/api/demands/{code}': String(demand.code),
      '/api/mkt/outbox/{id}': '1',
      '/api/sys-admin/schemas/{slug}': a.tenant.slug,
      '/api/public/unsubscribe/{linkId}': 'link-inexistente',
    };

    // tenant B: a user and the one person it sees
    const tenantB = await buildTenant(t);
    b = await signedIn(t, tenantB, ['ROLE_CRM'], 'Vizinha');
    await buildPerson(t, b, { name: 'Eleitora da Vizinha' });

    world = {
      xlsx: await maxRowsWorkbook(path.join(dir, 'pessoas.xlsx')),
      senderCode: a.senderCode,
      segmentCode,
    };
  }, 180_000);

  afterAll(async () => {
    if (process.env.WORST_CASE_FIGURES) {
      const line = (f: Figure) =>
        `${f.route} | ${f.shape} | ${(f.bytes / 1024).toFixed(0)} KiB | ${f.status} | ${f.ms.toFixed(0)} ms | ` +
        `B ${f.neighbourWorstMs.toFixed(0)} ms (${f.neighbourRequests} req, allowed ${f.allowedMs.toFixed(0)})`;
      console.log(`worst-case figures (${testEngine}):\n${figures.map(line).join('\n')}`);
    }
    client?.kill();
    await t?.close();
    await sandbox?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('knows how to feed every route of the OpenAPI document that takes a body or an upload', () => {
    expect(bodyRoutes.size).toBeGreaterThan(60);
    expect([...bodyRoutes.keys()].sort()).toEqual(Object.keys(FEEDERS).sort());
  });

  /** The path with its parameters filled from tenant A's records. */
  const fill = (docPath: string) =>
    docPath.replace(/\{(\w+)\}/g, (whole, _name, at: number) => {
      const value = params[docPath.slice(0, at) + whole];
      if (value === undefined) throw new Error(`${docPath}: no value for ${whole}`);
      return encodeURIComponent(value);
    });

  /** Tenant A's credentials for the route: its marketing token under /api/mkt, its session elsewhere. */
  const headersFor = (route: BodyRoute, caller: Caller): Record<string, string> => {
    if (route.path === '/api/public/shots/events') return { authorization: `Bearer ${SECRET}` };
    if (route.path === '/api/public/sms/events') return { [SMS_WEBHOOK_SECRET_HEADER]: SECRET };
    if (route.path.startsWith('/api/public/')) return {};
    if (route.path.startsWith('/api/mkt/') && route.path !== '/api/mkt/auth/login')
      return { 'x-schema': a.tenant.slug, authorization: `Bearer ${a.token}` };
    return caller.headers;
  };

  /** One light request of tenant B (its one person, a page of one); answers its time. */
  const neighbour = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/people/search`, {
      method: 'POST',
      headers: { ...b.headers, 'content-type': 'application/json' },
      body: '{"itemsPerPage":1}',
    });
    const body = (await res.json()) as { data?: { list?: { name: string }[] } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data?.list?.map((p) => p.name)).toEqual(['Eleitora da Vizinha']);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;

  /**
   * Tenant B's requests for as long as `inFlight()` holds (at least one): one every
   * NEIGHBOUR_PACE_MS, each timed from when it was due, not from when it could be sent — a server
   * that blocks its event loop delays the timer too, and a client of B's would have been waiting
   * since then. Paced, so B stays light (back to back, its own queries would load the one-connection
   * PGlite and the main thread as much as the worst request does).
   */
  async function neighbourWhile(inFlight: () => boolean): Promise<number[]> {
    const latencies: number[] = [];
    let due = performance.now();
    do {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await neighbour();
      latencies.push(performance.now() - due);
      due = Math.max(due + NEIGHBOUR_PACE_MS, performance.now());
    } while (inFlight());
    return latencies;
  }

  let requests = 0;
  /** The request sent by the client process: its answer, or why the connection dropped. */
  const send = (request: Omit<ClientRequest, 'id'>) =>
    new Promise<ClientAnswer>((resolve) => {
      const id = ++requests;
      const answered = (message: ClientAnswer) => {
        if (message.id !== id) return;
        client.off('message', answered);
        resolve(message);
      };
      client.on('message', answered);
      client.send({ ...request, id });
    });

  /** Sends the payload while tenant B keeps asking; answers the figures. */
  async function measure(route: BodyRoute, payload: Payload, caller: Caller, allowedMs: number) {
    const file = path.join(dir, 'body');
    fs.writeFileSync(file, payload.body);
    let inFlight = true;
    const neighbourLoop = neighbourWhile(() => inFlight);
    neighbourLoop.catch(() => undefined); // awaited below, once the worst request has answered
    const answer = await send({
      url: `${base}${fill(route.path)}`,
      method: route.method,
      headers: { ...headersFor(route, caller), 'content-type': payload.contentType },
      file,
    }).finally(() => {
      inFlight = false;
    });
    const latencies = await neighbourLoop;
    if ('error' in answer)
      throw new Error(`${route.key} [${payload.shape}]: the connection dropped: ${answer.error}`);
    const figure: Figure = {
      route: route.key,
      shape: payload.shape,
      bytes: bytes(payload.body),
      status: answer.status,
      ms: answer.ms,
      neighbourWorstMs: Math.max(...latencies),
      neighbourRequests: latencies.length,
      allowedMs,
    };
    figures.push(figure);
    return { figure, answer: answer.answer };
  }

  /** What each known failure's cases showed: the cases run and the breaches recorded. */
  const shown = new Map<KnownFailure, { ran: number; breaches: string[] }>(
    KNOWN_FAILURES.map((k) => [k, { ran: 0, breaches: [] }]),
  );

  /** Runs a route's cases; answers what broke the property (none: it holds). */
  async function runCases(cases: { route: BodyRoute; payload: Payload }[]): Promise<string[]> {
    const failures: string[] = [];
    let allowedMs = NEIGHBOUR_MS;
    for (const [index, { route, payload }] of cases.entries()) {
      const known = knownFailureOf(route, payload.shape);
      const record = known && shown.get(known);
      if (known?.shownOnce && record && record.breaches.length > 0) continue;
      expect(bytes(payload.body), `${route.key} [${payload.shape}] passes its limit`).toBeLessThanOrEqual(
        payload.limit + (payload.contentType.startsWith('multipart/') ? 1024 : 0),
      );
      if (index === 0) {
        // B's baseline just before the route's cases, by itself
        const baseline: number[] = [];
        for (let i = 0; i < BASELINE_SAMPLES; i++) baseline.push(await neighbour());
        allowedMs = Math.max(NEIGHBOUR_MS, BASELINE_FACTOR * median(baseline));
      }
      // logging out ends the session it is sent with: a session of its own
      const caller = route.key === 'POST /api/auth/logout' ? await signedIn(t, a.tenant, [...ROLES]) : admin;
      const { figure, answer } = await measure(route, payload, caller, allowedMs);
      const where =
        `${route.key} [${payload.shape}] ${figure.status} in ${figure.ms.toFixed(0)} ms, ` +
        `tenant B's worst ${figure.neighbourWorstMs.toFixed(0)} ms (allowed ${allowedMs.toFixed(0)})`;
      if (figure.status >= 500 || figure.status === 413) failures.push(`${where}: status (${answer})`);
      const slow = figure.ms > WORST_MS ? [`${where}: slower than ${WORST_MS} ms`] : [];
      const waited = figure.neighbourWorstMs > allowedMs ? [`${where}: tenant B waited`] : [];
      if (record) {
        record.ran++;
        record.breaches.push(...slow, ...(known.timeOnly ? [] : waited));
        if (known.timeOnly) failures.push(...waited);
      } else failures.push(...slow, ...waited);
      // the server still answers, tenant A's session included
      const after = await fetch(`${base}/api/auth/verify`, { headers: admin.headers });
      await after.arrayBuffer();
      expect(after.status, `${route.key} [${payload.shape}]: the server after it`).toBe(200);
    }
    return failures;
  }

  const casesOf = (key: string) => {
    const route = bodyRoutes.get(key);
    if (!route) throw new Error(`${key} is not in the OpenAPI document`);
    const payloads = (FEEDERS[key] as Feeder)(route, world);
    expect(payloads.length, key).toBeGreaterThan(0);
    return payloads.map((payload) => ({ route, payload }));
  };
  const timeout = (key: string) => (key === 'POST /api/people/import' ? 300_000 : 120_000);

  for (const key of Object.keys(FEEDERS)) {
    it(key, { timeout: timeout(key) }, async () => {
      expect(await runCases(casesOf(key))).toEqual([]);
      if (key === 'POST /api/people/import') await validationsEnded();
    });
  }

  /** The sheets answered before their verdict are read to the end before the next route's cases. */
  async function validationsEnded() {
    for (;;) {
      const history = await fetch(`${base}/api/people/imports?page=1&itemsPerPage=30`, {
        headers: admin.headers,
      });
      const { data } = (await history.json()) as { data: { list: { validating: boolean }[] } };
      if (!data.list.some((log) => log.validating)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  for (const known of KNOWN_FAILURES) {
    it.fails(`known failure: ${known.title}`, () => {
      const record = shown.get(known);
      expect(record?.ran, 'its cases run in the routes’ tests above').toBeGreaterThan(0);
      expect(record?.breaches).toEqual([]);
    });
  }
});
