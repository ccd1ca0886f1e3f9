import { MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { type Caller, call } from '../../test/crm-factories.ts';
import { confirmedAccount, donationsApp, donationTenant, POLITICIAN_STEP } from '../../test/donations-kit.ts';
import {
  allPeopleSegment,
  emailBody,
  insertPeople,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import type { TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/** What a one-line field must never keep: a header injection, a bare break, a tab, a Unicode line separator. */
const BREAKS = [
  'Convite\r\nBcc: todos@exemplo.com.br',
  'Linha 1\nLinha 2',
  'Coluna\tColuna',
  'Fim\u2028Outra',
];

/**
 * Subjects, names and titles are one line (issue 38): a line break or tab inside one is a pt-BR 400
 * on the field, on the e-mail, sender, SMS and donation routes; the same text on one line is saved.
 */
describe(`one-line fields refuse line breaks (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let s: MarketingSetup;
  let segmentCode: number;
  let donor: Caller;

  beforeAll(async () => {
    ({ t, sandbox } = await donationsApp());
    s = await marketingSetup(t);
    await insertPeople(t.db, s.tenant.id, s.authorId, ['ana@exemplo.com.br']);
    segmentCode = await allPeopleSegment(t, s.author);
    donor = (await donationTenant(t, 'token-de-teste-linhas')).user;
    await confirmedAccount(t, sandbox, donor);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const mkt = (method: string, url: string, payload: unknown) =>
    mktCall(t, s.tenant, s.token, method, url, payload);
  const refused = (res: { status: number; body: { errors?: Record<string, string[]> } }, field: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors?.[field], JSON.stringify(res.body)).toContain(MESSAGES.singleLine);
  };
  const domainCode = async () =>
    (await mkt('GET', '/api/mkt/domains', undefined)).body.data.list[0].code as number;

  it("refuses a break in an e-mail's subject (shot and birthday), a sender's name, an SMS identification", async () => {
    for (const text of BREAKS) {
      refused(
        await mkt(
          'POST',
          '/api/mkt/emails/campaign',
          emailBody(s.senderCode, segmentCode, { subject: text }),
        ),
        'subject',
      );
      refused(
        await mkt('PUT', '/api/mkt/emails/birthday', {
          active: false,
          senderCode: null,
          subject: text,
          htmlContent: '<p>Parabéns</p>',
          sendHour: 9,
        }),
        'subject',
      );
      const sender = { name: text, emailPrefix: 'linhas', domainCode: await domainCode() };
      refused(await mkt('POST', '/api/mkt/senders', sender), 'name');
      refused(await mkt('PUT', `/api/mkt/senders/${s.senderCode}`, sender), 'name');
      refused(
        await mkt('PUT', '/api/mkt/sms/settings', { senderIdentification: text, quietHours: null }),
        'senderIdentification',
      );
    }
  });

  it('saves the same fields on one line (what surrounds them trimmed)', async () => {
    const shot = await mkt(
      'POST',
      '/api/mkt/emails/campaign',
      emailBody(s.senderCode, segmentCode, { subject: ' Convite\r\n' }),
    );
    expect(shot.status, JSON.stringify(shot.body)).toBe(200);
    expect(shot.body.data.subject).toBe('Convite');
    const sender = await mkt('POST', '/api/mkt/senders', {
      name: 'Gabinete do Mandato',
      emailPrefix: 'linhas',
      domainCode: await domainCode(),
    });
    expect(sender.status, JSON.stringify(sender.body)).toBe(200);
    expect(sender.body.data.name).toBe('Gabinete do Mandato');
    const sms = await mkt('PUT', '/api/mkt/sms/settings', {
      senderIdentification: 'Gabinete',
      quietHours: null,
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
  });

  it("refuses a break in a donation campaign's title and the politician's name; saves them on one line", async () => {
    const campaign = { title: 'Campanha', minCents: 1_000, maxCents: 50_000 };
    for (const text of BREAKS) {
      refused(
        await call(t, donor, 'POST', '/api/donations/campaigns', { ...campaign, title: text }),
        'title',
      );
      refused(
        await call(t, donor, 'PUT', '/api/donations/onboarding/politician', {
          ...POLITICIAN_STEP,
          name: text,
        }),
        'name',
      );
    }
    const saved = await call(t, donor, 'POST', '/api/donations/campaigns', {
      ...campaign,
      title: 'Campanha 2026',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.title).toBe('Campanha 2026');
    const list = await call(t, donor, 'GET', '/api/donations/campaigns');
    expect(JSON.stringify(list.body.data)).not.toMatch(/\\[rnt]|\u2028/);
  });
});
