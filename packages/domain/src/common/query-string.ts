/**
 * The bounds of a query string (apps/server platform/http/query-string.ts): past any of them the
 * request is a 400 with these texts, before a route reads it.
 */
export const QUERY_LIMITS = {
  /** `name=value` pairs in one query string */
  pairs: 1000,
  /** values in one list (`codes=1&codes=2`, `codes[]=1`, `codes[0]=1`; the comma form is one value) */
  list: 500,
  /** characters of a parameter's name, brackets included */
  keyLength: 200,
  /** characters of one decoded value (the request line is 16 KB anyway) */
  valueLength: 16 * 1024,
} as const;

export const QUERY_MESSAGES = {
  tooManyPairs: `Parâmetros demais na URL (o máximo é ${QUERY_LIMITS.pairs})`,
  listTooLong: `Lista longa demais (o máximo é ${QUERY_LIMITS.list} valores)`,
  keyTooLong: `Nome de parâmetro longo demais (o máximo é ${QUERY_LIMITS.keyLength} caracteres)`,
  valueTooLong: `Valor longo demais (o máximo é ${QUERY_LIMITS.valueLength} caracteres)`,
  unsupportedShape:
    'Formato de parâmetro não aceito: use nome=valor, nome[]=valor, nome[0]=valor ou nome[campo]=valor',
  listAndObject: 'O parâmetro foi informado como lista e como objeto ao mesmo tempo',
} as const;

/**
 * A list parameter of a query string as its schema reads it, whatever form the client used: absent
 * → undefined; one text → its comma-separated parts (`codes=1,2`); a list (repeated, `[]` or indexed
 * keys) → the comma-separated parts of each; blank parts dropped. Anything else (an object from
 * `name[field]=…`) is returned as it is, for the schema to refuse in pt-BR: never converted to text.
 */
export function queryList(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) && typeof value !== 'string') return value;
  return (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === 'string' ? item.split(',').filter((part) => part.trim() !== '') : [item],
  );
}
