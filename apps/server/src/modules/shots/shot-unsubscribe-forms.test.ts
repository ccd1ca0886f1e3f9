import { Readable } from 'node:stream';
import { MESSAGES, SHOT_PUBLIC_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildFrozenShot, buildSendingDomain, type SendingDomain } from '../../test/shot-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/**
 * Issue 39 item 6: the RFC 8058 one-click POST is taken as the RFC shows it, `multipart/form-data`,
 * as well as `application/x-www-form-urlencoded` (what most mailbox providers send). A form is
 * small (1 KiB) and of text fields only: anything else is a pt-BR 400 that changes nothing.
 */
const T = SHOT_PUBLIC_TEXTS;

/** The body and content type a browser's (undici's) FormData is sent with. */
async function formData(fields: [string, string | Blob, string?][]) {
  const form = new FormData();
  for (const [name, value, fileName] of fields)
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  const request = new Request('http://x.example/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

/** A multipart body written by hand (parts as given, CRLF line ends). */
const multipart = (boundary: string, body: string) => ({
  payload: Buffer.from(body.replace(/\r?\n/g, '\r\n')),
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
});

/** RFC 8058 §3.1's example as printed: its delimiter lines are the boundary itself, without `--`. */
const RFC_8058_EXAMPLE = multipart(
  '---FormBoundaryjWmhtjORrn',
  `---FormBoundaryjWmhtjORrn
Content-Disposition: form-data; name="List-Unsubscribe"

One-Click
---FormBoundaryjWmhtjORrn--
`,
);

describe(`one-click unsubscribe forms (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let domain: SendingDomain;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { name: 'Mandato Vereadora Ana' });
    domain = await buildSendingDomain(t.app, tenant.id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function recipient(address: string) {
    const { recipients } = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses: [address],
    });
    const r = recipients[0];
    if (!r) throw new Error('no recipient');
    return r;
  }

  /** What an unsubscribe writes for the recipient: the row's mark, its events, the tenant's opt-out. */
  const stateOf = (r: { id: string; address: string }) =>
    withTenant(t.db, tenant.id, async ({ trx }) => ({
      unsubscribed: (
        await trx
          .selectFrom('mkt_shot_recipients')
          .select('unsubscribed_at')
          .where('id', '=', r.id)
          .executeTakeFirstOrThrow()
      ).unsubscribed_at,
      events: (
        await trx.selectFrom('mkt_shot_events').select('kind').where('recipient_id', '=', r.id).execute()
      ).map((e) => e.kind),
      optOuts: await trx
        .selectFrom('mkt_opt_outs')
        .select(['source', 'channel'])
        .where('address', '=', r.address)
        .execute(),
    }));

  const post = (linkId: string, body: { payload: unknown; headers?: Record<string, string> }) =>
    t.api.inject({ method: 'POST', url: `/api/public/unsubscribe/${linkId}`, ...body } as never);

  const optedOutByOneClick = async (r: { id: string; address: string }) => {
    const state = await stateOf(r);
    expect(state.unsubscribed).not.toBeNull();
    expect(state.events).toEqual(['unsubscribe']);
    expect(state.optOuts).toEqual([{ source: 'one-click', channel: 'EMAIL' }]);
  };

  it('the one-click POST as multipart/form-data (a FormData) unsubscribes, as the form-urlencoded one does', async () => {
    const a = await recipient('multipart@destino.example');
    const res = await post(a.linkId, await formData([['List-Unsubscribe', 'One-Click']]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { unsubscribed: true } });
    await optedOutByOneClick(a);

    const b = await recipient('urlencoded@destino.example');
    const form = await post(b.linkId, {
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode, form.body).toBe(200);
    await optedOutByOneClick(b);

    // a second one-click of the same link: still 200, still one opt-out
    const again = await post(a.linkId, await formData([['List-Unsubscribe', 'One-Click']]));
    expect(again.statusCode, again.body).toBe(200);
    expect((await stateOf(a)).optOuts).toEqual([{ source: 'one-click', channel: 'EMAIL' }]);
  });

  it("RFC 8058's own example, as printed (delimiters without the leading '--'), unsubscribes", async () => {
    const r = await recipient('rfc8058@destino.example');
    const res = await post(r.linkId, RFC_8058_EXAMPLE);
    expect(res.statusCode, res.body).toBe(200);
    await optedOutByOneClick(r);
    // and written correctly, with a quoted boundary and a charset
    const s = await recipient('rfc2046@destino.example');
    const correct = multipart(
      '"limite simples"',
      `--limite simples
Content-Disposition: form-data; name="List-Unsubscribe"
Content-Type: text/plain; charset=utf-8

One-Click
--limite simples--
`,
    );
    const ok = await post(s.linkId, correct);
    expect(ok.statusCode, ok.body).toBe(200);
    await optedOutByOneClick(s);
  });

  it('a hostile multipart — huge, many parts, a file part, malformed — is a pt-BR 400 that changes nothing', async () => {
    const r = await recipient('hostil@destino.example');
    const oneClick: [string, string] = ['List-Unsubscribe', 'One-Click'];
    const b = '----hostil';
    const cases: [string, { payload: unknown; headers?: Record<string, string> }][] = [
      ['2 MiB field', await formData([oneClick, ['x', 'a'.repeat(2 * 1024 * 1024)]])],
      ['2 MiB file', await formData([oneClick, ['f', new Blob([Buffer.alloc(2 * 1024 * 1024)]), 'a.bin']])],
      ['a tiny file part', await formData([oneClick, ['f', new Blob(['oi']), 'a.txt']])],
      ['the value as a file', await formData([['List-Unsubscribe', new Blob(['One-Click']), 'x.txt']])],
      [
        'an octet-stream part without a name of file',
        multipart(
          b,
          `--${b}\nContent-Disposition: form-data; name="List-Unsubscribe"\nContent-Type: application/octet-stream\n\nOne-Click\n--${b}--\n`,
        ),
      ],
      [
        'many tiny parts',
        await formData([oneClick, ...Array.from({ length: 12 }, (): [string, string] => ['a', ''])]),
      ],
      [
        'many parts past 1 KiB',
        await formData([
          oneClick,
          ...Array.from({ length: 5000 }, (_, i): [string, string] => [`a${i}`, '']),
        ]),
      ],
      ['an extra field', await formData([oneClick, ['extra', '1']])],
      ['__proto__', await formData([oneClick, ['__proto__', 'x']])],
      ['constructor', await formData([oneClick, ['constructor', 'x']])],
      ['another value', await formData([['List-Unsubscribe', 'Other']])],
      ['an empty form', await formData([])],
      [
        'no boundary',
        { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'multipart/form-data' } },
      ],
      ['not multipart inside', multipart(b, 'List-Unsubscribe=One-Click')],
      [
        'an unclosed part',
        multipart(b, `--${b}\nContent-Disposition: form-data; name="List-Unsubscribe"\n\nOne-Click`),
      ],
      ['an empty body', multipart(b, '')],
      [
        'a long field name',
        multipart(
          b,
          `--${b}\nContent-Disposition: form-data; name="${'n'.repeat(300)}"\n\nOne-Click\n--${b}--\n`,
        ),
      ],
      [
        'a nested multipart/mixed',
        multipart(
          b,
          `--${b}\nContent-Disposition: form-data; name="List-Unsubscribe"\nContent-Type: multipart/mixed; boundary=in\n\n--in\nContent-Type: text/plain\n\nOne-Click\n--in--\n--${b}--\n`,
        ),
      ],
      [
        'multipart/mixed',
        { ...(await formData([oneClick])), headers: { 'content-type': `multipart/mixed; boundary=${b}` } },
      ],
      [
        'a stream of 3 MiB with no length',
        {
          payload: Readable.from(
            (function* () {
              yield Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="x"\r\n\r\n`);
              for (let i = 0; i < 48; i++) yield Buffer.alloc(64 * 1024, 97);
            })(),
          ),
          headers: { 'content-type': `multipart/form-data; boundary=${b}` },
        },
      ],
      ['text/plain', { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'text/plain' } }],
      [
        'a huge form-urlencoded',
        {
          payload: `List-Unsubscribe=One-Click&x=${'a'.repeat(2 * 1024 * 1024)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      ],
    ];
    for (const [name, body] of cases) {
      const res = await post(r.linkId, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const message = res.json().message;
      expect([T.oneClickForm, T.invalid, MESSAGES.unsupportedMediaType], name).toContain(message);
    }
    expect(await stateOf(r)).toEqual({ unsubscribed: null, events: [], optOuts: [] });
    // the link still works afterwards
    const ok = await post(r.linkId, await formData([oneClick]));
    expect(ok.statusCode, ok.body).toBe(200);
    await optedOutByOneClick(r);
  });

  it('over a real connection, a 4 MiB multipart is answered 400 (not a reset, not a 500)', async () => {
    const r = await recipient('socket@destino.example');
    const base = await t.api.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    form.append('f', new Blob([Buffer.alloc(4 * 1024 * 1024, 1)]), 'grande.bin');
    const res = await fetch(`${base}/api/public/unsubscribe/${r.linkId}`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(T.oneClickForm);
    expect(await stateOf(r)).toEqual({ unsubscribed: null, events: [], optOuts: [] });
    const ok = await fetch(`${base}/api/public/unsubscribe/${r.linkId}`, {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.append('List-Unsubscribe', 'One-Click');
        return f;
      })(),
    });
    expect(ok.status).toBe(200);
    await optedOutByOneClick(r);
  });
});
