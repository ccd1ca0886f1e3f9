import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Module-level mutable state in a source file (architecture.test.ts, issue 29): what lives as long
 * as the process and is shared by every app built in it (two test apps, the CLI beside a server).
 * Runtime state belongs to the app context (platform/app-context.ts); immutable data loaded once
 * goes through platform/lazy.ts. Found, at the top level of the file:
 *  - `let` or `var`;
 *  - `new Map/Set/WeakMap/WeakSet` (directly, or inside an array/object literal), unless the
 *    constant is typed `ReadonlySet<…>`/`ReadonlyMap<…>` (a lookup table the compiler keeps read-only);
 *  - an array or object literal that the file changes (assigns into, deletes from, pushes to…);
 *  - a value made by a function called at once (an IIFE) or by a function of the same file whose
 *    body makes any of the above (state hidden in a closure).
 */
export function moduleStateOf(root: string, file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  const literals = new Map<string, ts.Node>();
  const factories = new Set(
    source.statements
      .filter((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && !!s.name && makesState(s))
      .map((s) => s.name?.text),
  );
  const hidesState = (init: ts.Expression) =>
    (isImmediatelyCalled(init) && makesState(init)) ||
    (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && factories.has(init.expression.text));
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const constant = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText(source);
      if (!constant) {
        found.push(`${at(declaration)} top-level ${list.flags & ts.NodeFlags.Let ? 'let' : 'var'} ${name}`);
        continue;
      }
      const init = declaration.initializer && unwrap(declaration.initializer);
      if (!init) continue;
      const collection = readOnly(declaration.type) ? undefined : collectionIn(init);
      if (collection) found.push(`${at(declaration)} top-level new ${collection} in ${name}`);
      else if (hidesState(init)) found.push(`${at(declaration)} ${name} keeps state in a closure`);
      else if (ts.isIdentifier(declaration.name) && isLiteral(init)) literals.set(name, declaration);
    }
  }
  for (const statement of source.statements) {
    if (ts.isExpressionStatement(statement) && hidesState(unwrap(statement.expression)))
      found.push(`${at(statement)} a call at the top level keeps state in a closure`);
  }
  if (literals.size > 0) {
    for (const [name, node] of mutatedLiterals(source, literals))
      found.push(`${at(node)} top-level ${name} is changed in place (${at(literals.get(name) as ts.Node)})`);
  }
  return found;
}

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const MUTATORS = new Set([
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
  'set',
  'add',
  'delete',
  'clear',
]);

/** `x as T`, `x satisfies T`, `(x)`, `x!` → x. */
function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  )
    current = current.expression;
  return current;
}

/** The collection made by `new Map(…)` etc. in a value and its literal parts (not in functions). */
function collectionIn(node: ts.Node): string | undefined {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && COLLECTIONS.has(node.expression.text))
    return node.expression.text;
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return undefined;
  return ts.forEachChild(node, collectionIn);
}

/** `ReadonlySet<…>` / `ReadonlyMap<…>`: the compiler refuses every write. */
function readOnly(type: ts.TypeNode | undefined): boolean {
  return (
    !!type &&
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    (type.typeName.text === 'ReadonlySet' || type.typeName.text === 'ReadonlyMap')
  );
}

function isLiteral(node: ts.Expression): boolean {
  return ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node);
}

function isImmediatelyCalled(node: ts.Expression): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = unwrap(node.expression);
  return ts.isFunctionExpression(callee) || ts.isArrowFunction(callee);
}

/**
 * A `let`, `var` or new collection inside a function that also makes a function (the closure that
 * keeps it alive after the call); a loop's `let` in a plain computation is not state.
 */
function makesState(fn: ts.Node): boolean {
  const root = ts.isCallExpression(fn) ? unwrap(fn.expression) : fn;
  let state = false;
  let closure = false;
  const visit = (n: ts.Node) => {
    if (ts.isVariableDeclarationList(n) && (n.flags & ts.NodeFlags.Const) === 0) state = true;
    else if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && COLLECTIONS.has(n.expression.text))
      state = true;
    if (n !== root && ts.isFunctionLike(n)) closure = true;
    ts.forEachChild(n, visit);
  };
  visit(root);
  return state && closure;
}

/** The literal bindings the file changes: `x.a = …`, `x[i] += …`, `x.a++`, `delete x.a`, `x.push(…)`, `Object.assign(x, …)`. */
function mutatedLiterals(source: ts.SourceFile, literals: Map<string, ts.Node>): Map<string, ts.Node> {
  const mutated = new Map<string, ts.Node>();
  /** The top-level literal a target expression writes into (x.a.b, x[i] → x), unless shadowed. */
  const rootOf = (target: ts.Expression, own: boolean): string | undefined => {
    let current = unwrap(target);
    let depth = 0;
    while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) {
      current = unwrap(current.expression);
      depth++;
    }
    if (!ts.isIdentifier(current) || !literals.has(current.text)) return undefined;
    if (!own && depth === 0) return undefined;
    return shadowed(current) ? undefined : current.text;
  };
  const shadowed = (id: ts.Identifier): boolean => {
    for (let scope: ts.Node | undefined = id.parent; scope && scope !== source; scope = scope.parent) {
      if (declares(scope, id.text)) return true;
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    let name: string | undefined;
    if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) name = rootOf(node.left, false);
    else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
    )
      name = rootOf(node.operand, false);
    else if (ts.isDeleteExpression(node)) name = rootOf(node.expression, false);
    else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const callee = node.expression.expression;
      if (MUTATORS.has(method)) name = rootOf(callee, true);
      else if (
        ts.isIdentifier(callee) &&
        callee.text === 'Object' &&
        ['assign', 'defineProperty', 'defineProperties', 'setPrototypeOf'].includes(method) &&
        node.arguments[0]
      )
        name = rootOf(node.arguments[0], true);
    }
    if (name && !mutated.has(name)) mutated.set(name, node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return mutated;
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

/** Whether a function, block or catch clause declares `name` itself (parameters, variables, functions). */
function declares(scope: ts.Node, name: string): boolean {
  const binds = (n: ts.BindingName): boolean =>
    ts.isIdentifier(n)
      ? n.text === name
      : n.elements.some((e) => !ts.isOmittedExpression(e) && binds(e.name));
  if (ts.isFunctionLike(scope) && scope.parameters.some((p) => binds(p.name))) return true;
  if (ts.isCatchClause(scope) && scope.variableDeclaration && binds(scope.variableDeclaration.name))
    return true;
  if (
    (ts.isForStatement(scope) || ts.isForOfStatement(scope) || ts.isForInStatement(scope)) &&
    scope.initializer
  )
    if (
      ts.isVariableDeclarationList(scope.initializer) &&
      scope.initializer.declarations.some((d) => binds(d.name))
    )
      return true;
  const body = ts.isBlock(scope) || ts.isModuleBlock(scope) ? scope.statements : undefined;
  if (!body) return false;
  return body.some(
    (s) =>
      (ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => binds(d.name))) ||
      ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === name),
  );
}
