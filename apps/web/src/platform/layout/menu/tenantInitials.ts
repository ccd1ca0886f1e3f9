/** Short words of a Portuguese name that initials skip ('Gabinete do Vereador' → 'GV'). */
const CONNECTORS = new Set(['a', 'o', 'as', 'os', 'da', 'de', 'do', 'das', 'dos', 'e', 'em', 'na', 'no']);

/**
 * The tenant's mark in the collapsed menu: the first letters of its name's first two words (one
 * letter for a one-word name), upper case; '?' for a name without letters.
 */
export function tenantInitials(name: string): string {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !CONNECTORS.has(word.toLocaleLowerCase('pt-BR')));
  const letters = words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('');
  return letters === '' ? '?' : letters.toLocaleUpperCase('pt-BR');
}
