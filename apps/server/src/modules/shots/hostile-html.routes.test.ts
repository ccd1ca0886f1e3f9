import { HTML_BUDGET, UNTRUSTED_MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import {
  allPeopleSegment,
  emailBody,
  insertPeople,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import { buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/**
 * Issue 38 items 1–2: a ROLE_MARKETING user's e-mail HTML of up to 1 MB took the process down for
 * every tenant (`<br>` × 250,000: ~122 s of a stalled server, then 'heap out of memory') or stalled
 * it for seconds (45,000 merge tags). Each payload is now refused by its budget, in the untrusted
 * pool, with the limit in pt-BR, while another tenant is answered and nothing is saved.
 */
const PAYLOADS: { name: string; html: string; message: string }[] = [
  {
    name: '<br> × 250.000 (1 MB)',
    html: '<br>'.repeat(250_000),
    message: UNTRUSTED_MESSAGES.tooManyElements(HTML_BUDGET.elements),
  },
  {
    name: '{{primeiro_nome}}<br> × 45.000 (945 kB)',
    html: '{{primeiro_nome}}<br>'.repeat(45_000),
    message: UNTRUSTED_MESSAGES.tooManyMergeTags(HTML_BUDGET.mergeTags),
  },
  {
    name: '<div> aninhado 150.000 vezes',
    html: `${'<div>'.repeat(150_000)}fundo`,
    message: UNTRUSTED_MESSAGES.tooDeep(HTML_BUDGET.depth),
  },
  {
    name: '2.000 regras de estilo sobre 2.000 células',
    html: `<style>${'td.a{color:red}'.repeat(2_000)}</style><table>${'<tr><td class="a">x</td></tr>'.repeat(1_000)}</table>`,
    message: UNTRUSTED_MESSAGES.tooMuchStyle(2_000, 2_002, HTML_BUDGET.styleWork),
  },
];

describe(`hostile e-mail HTML at the campaign and birthday routes (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  let neighbour: Caller;
  let segmentCode: number;

  beforeAll(async () => {
    t = await createTestApp();
    s = await marketingSetup(t);
    await insertPeople(t.db, s.tenant.id, s.authorId, ['ana@exemplo.com.br']);
    segmentCode = await allPeopleSegment(t, s.author);
    neighbour = await signedIn(t, await buildTenant(t), ['ROLE_CRM'], 'Vizinha');
    await buildPerson(t, neighbour, { name: 'Eleitora da Vizinha' });
  });
  afterAll(() => t.close());

  const neighbourSearch = async () => {
    const res = await call(t, neighbour, 'POST', '/api/people/search', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Eleitora da Vizinha']);
  };
  /** the tenant's shots, and whether its birthday e-mail was ever saved */
  const saved = () =>
    withTenant(
      t.db,
      s.tenant.id,
      async ({ trx }) =>
        await trx
          .selectFrom('mkt_shots')
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            eb.fn.countAll<string>().filterWhere('birthday', '=', true).as('birthday'),
          ])
          .executeTakeFirstOrThrow(),
    );

  for (const payload of PAYLOADS) {
    it(`refuses ${payload.name} with its limit, answers another tenant meanwhile and saves nothing`, async () => {
      const before = await saved();
      const campaign = mktCall(t, s.tenant, s.token, 'POST', '/api/mkt/emails/campaign', {
        ...emailBody(s.senderCode, segmentCode),
        htmlContent: payload.html,
      });
      const birthday = mktCall(t, s.tenant, s.token, 'PUT', '/api/mkt/emails/birthday', {
        active: true,
        senderCode: s.senderCode,
        subject: 'Feliz aniversário, {{primeiro_nome}}!',
        htmlContent: payload.html,
        sendHour: 10,
      });
      const [answers] = await Promise.all([Promise.all([campaign, birthday]), neighbourSearch()]);
      expect(answers.map((a) => [a.status, a.body.message, a.body.errors])).toEqual([
        [400, payload.message, { htmlContent: [payload.message] }],
        [400, payload.message, { htmlContent: [payload.message] }],
      ]);
      await neighbourSearch();
      expect(await saved()).toEqual(before);
    });
  }

  it('still prepares a real newsletter after the refusals', async () => {
    const res = await mktCall(t, s.tenant, s.token, 'POST', '/api/mkt/emails/campaign', {
      ...emailBody(s.senderCode, segmentCode),
      htmlContent:
        '<style>.t{color:#1a73e8}</style><p class="t">Olá, {{primeiro_nome}}!</p><script>x()</script>',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.htmlContent).toBe('<p style="color: #1a73e8">Olá, {{primeiro_nome}}!</p>');
  });
});
