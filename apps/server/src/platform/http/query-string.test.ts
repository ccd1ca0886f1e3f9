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

  it('keeps the raw key of anything else, for the strict schema to refuse', () => {
    expect(plain('filters[a][b]=1')).toEqual({ 'filters[a][b]': '1' });
    expect(plain('filters=1&filters[a]=2')).toEqual({ filters: '1', 'filters[a]': '2' });
    expect(plain('status[]=A&status[x]=B')).toEqual({ status: ['A'], 'status[x]': 'B' });
    expect(plain('[a]=1&a[=2')).toEqual({ '[a]': '1', 'a[': '2' });
  });

  it('makes prototype-named keys own keys of objects without a prototype, polluting nothing', () => {
    const query = parseQueryString('__proto__[polluted]=1&filters[__proto__]=x&filters[constructor]=y');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(Object.keys(query)).toEqual(['__proto__', 'filters']);
    const filters = query.filters as Record<string, unknown>;
    expect(Object.getPrototypeOf(filters)).toBeNull();
    expect(Object.keys(filters)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
