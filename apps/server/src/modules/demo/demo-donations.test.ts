import { DEMO } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DonationSandbox, startDonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import {
  DEMO_DONATIONS,
  DEMO_DONATIONS_PAID_CENTS,
  demoPortrait,
  seedDemoDonations,
} from './demo-donations.ts';
import { seedDemo } from './demo-seed.ts';

describe(`demo donations (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let apiUrl: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    sandbox = await startDonationSandbox();
    t = await createTestApp({
      donation: { providerUrl: sandbox.url, timeoutMs: 5_000, key: undefined, geoUrl: undefined },
    });
    expect(await seedDemo(t.db)).toBe(true);
    apiUrl = await t.api.listen({ port: 0, host: '127.0.0.1' });
    await seedDemoDonations(t.app, apiUrl);
    headers = await demoAdminHeaders(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const get = async (url: string) => {
    const res = await t.api.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('has the demo politician confirmed at the sandbox, with a photo', async () => {
    const onboarding = await get('/api/donations/onboarding');
    expect(onboarding).toMatchObject({
      state: 'CONFIRMED',
      politician: { name: DEMO_DONATIONS.politician.name, cpf: '39053344705', politicalParty: 'PSB' },
      photo: { url: expect.any(String) },
    });
    expect(onboarding.candidateId).toEqual(expect.any(Number));
  });

  it('has one campaign whose paid donations make the totals, the pending one listed but not counted', async () => {
    const { items } = await get('/api/donations/campaigns');
    expect(items).toEqual([expect.objectContaining({ title: DEMO_DONATIONS.campaignTitle, active: true })]);
    const list = await get(`/api/donations/campaigns/${items[0].token}/donations?itemsPerPage=10`);
    expect(list.total).toBe(DEMO_DONATIONS.donations.length);
    expect(list.paidCount).toBe(3);
    expect(list.paidTotalCents).toBe(DEMO_DONATIONS_PAID_CENTS);
    expect(DEMO_DONATIONS_PAID_CENTS).toBe(37_000);
    const pending = list.items.filter((i: { status: string }) => i.status === 'PENDING');
    expect(pending).toEqual([expect.objectContaining({ donorName: 'João Pedro Lins', valueCents: 2_500 })]);
    expect(list.items.map((i: { cpfMasked: string }) => i.cpfMasked)).toContain('***.444.777-**');
  });

  it('does not run twice: the wizard refuses a candidate already sent, and nothing is added', async () => {
    await expect(seedDemoDonations(t.app, apiUrl)).rejects.toThrow(/doações de demonstração/);
    const { items } = await get('/api/donations/campaigns');
    expect(items).toHaveLength(1);
  });

  it('makes a real PNG portrait the photo step takes', () => {
    const png = demoPortrait();
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeLessThan(1_048_576);
    expect(DEMO.slug).toBe('demo');
  });
});
