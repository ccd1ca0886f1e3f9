import { EMAIL_DESIGN_MAX_NODES, JSON_MAX_DEPTH, MESSAGES, SHOT_TEXTS, type Shot } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPeopleSegment,
  emailBody,
  insertPeople,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const CAMPAIGN = '/api/mkt/emails/campaign';
const BIRTHDAY = '/api/mkt/emails/birthday';

/** A design as the server answers it: the web's JSON string comes back parsed (shots.repository). */
const asObject = (design: unknown) => (typeof design === 'string' ? JSON.parse(design) : design);

/** Arrays inside arrays, `depth` levels. */
const nestedArrays = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

/**
 * The e-mail editor's design (`jsonContent`), as the shot editor and the birthday e-mail save it: an
 * object, or the GrapesJS project as a JSON string (what the web sends). Both routes, both forms.
 */
describe(`the e-mail design on save (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  let segmentCode: number;
  let draft: Shot;

  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    await insertPeople(t.db, s.tenant.id, s.authorId, ['ana@exemplo.com.br']);
    segmentCode = await allPeopleSegment(t, s.author);
    const created = await mktCall(
      t,
      s.tenant,
      s.token,
      'POST',
      CAMPAIGN,
      emailBody(s.senderCode, segmentCode),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    draft = created.body.data;
  });
  afterAll(() => t.close());

  /** The three saves of a design: a new shot, a draft edited, the birthday e-mail. */
  const saves = (jsonContent: unknown) => {
    const shot = emailBody(s.senderCode, segmentCode, { jsonContent });
    return [
      ['POST', CAMPAIGN, shot],
      ['PUT', `${CAMPAIGN}/${draft.code}`, shot],
      ['PUT', BIRTHDAY, { ...shot, active: false, senderCode: null, sendHour: 9, destination: undefined }],
    ] as const;
  };
  /** `raw`: JSON put in place of the design as it is (the test's own JSON.stringify would overflow). */
  const save = (method: string, url: string, body: object, raw?: string) =>
    t.api.inject({
      method: method as 'POST',
      url,
      headers: {
        'x-schema': s.tenant.slug,
        authorization: `Bearer ${s.token}`,
        'content-type': 'application/json',
      },
      payload: raw === undefined ? JSON.stringify(body) : JSON.stringify(body).replace('"RAW"', raw),
    });
  const shotCount = async () =>
    (await mktCall(t, s.tenant, s.token, 'GET', `${CAMPAIGN}?status=DRAFT&itemsPerPage=100`)).body.data
      .total as number;

  it('refuses a design nested too deep or of too many nodes with a pt-BR 400, as an object or as a JSON string', async () => {
    const before = await shotCount();
    const birthday = (await mktCall(t, s.tenant, s.token, 'GET', BIRTHDAY)).body.data;
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    // a string past EMAIL_DESIGN_MAX_NODES is refused on its text, before JSON.parse (issue 38)
    const many = `[${new Array(EMAIL_DESIGN_MAX_NODES).fill('{}').join(',')}]`;
    for (const [form, design, raw, message] of [
      ['object', 'RAW', deep(200_000), MESSAGES.jsonTooDeep],
      ['string', deep(90_000), undefined, SHOT_TEXTS.designTooDeep],
      ['string', many, undefined, SHOT_TEXTS.designTooManyNodes],
    ] as const) {
      for (const [method, url, body] of saves(design)) {
        const res = await save(method, url, body, raw);
        expect(res.statusCode, `${form} ${method} ${url} → ${res.body.slice(0, 300)}`).toBe(400);
        if (form === 'object') expect(res.json().message).toBe(message);
        else expect(res.json().errors.jsonContent).toEqual([message]);
      }
    }
    expect(await shotCount()).toBe(before);
    expect((await mktCall(t, s.tenant, s.token, 'GET', `${CAMPAIGN}/${draft.code}`)).body.data).toEqual(
      draft,
    );
    expect((await mktCall(t, s.tenant, s.token, 'GET', BIRTHDAY)).body.data).toEqual(birthday);
  });

  it('keeps a design nested to the limit, as an object or as a JSON string', async () => {
    // the body is {…, jsonContent: {pages: […]}}: two levels above the arrays
    const object = { pages: nestedArrays(JSON_MAX_DEPTH - 2) };
    const string = JSON.stringify({ pages: nestedArrays(JSON_MAX_DEPTH - 1) });
    for (const design of [object, string]) {
      for (const [method, url, body] of saves(design)) {
        const res = await save(method, url, body);
        expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
        expect(asObject(res.json().data.jsonContent)).toEqual(asObject(design));
      }
      const read = await mktCall(t, s.tenant, s.token, 'GET', `${CAMPAIGN}/${draft.code}`);
      expect(asObject(read.body.data.jsonContent)).toEqual(asObject(design));
      const birthday = await mktCall(t, s.tenant, s.token, 'GET', BIRTHDAY);
      expect(asObject(birthday.body.data.jsonContent)).toEqual(asObject(design));
    }
    // one level more is refused
    const over = await save(...saves(JSON.stringify({ pages: nestedArrays(JSON_MAX_DEPTH) }))[1]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.jsonContent).toEqual([SHOT_TEXTS.designTooDeep]);
  });

  /** The draft: an `img onerror`, a `script` component, a component `script`, a `<script>` in a content. */
  const hostile = {
    pages: [
      {
        frames: [
          {
            component: {
              type: 'wrapper',
              components: [
                { type: 'image', attributes: { src: 'https://exemplo.com.br/a.png', onerror: 'alert(1)' } },
                { type: 'script', content: 'alert(2)' },
                { tagName: 'div', script: 'alert(3)', 'script-export': 'alert(3)', components: [] },
                { type: 'text', content: 'Olá<script>alert(4)</script>' },
                { type: 'link', attributes: { href: 'javascript:alert(5)' } },
              ],
            },
          },
        ],
      },
    ],
  };
  const cleaned = {
    pages: [
      {
        frames: [
          {
            component: {
              type: 'wrapper',
              components: [
                { type: 'image', attributes: { src: 'https://exemplo.com.br/a.png' } },
                { tagName: 'div', components: [] },
                { type: 'text', content: 'Olá&lt;script>alert(4)&lt;/script>' },
                { type: 'link', attributes: {} },
              ],
            },
          },
        ],
      },
    ],
  };

  it('stores the design without its scripts, handlers and script URLs, as an object or a JSON string', async () => {
    for (const design of [hostile, JSON.stringify(hostile)]) {
      for (const [method, url, body] of saves(design)) {
        const res = await save(method, url, body);
        expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
        expect(asObject(res.json().data.jsonContent), `${method} ${url}`).toEqual(cleaned);
      }
      const read = await mktCall(t, s.tenant, s.token, 'GET', `${CAMPAIGN}/${draft.code}`);
      expect(asObject(read.body.data.jsonContent)).toEqual(cleaned);
      const birthday = await mktCall(t, s.tenant, s.token, 'GET', BIRTHDAY);
      expect(asObject(birthday.body.data.jsonContent)).toEqual(cleaned);
      // a clone copies the stored design, already clean
      const clone = await mktCall(t, s.tenant, s.token, 'POST', `${CAMPAIGN}/clone/${draft.code}`);
      expect(asObject(clone.body.data.jsonContent)).toEqual(cleaned);
      expect(JSON.stringify(clone.body.data)).not.toMatch(/onerror|"script|javascript:|<script/);
    }
  });

  it('stores a newsletter design as the editor saved it', async () => {
    const design = JSON.stringify(cleaned);
    for (const [method, url, body] of saves(design)) {
      const res = await save(method, url, body);
      expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
      expect(asObject(res.json().data.jsonContent)).toEqual(cleaned);
    }
  });
});
