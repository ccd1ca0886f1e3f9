import { QUERY_LIMITS, QUERY_MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.ts';

const plain = (text: string) => JSON.parse(JSON.stringify(parseQueryString(text)));

describe('parseQueryString', () => {
  it('reads flat keys as before: repeated keys become a list, + and %XX decoded', () => {
    expect(plain('page=2&codes=1&codes=2&searchString=s%C3%A3o+paulo')).toEqual({
      page: '2',
      codes: ['1', '2'],
      searchString: 'são paulo',
    });
    expect(plain('')).toEqual({});
  });

  it("reads the spec client's bracket form one level deep: objects and lists", () => {
    expect(plain('filters[title]=Recife&filters[year]=2024&filters[contact]=&page=1')).toEqual({
      filters: { title: 'Recife', year: '2024', contact: '' },
      page: '1',
    });
    expect(plain('filters%5Bstatus%5D=PAID')).toEqual({ filters: { status: 'PAID' } });
    expect(plain('status[]=SENT&status[]=ERROR')).toEqual({ status: ['SENT', 'ERROR'] });
    expect(plain('filters[title]=a&filters[title]=b')).toEqual({ filters: { title: ['a', 'b'] } });
  });

  it("reads every list form as one list: repeated, [] and qs's indexed form, in index order, compacted", () => {
    const list = { status: ['DRAFT', 'SENT'] };
    expect(plain('status=DRAFT&status=SENT')).toEqual(list);
    expect(plain('status[]=DRAFT&status[]=SENT')).toEqual(list);
    expect(plain('status[0]=DRAFT&status[1]=SENT')).toEqual(list);
    expect(plain('status%5B0%5D=DRAFT&status%5B1%5D=SENT')).toEqual(list);
    expect(plain('status[1]=SENT&status[0]=DRAFT')).toEqual(list);
    expect(plain('status[3]=SENT&status[10]=ERROR&status[0]=DRAFT')).toEqual({
      status: ['DRAFT', 'SENT', 'ERROR'],
    });
    expect(plain('codes[0]=1')).toEqual({ codes: ['1'] });
    // the comma form stays one text: the schema splits it (queryList of the domain)
    expect(plain('codes=1,2')).toEqual({ codes: '1,2' });
    expect(plain('codes[0]=1,2&codes[1]=3')).toEqual({ codes: ['1,2', '3'] });
    expect(plain('a=1&a[]=2&a[0]=3')).toEqual({ a: ['1', '2', '3'] });
  });

  const problems = (text: string) => {
    const query = parseQueryString(text);
    const symbol = Object.getOwnPropertySymbols(query)[0];
    return symbol === undefined ? undefined : JSON.parse(JSON.stringify(Reflect.get(query, symbol)));
  };

  it('records what it does not take, for a pt-BR 400: deeper or broken brackets, list and object at once', () => {
    expect(problems('status[0]=A&filters[title]=x')).toBeUndefined();
    expect(problems('a[b][c]=1')).toEqual({ 'a[b][c]': [QUERY_MESSAGES.unsupportedShape] });
    expect(problems('a[0][b]=1')).toEqual({ 'a[0][b]': [QUERY_MESSAGES.unsupportedShape] });
    expect(problems('[a]=1&a[=2&=3')).toEqual({
      '[a]': [QUERY_MESSAGES.unsupportedShape],
      'a[': [QUERY_MESSAGES.unsupportedShape],
      _: [QUERY_MESSAGES.unsupportedShape],
    });
    expect(problems('filters=1&filters[a]=2')).toEqual({ filters: [QUERY_MESSAGES.listAndObject] });
    expect(problems('status[]=A&status[x]=B')).toEqual({ status: [QUERY_MESSAGES.listAndObject] });
    // an index qs would not write is a field name
    expect(plain('a[01]=1&a[-1]=2')).toEqual({ a: { '01': '1', '-1': '2' } });
  });

  it('is bounded: pairs, list values, name and value length', () => {
    const { pairs, list, keyLength, valueLength } = QUERY_LIMITS;
    const many = (n: number, key: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => `${key(i)}=1`).join('&');
    expect(problems(many(pairs, (i) => `k${i}`))).toBeUndefined();
    expect(problems(many(pairs + 1, (i) => `k${i}`))).toEqual({ _: [QUERY_MESSAGES.tooManyPairs] });
    expect(problems('&'.repeat(100_000))).toEqual({ _: [QUERY_MESSAGES.tooManyPairs] });
    expect(problems(many(list, () => 'codes'))).toBeUndefined();
    expect(plain(many(list, (i) => `codes[${i}]`)).codes).toHaveLength(list);
    const over = `${many(list, (i) => `codes[${i}]`)}&codes[]=1`;
    expect(problems(over)).toEqual({ codes: [QUERY_MESSAGES.listTooLong] });
    expect(problems(`${'k'.repeat(keyLength)}=1`)).toBeUndefined();
    expect(problems(`${'k'.repeat(keyLength + 1)}=1`)).toEqual({
      [`${'k'.repeat(60)}…`]: [QUERY_MESSAGES.keyTooLong],
    });
    expect(problems(`q=${'ã'.repeat(valueLength)}`)).toBeUndefined();
    expect(problems(`q=${'a'.repeat(valueLength + 1)}`)).toEqual({ q: [QUERY_MESSAGES.valueTooLong] });
  });

  it('makes prototype-named keys own keys of objects without a prototype, polluting nothing', () => {
    const query = parseQueryString(
      '__proto__[polluted]=1&filters[__proto__]=x&filters[constructor]=y&constructor[0]=z&toString=1',
    );
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.keys(query)).toEqual(['__proto__', 'filters', 'constructor', 'toString']);
    expect(query.constructor).toEqual(['z']);
    const filters = query.filters as Record<string, unknown>;
    expect(Object.getPrototypeOf(filters)).toBeNull();
    expect(Object.keys(filters)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
