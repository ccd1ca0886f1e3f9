import fc from 'fast-check';

/** Keys that name Object.prototype members (or the prototype itself). */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
];

const FIELD_NAMES = [
  'name',
  'email',
  'cellphone',
  'notes',
  'address',
  'street',
  'state',
  'tags',
  'codes',
  'expression',
  'units',
  'field',
  'operator',
  'values',
  'type',
  'page',
  'itemsPerPage',
  'searchString',
  'title',
  'beginDate',
  'endDate',
  'scheduleCode',
  'description',
  'personCode',
  'userResponsibleCode',
  'invitedPeopleCodes',
  'active',
  'permissions',
  'password',
  'oldPassword',
  'vote',
  'influence',
];

/** Values a route may take seriously, odd encodings and attempts at injection. */
const PLAUSIBLE = [
  '',
  ' ',
  '\t\n\r',
  'today',
  '2025-03-10',
  '2025-03-10 10:00',
  'AND',
  'OR',
  'PERSON',
  'COMPANY',
  'CONTAINS',
  'IN',
  '=',
  'WHATSAPP',
  'ROLE_CRM',
  '\ud800',
  'a\udfff',
  '%00',
  '\\u0000',
  "'; drop table people; --",
  '1e309',
];

export const controlCharacter = fc
  .integer({ min: 0, max: 0x9f })
  .filter((c) => c < 0x20 || c >= 0x7f)
  .map((c) => String.fromCharCode(c));

/** Strings without control characters, so that those come only where they are meant to. */
const plain = (unit: 'grapheme-ascii' | 'binary', maxLength: number) =>
  fc.string({ unit, maxLength }).map((s) => s.replace(/\p{Cc}/gu, ''));

const withControl = fc
  .tuple(plain('grapheme-ascii', 5), controlCharacter, plain('grapheme-ascii', 5))
  .map(([a, c, b]) => a + c + b);

export const text = fc.oneof(
  { arbitrary: plain('grapheme-ascii', 20), weight: 3 },
  { arbitrary: plain('binary', 20), weight: 3 },
  { arbitrary: fc.constantFrom(...PLAUSIBLE), weight: 3 },
  { arbitrary: withControl, weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 200_000 }).map((n) => 'ã'.repeat(n)), weight: 1 },
);

const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 1.5, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
);

export const key = fc.oneof(
  { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 2 },
  { arbitrary: fc.constantFrom(...FIELD_NAMES), weight: 4 },
  { arbitrary: plain('grapheme-ascii', 8), weight: 1 },
  { arbitrary: withControl, weight: 1 },
);

/** Any JSON value: wrong types, nested arrays, objects with prototype-named keys. */
export const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(text, number, fc.boolean(), fc.constant(null)),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  // fromEntries defines own properties: a '__proto__' key stays a key and is serialised
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((e) => Object.fromEntries(e)),
}));

/** The sample with some of its text fields replaced by random text: valid bodies with odd strings. */
const withTexts = (sample: Record<string, unknown>) =>
  fc
    .array(fc.option(text, { nil: undefined }), {
      minLength: Object.keys(sample).length,
      maxLength: Object.keys(sample).length,
    })
    .map((texts) =>
      Object.fromEntries(
        Object.entries(sample).map(([k, v], i) => [k, typeof v === 'string' ? (texts[i] ?? v) : v]),
      ),
    );

/**
 * A JSON body text: a valid-looking sample with random keys over it or random text in it, any
 * value, or not JSON at all.
 */
export const jsonBody = (sample: Record<string, unknown>) =>
  fc.oneof(
    {
      arbitrary: fc
        .array(fc.tuple(key, jsonValue), { maxLength: 3 })
        .map((extra) => JSON.stringify(Object.fromEntries([...Object.entries(sample), ...extra]))),
      weight: 4,
    },
    { arbitrary: withTexts(sample).map((body) => JSON.stringify(body)), weight: 3 },
    { arbitrary: jsonValue.map((v) => JSON.stringify(v)), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
  );

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included) for a URL. */
export const urlEncode = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** An index as clients write it, or one they should not (sign, leading zero, huge). */
const index = fc.oneof(fc.nat(5), fc.constantFrom('01', '-1', '1e3', '9'.repeat(20), '999999'));

/**
 * A query key: a field or prototype name, alone or in the bracket forms clients write (`a[]`,
 * `a[0]` as qs does, `a[b]`) and some they should not (`a[b][c]`, `a[0][b]`, `a[`).
 */
const queryKey = fc.oneof(
  { arbitrary: key, weight: 4 },
  { arbitrary: key.map((k) => `${k}[]`), weight: 1 },
  { arbitrary: fc.tuple(key, index).map(([k, i]) => `${k}[${i}]`), weight: 2 },
  { arbitrary: fc.tuple(key, key).map(([k, inner]) => `${k}[${inner}]`), weight: 1 },
  { arbitrary: fc.tuple(key, key, index).map(([k, a, i]) => `${k}[${a}][${i}]`), weight: 1 },
  { arbitrary: key.map((k) => `${k}[`), weight: 1 },
);

/** A query string of random keys and values (repeated keys make arrays), or none. */
export const queryString = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        queryKey,
        text.filter((s) => s.length < 1000),
      ),
      { minLength: 1, maxLength: 2 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${urlEncode(k)}=${urlEncode(v)}`).join('&')),
);
