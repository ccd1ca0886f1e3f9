import ts from 'typescript';
import type { OwnerQuery } from '../platform/db/engine.ts';

/**
 * The hand-kept Kysely types of platform/db/schema.ts against the migrated catalog
 * (platform/db/schema-types.test.ts, issue 29): every table and column on both sides, and each
 * column's read, insert and update types against its SQL type, nullability, default and
 * generation, and a string-literal union against the column's CHECK (… IN (…)) list.
 */

export interface CatalogColumn {
  table: string;
  column: string;
  /** udt_name: text, int8, timestamptz, _int8 … */
  sqlType: string;
  nullable: boolean;
  /** a default, an identity or a generated expression: an insert may leave it out */
  hasDefault: boolean;
  /** GENERATED ALWAYS (identity or stored expression): no insert or update may name it */
  generatedAlways: boolean;
  /** the values of a CHECK (column IN (…)) on it, if any */
  allowed?: string[];
}

/** One member of a TypeScript union, as far as a column cares. */
export type TsMember =
  | { kind: 'string'; literal?: string }
  | { kind: 'number' | 'bigint' | 'boolean' | 'Date' | 'null' | 'undefined' | 'unknown' | 'object' }
  | { kind: 'array'; element: TsMember[] };

/** A column's three Kysely types; an empty list is `never`. */
export interface TsColumn {
  select: TsMember[];
  insert: TsMember[];
  update: TsMember[];
}

/** Tables of the database that are not the app's: migrate.ts's own bookkeeping. */
const NOT_APP_TABLES = new Set(['schema_migrations']);

export async function readCatalog(run: OwnerQuery): Promise<CatalogColumn[]> {
  const columns = await run(
    `SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default,
       c.is_identity, c.identity_generation, c.is_generated
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type IN ('BASE TABLE', 'VIEW')
     ORDER BY c.table_name, c.ordinal_position`,
    [],
  );
  const checks = await run(
    `SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name,
       pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'c' AND c.connamespace = 'public'::regnamespace AND cardinality(c.conkey) = 1`,
    [],
  );
  const allowed = new Map<string, string[]>();
  for (const check of checks) {
    const values = inListValues(String(check.definition));
    if (values) allowed.set(`${check.table_name}.${check.column_name}`, values);
  }
  return columns
    .filter((c) => !NOT_APP_TABLES.has(String(c.table_name)))
    .map((c) => {
      const table = String(c.table_name);
      const column = String(c.column_name);
      const generatedAlways = c.is_generated === 'ALWAYS' || c.identity_generation === 'ALWAYS';
      return {
        table,
        column,
        sqlType: String(c.udt_name),
        nullable: c.is_nullable === 'YES',
        hasDefault: c.column_default !== null || c.is_identity === 'YES' || c.is_generated === 'ALWAYS',
        generatedAlways,
        allowed: allowed.get(`${table}.${column}`),
      };
    });
}

/**
 * The literals of a check PostgreSQL prints as `CHECK ((col = ANY (ARRAY['A'::text, …])))` or
 * `CHECK ((col = 'A'::text))`; undefined for any other check (lengths, patterns, ranges).
 */
function inListValues(definition: string): string[] | undefined {
  const literal = `'((?:[^']|'')*)'::text`;
  const unquote = (match: RegExpExecArray | null) => match?.[1]?.replaceAll("''", "'");
  const single = unquote(new RegExp(String.raw`^CHECK \(\("?\w+"? = ${literal}\)\)$`).exec(definition));
  if (single !== undefined) return [single];
  const list = /^CHECK \(\("?\w+"? = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition)?.[1];
  const values = list?.split(', ').map((item) => unquote(new RegExp(`^${literal}$`).exec(item)));
  const known = values?.filter((v): v is string => v !== undefined);
  return known && known.length === values?.length ? known : undefined;
}

/**
 * The columns of every table of the `DB` interface of `fileName`, read by the compiler (so
 * `extends`, `Omit<…>` and aliases such as `Generated<…>` resolve as Kysely sees them).
 * `sourceText` stands in for the file's contents (the test's own wrong schemas).
 */
export function readDbTypes(fileName: string, sourceText?: string): Map<string, Map<string, TsColumn>> {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  if (sourceText !== undefined) {
    const getSourceFile = host.getSourceFile;
    host.getSourceFile = (name, version, ...rest) =>
      name === fileName
        ? ts.createSourceFile(name, sourceText, version)
        : getSourceFile(name, version, ...rest);
  }
  const program = ts.createProgram([fileName], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileName);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const db = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'DB');
  if (!db) throw new Error(`${fileName} exports no DB interface`);
  const tables = new Map<string, Map<string, TsColumn>>();
  for (const table of checker.getDeclaredTypeOfSymbol(db).getProperties()) {
    const columns = new Map<string, TsColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      columns.set(column.name, columnTypes(checker, checker.getTypeOfSymbol(column)));
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** Kysely's ColumnType<S, I, U> is `{ __select__: S; __insert__: I; __update__: U }`; a plain T is all three. */
function columnTypes(checker: ts.TypeChecker, type: ts.Type): TsColumn {
  const part = (name: string) => {
    const property = type.getProperty(name);
    return property && members(checker, checker.getTypeOfSymbol(property));
  };
  const plain = members(checker, type);
  return {
    select: part('__select__') ?? plain,
    insert: part('__insert__') ?? plain,
    update: part('__update__') ?? plain,
  };
}

function members(checker: ts.TypeChecker, type: ts.Type): TsMember[] {
  if (type.isUnion()) return type.types.flatMap((t) => members(checker, t));
  const flags = type.flags;
  if (flags & ts.TypeFlags.Never) return [];
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return [{ kind: 'unknown' }];
  if (flags & ts.TypeFlags.Null) return [{ kind: 'null' }];
  if (flags & ts.TypeFlags.Undefined) return [{ kind: 'undefined' }];
  if (type.isStringLiteral()) return [{ kind: 'string', literal: type.value }];
  if (flags & ts.TypeFlags.String) return [{ kind: 'string' }];
  if (flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return [{ kind: 'number' }];
  if (flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral)) return [{ kind: 'bigint' }];
  if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return [{ kind: 'boolean' }];
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return [{ kind: 'array', element: element ? members(checker, element) : [{ kind: 'unknown' }] }];
  }
  if (type.getSymbol()?.name === 'Date') return [{ kind: 'Date' }];
  return [{ kind: 'object' }];
}

type Kind = TsMember['kind'];
const TEXT: Kind[] = ['string'];
const JSON_VALUE: Kind[] = ['unknown', 'object', 'string', 'number', 'boolean', 'array'];

/** What the drivers answer for a SQL type (engine.ts: int8 kept a string on pg, a number on PGlite). */
const READ: Record<string, Kind[]> = {
  text: TEXT,
  varchar: TEXT,
  bpchar: TEXT,
  uuid: TEXT,
  citext: TEXT,
  int2: ['number'],
  int4: ['number'],
  float4: ['number'],
  float8: ['number'],
  int8: ['string', 'number'],
  numeric: ['string'],
  bool: ['boolean'],
  date: ['string'],
  timestamptz: ['Date'],
  timestamp: ['Date'],
  json: JSON_VALUE,
  jsonb: JSON_VALUE,
};

/** What a query may bind to it (a jsonb is written as JSON.stringify's text). */
const WRITE: Record<string, Kind[]> = {
  ...READ,
  int8: ['string', 'number', 'bigint'],
  numeric: ['string', 'number'],
  date: ['string', 'Date'],
  timestamptz: ['Date', 'string'],
  timestamp: ['Date', 'string'],
};

const describeMembers = (list: TsMember[]): string =>
  list.length === 0
    ? 'never'
    : [
        ...new Set(
          list.map((m) =>
            m.kind === 'array'
              ? `${describeMembers(m.element)}[]`
              : m.kind === 'string' && m.literal !== undefined
                ? `'${m.literal}'`
                : m.kind,
          ),
        ),
      ].join(' | ');

/** The members of `list` a column of `sqlType` cannot hold, as text; `kinds` maps a scalar SQL type. */
function misfits(list: TsMember[], sqlType: string, kinds: Record<string, Kind[]>): string[] {
  const element = sqlType.startsWith('_') ? sqlType.slice(1) : undefined;
  const accepted = kinds[element ?? sqlType];
  if (!accepted) return [`SQL type ${sqlType} is not known to this test (add it to READ and WRITE)`];
  const wrong = list.filter((m) => {
    if (m.kind === 'null' || m.kind === 'undefined') return false;
    if (element === undefined) return !accepted.includes(m.kind);
    return m.kind !== 'unknown' && (m.kind !== 'array' || misfits(m.element, element, kinds).length > 0);
  });
  return wrong.length ? [describeMembers(wrong)] : [];
}

const has = (list: TsMember[], kind: Kind) => list.some((m) => m.kind === kind);

/**
 * Every disagreement as `table.column: …` (or `table: …`); `narrower` names the columns whose
 * string-literal union is intended without a CHECK list to compare it with.
 */
export function schemaMismatches(
  catalog: CatalogColumn[],
  types: Map<string, Map<string, TsColumn>>,
  narrower: ReadonlySet<string> = new Set(),
): string[] {
  const found: string[] = [];
  const byTable = new Map<string, CatalogColumn[]>();
  for (const column of catalog) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  for (const table of byTable.keys()) {
    if (!types.has(table)) found.push(`${table}: in the database, missing from the DB interface`);
  }
  for (const [table, columns] of types) {
    const sqlColumns = byTable.get(table);
    if (!sqlColumns) {
      found.push(`${table}: in the DB interface, no such table in the database`);
      continue;
    }
    for (const name of columns.keys()) {
      if (!sqlColumns.some((c) => c.column === name)) found.push(`${table}.${name}: typed, no such column`);
    }
    for (const column of sqlColumns) {
      const typed = columns.get(column.column);
      const at = `${column.table}.${column.column} (${column.sqlType}${column.nullable ? ' null' : ''})`;
      if (!typed) found.push(`${at}: missing from ${table}'s type`);
      else found.push(...columnMismatches(column, typed, narrower).map((problem) => `${at}: ${problem}`));
    }
  }
  return found;
}

function columnMismatches(column: CatalogColumn, typed: TsColumn, narrower: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const { select, insert, update } = typed;
  for (const wrong of misfits(select, column.sqlType, READ)) found.push(`read as ${wrong}`);
  if (!has(select, 'unknown') && has(select, 'null') !== column.nullable) {
    found.push(column.nullable ? 'read type lacks | null' : 'read type has | null, the column is NOT NULL');
  }
  const literals = select.flatMap((m) => (m.kind === 'string' && m.literal !== undefined ? [m.literal] : []));
  if (literals.length > 0 && literals.length === select.filter((m) => m.kind === 'string').length) {
    const key = `${column.table}.${column.column}`;
    if (column.allowed) {
      const typed = [...new Set(literals)].sort().join(', ');
      const checked = [...column.allowed].sort().join(', ');
      if (typed !== checked) found.push(`typed as ${typed}, its CHECK allows ${checked}`);
    } else if (!narrower.has(key)) {
      found.push(`typed as a union of literals (${literals.join(', ')}) with no CHECK list`);
    }
  }
  for (const [name, list] of [
    ['insert', insert],
    ['update', update],
  ] as const) {
    if (list.length === 0) continue; // never: the column is not written from this side
    if (column.generatedAlways) found.push(`${name} type must be never (GENERATED ALWAYS)`);
    for (const wrong of misfits(list, column.sqlType, WRITE)) found.push(`${name} takes ${wrong}`);
    if (has(list, 'null') && !column.nullable) found.push(`${name} takes null, the column is NOT NULL`);
  }
  const optional = insert.length === 0 || has(insert, 'undefined') || has(insert, 'null');
  if (column.hasDefault && !optional)
    found.push('has a default: insert type must be Generated<…> or allow undefined');
  if (!column.hasDefault && !column.nullable && insert.length > 0 && has(insert, 'undefined')) {
    found.push('insert type allows leaving it out, the column has no default and is NOT NULL');
  }
  return found;
}
