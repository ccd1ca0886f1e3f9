import { MESSAGES, QUERY_MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPerson, buildSegment, buildTag, call } from '../../test/crm-factories.ts';
import { emailBody, type MarketingSetup, marketingSetup, mktCall } from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/**
 * Issue 39 item 7: the list forms of a query string clients write — repeated keys, `name[]`, the
 * indexed form that is the `qs` library's default (`status[0]=DRAFT&status[1]=SENT`, which answered
 * 500) and the comma form — are one list to every route, in any order; the indexed form answers
 * what the repeated form answers.
 */
describe(`query string list forms (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  const codes: Record<string, number[]> = {};

  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    const person = async (name: string, n: number) =>
      (
        await buildPerson(t, s.author, {
          name,
          email: `${name.toLowerCase()}@exemplo.com.br`,
          cellphone: `8199999000${n}`,
        })
      ).code;
    const company = async (name: string) => (await buildCompany(t, s.author, { name })).code;
    const tag = async (name: string) => (await buildTag(t, s.author, name)).code;
    codes.people = [await person('Ana', 1), await person('Bia', 2), await person('Caio', 3)];
    codes.companies = [await company('Escola A'), await company('Escola B'), await company('Escola C')];
    codes.tags = [await tag('Saúde'), await tag('Educação'), await tag('Esporte')];
    const people = (await buildSegment(t, s.author, { name: 'Pessoas', type: 'PERSON' })).code;
    await buildSegment(t, s.author, { name: 'Empresas', type: 'COMPANY', expression: [] });
    const email = await mktCall(t, s.tenant, s.token, 'POST', '/api/mkt/emails/campaign', {
      ...emailBody(s.senderCode, people),
    });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    const settings = await mktCall(t, s.tenant, s.token, 'PUT', '/api/mkt/sms/settings', {
      senderIdentification: 'Gabinete',
      quietHours: null,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const sms = await mktCall(t, s.tenant, s.token, 'POST', '/api/mkt/sms/campaign', {
      content: 'Olá',
      destination: { segment: { code: people } },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
  }, 180_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = url.startsWith('/api/mkt/')
      ? await mktCall(t, s.tenant, s.token, 'GET', url)
      : await call(t, s.author, 'GET', url);
    return res;
  };

  /** The same list in each form, given as `name=value` pairs of the repeated form. */
  const forms = (name: string, values: (string | number)[]) => ({
    repeated: values.map((v) => `${name}=${v}`).join('&'),
    appended: values.map((v) => `${name}[]=${v}`).join('&'),
    appendedEncoded: values.map((v) => `${name}%5B%5D=${v}`).join('&'),
    indexed: values.map((v, i) => `${name}[${i}]=${v}`).join('&'),
    indexedEncoded: values.map((v, i) => `${name}%5B${i}%5D=${v}`).join('&'),
    indexedReversed: values
      .map((v, i) => `${name}[${i}]=${v}`)
      .reverse()
      .join('&'),
    indexedSparse: values.map((v, i) => `${name}[${i * 7 + 2}]=${v}`).join('&'),
    comma: `${name}=${values.join(',')}`,
  });

  const routes = () => [
    { path: '/api/mkt/emails/campaign', name: 'status', values: ['DRAFT', 'SENT'], size: 1 },
    { path: '/api/mkt/sms/campaign', name: 'status', values: ['DRAFT', 'SENT'], size: 1 },
    { path: '/api/segments/names', name: 'types', values: ['PERSON', 'COMPANY'], size: 4 },
    { path: '/api/tags/list', name: 'codes', values: codes.tags?.slice(0, 2) ?? [], size: 2 },
    { path: '/api/people/list-names', name: 'codes', values: codes.people?.slice(0, 2) ?? [], size: 2 },
    {
      path: '/api/companies/list-names',
      name: 'codes',
      values: codes.companies?.slice(0, 2) ?? [],
      size: 2,
    },
  ];

  it('answers the indexed, [] and comma forms as the repeated form, on the six routes that answered 500', {
    timeout: 120_000,
  }, async () => {
    for (const { path, name, values, size } of routes()) {
      const expected = await get(`${path}?${forms(name, values).repeated}`);
      expect(expected.status, `${path} ${JSON.stringify(expected.body)}`).toBe(200);
      const listOf = (body: { data: { list?: unknown[] } | unknown[] }) =>
        (Array.isArray(body.data) ? body.data : body.data.list) ?? [];
      expect(listOf(expected.body), `${path} ${JSON.stringify(expected.body)}`).toHaveLength(size);
      for (const [form, query] of Object.entries(forms(name, values))) {
        const res = await get(`${path}?${query}`);
        expect(res.status, `${path}?${query} (${form}) → ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body, `${path}?${query} (${form})`).toEqual(expected.body);
      }
      // one value in the indexed form is a list of one, filtered as such
      const one = await get(`${path}?${name}[0]=${values[1]}`);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body).toEqual((await get(`${path}?${name}=${values[1]}`)).body);
      expect(listOf(one.body).length, path).toBeLessThan(size);
    }
    // the filter is applied: no shot is SENT, one is a draft
    expect((await get('/api/mkt/emails/campaign?status[0]=SENT')).body.data.list).toEqual([]);
    expect((await get('/api/mkt/sms/campaign?status[0]=ERROR&status[1]=SENT')).body.data.list).toEqual([]);
  });

  it('answers an object, a nested or a mixed shape of a list parameter with a pt-BR 400', {
    timeout: 120_000,
  }, async () => {
    for (const { path, name, values } of routes()) {
      for (const [query, errors] of [
        [`${name}[x]=${values[0]}`, undefined],
        [`${name}[__proto__]=${values[0]}`, undefined],
        [`${name}[0][1]=${values[0]}`, { [`${name}[0][1]`]: [QUERY_MESSAGES.unsupportedShape] }],
        [`${name}[a][b][c]=1`, { [`${name}[a][b][c]`]: [QUERY_MESSAGES.unsupportedShape] }],
        [`${name}[0]=${values[0]}&${name}[x]=${values[1]}`, { [name]: [QUERY_MESSAGES.listAndObject] }],
      ] as const) {
        const res = await get(`${path}?${query}`);
        expect(res.status, `${path}?${query} → ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.message).toBe(MESSAGES.validation);
        if (errors) expect(res.body.errors).toEqual(errors);
        else expect(Object.keys(res.body.errors)).toEqual([name]);
      }
    }
  });
});
