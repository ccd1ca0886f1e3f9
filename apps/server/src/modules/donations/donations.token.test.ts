import { DONATION_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { type Caller, call } from '../../test/crm-factories.ts';
import { confirmedAccount, donationsApp, donationTenant, onboard } from '../../test/donations-kit.ts';
import type { BuiltTenant, TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { setProviderToken } from './donations.service.ts';

const ONBOARDING = '/api/donations/onboarding';

describe(`a new provider token on a tenant (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let ana: Caller;
  let tenant: BuiltTenant;
  beforeAll(async () => {
    ({ t, sandbox } = await donationsApp());
    ({ user: ana, tenant } = await donationTenant(t, 'token-da-conta-antiga'));
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('keeps the candidate when the same token is set again, forgets it when the account changes', async () => {
    const oldCandidate = await confirmedAccount(t, sandbox, ana);

    expect(await setProviderToken(t.app, tenant.slug, 'token-da-conta-antiga')).toBe(true);
    expect((await call(t, ana, 'GET', ONBOARDING)).body.data).toMatchObject({
      state: 'CONFIRMED',
      candidateId: oldCandidate,
    });

    expect(await setProviderToken(t.app, tenant.slug, 'token-da-conta-nova')).toBe(true);
    const after = await call(t, ana, 'GET', ONBOARDING);
    expect(after.status).toBe(200);
    // the candidate and its approval were the former account's; the politician's data stay ours
    expect(after.body.data).toMatchObject({ state: 'NOT_INTEGRATED', candidateId: null });
    expect(after.body.data.politician).toMatchObject({ name: 'Maria da Silva' });
    expect(after.body.data.photo).not.toBeNull();
    // the former account's candidate cannot hold campaigns of the new one
    const refused = await call(t, ana, 'POST', '/api/donations/campaigns', {
      title: 'Nova conta',
      minCents: 500,
      maxCents: 10_000,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(DONATION_TEXTS.messages.notConfirmed);

    const newCandidate = await onboard(t, ana);
    expect(newCandidate).not.toBe(oldCandidate);
    expect((await call(t, ana, 'GET', ONBOARDING)).body.data).toMatchObject({
      state: 'AWAITING_APPROVAL',
      candidateId: newCandidate,
    });
  });
});
