/**
 * The one way to keep something at module level (architecture.test.ts): immutable data or a
 * library instance made on first use and then shared by every app of the process (a parsed
 * bundled file, a configured DOMPurify). What changes while the app runs — caches of the database's
 * rows, adapters with a pace or sockets — is a member of the app context (platform/app-context.ts).
 */

/** `make()` on the first call, its value on every later one (a throw is not kept: the next call tries again). */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * `derive(key, variant)` remembered for as long as `key` lives: for objects that do not change once
 * built (a request's parsed filter expression), so the same object is never derived twice.
 */
export function memoByObject<K extends object, V>(
  derive: (key: K, variant: string) => V,
): (key: K, variant: string) => V {
  const memo = new WeakMap<K, Map<string, V>>();
  return (key, variant) => {
    let byVariant = memo.get(key);
    if (!byVariant) {
      byVariant = new Map();
      memo.set(key, byVariant);
    }
    if (!byVariant.has(variant)) byVariant.set(variant, derive(key, variant));
    return byVariant.get(variant) as V;
  };
}
