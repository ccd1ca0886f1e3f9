import { join, sep } from 'node:path';
import ts from 'typescript';

/**
 * SQL types in the exported signatures of facade files (architecture.test.ts, issue 29): a
 * `.lookup.ts` or `.policy.ts` hands other modules ids, rows or functions, never a Kysely builder,
 * expression or `sql` fragment. Checked on the types the compiler infers (an `export { x } from
 * './x.repository.ts'` or an inferred return type is caught, not only an `import from 'kysely'`):
 * every exported value and type of the file is walked — parameters, return types, type arguments,
 * unions, and the members of object types declared in the module itself — and any type declared
 * in the kysely package is reported, but for a connection handle taken as a parameter
 * (isConnectionHandle). Types declared elsewhere (the platform's TenantContext, whose
 * transaction the caller already holds; lib types such as Promise) are not opened, only their
 * type arguments.
 */
export function sqlTypesInFacades(root: string, files: readonly string[]): string[] {
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    },
  );
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(join(root, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) {
      found.push(`${file}: not read by the compiler`);
      continue;
    }
    const moduleDir = join(root, file.split('/').slice(0, 2).join('/')) + sep;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0] ?? source;
      const type =
        symbol.flags & ts.SymbolFlags.Value
          ? checker.getTypeOfSymbolAtLocation(symbol, declaration)
          : checker.getDeclaredTypeOfSymbol(symbol);
      const sqlType = findSqlType(checker, type, moduleDir, new Set());
      if (sqlType) found.push(`${file}: ${exported.name} exposes ${sqlType}`);
    }
  }
  return found;
}

const declaredIn = (symbol: ts.Symbol | undefined) =>
  symbol?.declarations?.map((d) => d.getSourceFile().fileName) ?? [];

const isKysely = (fileName: string) => /[/\\]node_modules[/\\]kysely[/\\]/.test(fileName);

/**
 * A database handle taken as a parameter (`Kysely<DB>`, `Transaction<DB>`: where the caller's
 * statement runs, as TenantContext's `trx`) is no SQL crossing the facade; returning one would be.
 */
const isConnectionHandle = (type: ts.Type) => {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  return (
    !!symbol && ['Kysely', 'Transaction'].includes(symbol.getName()) && declaredIn(symbol).some(isKysely)
  );
};

/** The name of the first Kysely type reachable from `type`, or undefined. */
function findSqlType(
  checker: ts.TypeChecker,
  type: ts.Type,
  moduleDir: string,
  seen: Set<ts.Type>,
): string | undefined {
  if (seen.has(type)) return undefined;
  seen.add(type);
  for (const symbol of [type.aliasSymbol, type.getSymbol()]) {
    if (declaredIn(symbol).some(isKysely)) return checker.typeToString(type);
  }
  const inner: ts.Type[] = [...(type.aliasTypeArguments ?? [])];
  if (type.isUnionOrIntersection()) inner.push(...type.types);
  if (type.flags & ts.TypeFlags.Object) {
    const object = type as ts.ObjectType;
    if (object.objectFlags & ts.ObjectFlags.Reference)
      inner.push(...checker.getTypeArguments(type as ts.TypeReference));
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      inner.push(checker.getReturnTypeOfSignature(signature));
      for (const parameter of signature.getParameters()) {
        const parameterType = checker.getTypeOfSymbol(parameter);
        if (!isConnectionHandle(parameterType)) inner.push(parameterType);
      }
    }
    const files = declaredIn(type.aliasSymbol ?? type.getSymbol());
    const ownShape =
      files.length === 0 ||
      files.some((f) => f.startsWith(moduleDir) && !f.includes(`${sep}node_modules${sep}`));
    const anonymous = (object.objectFlags & (ts.ObjectFlags.Anonymous | ts.ObjectFlags.Mapped)) !== 0;
    if (ownShape || anonymous) {
      for (const property of type.getProperties()) inner.push(checker.getTypeOfSymbol(property));
    }
  }
  for (const t of inner) {
    const found = findSqlType(checker, t, moduleDir, seen);
    if (found) return found;
  }
  return undefined;
}

/** Facade files (`modules/<m>/*.lookup.ts`, `*.policy.ts`) among src-relative paths. */
export const facadeFiles = (files: readonly string[]) =>
  files.filter((f) => f.startsWith('modules/') && /\.(lookup|policy)\.ts$/.test(f));
