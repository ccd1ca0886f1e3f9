/**
 * The deepest nesting of arrays and objects the app reads in any JSON (a request body, a design the
 * e-mail editor saves as a JSON string). JSON.parse copes with any depth, but what runs after it
 * recurses once per level (JSON.stringify overflows the stack near 5,000 levels in Node 20; schemas,
 * serializers and jsonb columns walk the value too), so deeper JSON is refused before any of it. An
 * e-mail design nests two levels per element and its HTML keeps 100 levels of elements.
 */
export const JSON_MAX_DEPTH = 512;

/**
 * The most objects, arrays and strings one JSON request body may hold. Parsing allocates each of
 * them on the main thread (700,000 `{}` in 4 MiB: about 1.2 s, every tenant waiting), so the body's
 * text is counted first. The largest honest body, an e-mail design of 2 MiB, holds tens of thousands.
 */
export const JSON_MAX_NODES = 200_000;

/**
 * Whether a value as JSON.parse gives it nests arrays and objects more than `max` levels (`[]` is one
 * level, `{"a":[]}` two, a string or number none). A loop, never recursion; a cycle counts as too deep.
 */
export function jsonDeeperThan(value: unknown, max: number = JSON_MAX_DEPTH): boolean {
  const stack: [object, number][] = [];
  if (typeof value === 'object' && value !== null) stack.push([value, 1]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [object, number];
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
