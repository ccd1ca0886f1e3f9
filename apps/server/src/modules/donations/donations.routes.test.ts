import { DONATION_TEXTS, MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import type { DonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import {
  CANDIDACY_STEP,
  confirmedAccount,
  donationsApp,
  donationTenant,
  onboard,
  PNG,
  POLITICIAN_STEP,
  putPhoto,
} from '../../test/donations-kit.ts';
import { type BuiltTenant, buildTenant, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const M = DONATION_TEXTS.messages;
const ONBOARDING = '/api/donations/onboarding';
const CAMPAIGNS = '/api/donations/campaigns';
const campaign = { title: 'Campanha 2026', minCents: 500, maxCents: 106_400 };

describe(`donations: onboarding and refusals (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let maria: Caller;
  beforeAll(async () => {
    ({ t, sandbox } = await donationsApp());
    ({ user: maria } = await donationTenant(t, 'token-da-maria'));
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('refuses without provider token, module, role or session', async () => {
    const { tenant, user: noToken } = await donationTenant(t, undefined);
    for (const [method, url] of [
      ['GET', ONBOARDING],
      ['GET', CAMPAIGNS],
      ['GET', '/api/donations/options'],
      ['POST', `${ONBOARDING}/confirm`],
    ] as const) {
      const res = await call(t, noToken, method, url);
      expect(res.status, url).toBe(403);
      expect(res.body.message).toBe(M.noAccess);
    }
    const crm = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CONFIG'], 'Sem doação');
    expect((await call(t, crm, 'GET', ONBOARDING)).status).toBe(403);
    const basic = await buildTenant(t, { planId: 'BASIC' });
    const basicUser = await signedIn(t, basic, ['ROLE_DONATION'], 'Plano básico');
    expect((await call(t, basicUser, 'GET', ONBOARDING)).status).toBe(403);
    const anonymous = await t.api.inject({
      method: 'GET',
      url: ONBOARDING,
      headers: { 'x-schema': tenant.slug },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('runs the wizard: each step validated in pt-BR, the politician record saved, awaiting then confirmed', async () => {
    expect((await call(t, maria, 'GET', ONBOARDING)).body.data).toEqual({
      state: 'NOT_INTEGRATED',
      politician: null,
      photo: null,
      candidateId: null,
    });

    const empty = await call(t, maria, 'PUT', `${ONBOARDING}/politician`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(DONATION_TEXTS.politician.invalid);
    expect(empty.body.errors).toMatchObject({ name: [MESSAGES.required], rg: [MESSAGES.required] });
    const badVoter = await call(t, maria, 'PUT', `${ONBOARDING}/politician`, {
      ...POLITICIAN_STEP,
      voterRegistration: '1000 0000 0125',
    });
    expect(badVoter.body.errors.voterRegistration).toEqual([DONATION_TEXTS.politician.voterRegistration]);
    const ok = await call(t, maria, 'PUT', `${ONBOARDING}/politician`, POLITICIAN_STEP);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.message).toBe(DONATION_TEXTS.politician.ok);
    expect((await call(t, maria, 'GET', ONBOARDING)).body.data.politician).toMatchObject({
      cpf: '52998224725',
      birthday: '1980-05-17',
    });

    const badOffice = await call(t, maria, 'PUT', `${ONBOARDING}/candidacy`, {
      ...CANDIDACY_STEP,
      politicalOffice: 'REI',
      phone: undefined,
    });
    expect(badOffice.status).toBe(400);
    expect(badOffice.body.errors).toMatchObject({
      politicalOffice: [MESSAGES.notAllowed],
      phone: [MESSAGES.required],
    });
    // a cleared 'Cargo' or 'Partido' is required, not 'Valor não permitido' (issue 40)
    const cleared = await call(t, maria, 'PUT', `${ONBOARDING}/candidacy`, {
      ...CANDIDACY_STEP,
      politicalOffice: null,
      politicalParty: '',
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors).toMatchObject({
      politicalOffice: [MESSAGES.required],
      politicalParty: [MESSAGES.required],
    });
    expect((await call(t, maria, 'PUT', `${ONBOARDING}/candidacy`, CANDIDACY_STEP)).status).toBe(200);
    // the administrative record of sys-admin/politicians, not a copy
    const records = await call(t, maria, 'GET', '/api/sys-admin/politicians');
    expect(records.body.data.list).toMatchObject([
      { name: 'Maria da Silva', politicalOffice: 'DEPUTADO_FEDERAL', address: { city: 'São Paulo' } },
    ]);

    const noPhoto = await call(t, maria, 'POST', `${ONBOARDING}/confirm`);
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.message).toBe(DONATION_TEXTS.photo.required);
    const gif = await putPhoto(t, maria, Buffer.from('GIF89a-nao-e-foto'));
    expect([gif.status, gif.body.message]).toEqual([400, DONATION_TEXTS.photo.types]);
    const big = await putPhoto(t, maria, Buffer.concat([PNG, Buffer.alloc(1_048_576)]));
    expect([big.status, big.body.message]).toEqual([413, DONATION_TEXTS.photo.tooBig]);
    const photo = await putPhoto(t, maria, PNG);
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const served = await t.api.inject({ method: 'GET', url: `${ONBOARDING}/photo`, headers: maria.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const confirmed = await call(t, maria, 'POST', `${ONBOARDING}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      state: 'AWAITING_APPROVAL',
      photo: { url: expect.any(String) },
    });
    const candidateId = confirmed.body.data.candidateId as number;
    // confirming again sends nothing twice; the wizard is closed once sent
    expect((await call(t, maria, 'POST', `${ONBOARDING}/confirm`)).body.data.candidateId).toBe(candidateId);
    expect((await call(t, maria, 'PUT', `${ONBOARDING}/candidacy`, CANDIDACY_STEP)).status).toBe(409);

    const early = await call(t, maria, 'POST', CAMPAIGNS, campaign);
    expect([early.status, early.body.message]).toEqual([409, M.notConfirmed]);
    expect((await call(t, maria, 'GET', ONBOARDING)).body.data.state).toBe('AWAITING_APPROVAL');
    sandbox.confirmCandidate(candidateId);
    expect((await call(t, maria, 'GET', ONBOARDING)).body.data.state).toBe('CONFIRMED');
  });

  it("a feminine office ('Deputada Federal') is kept as chosen and sent to the provider as its masculine one (issue 40)", async () => {
    const { user: ana } = await donationTenant(t, 'token-da-deputada');
    const steps = [
      await call(t, ana, 'PUT', `${ONBOARDING}/politician`, POLITICIAN_STEP),
      await call(t, ana, 'PUT', `${ONBOARDING}/candidacy`, {
        ...CANDIDACY_STEP,
        politicalOffice: 'DEPUTADA_FEDERAL',
        candidateNumber: 1312,
      }),
      await putPhoto(t, ana, PNG),
      // the sandbox knows offices 1–8 only ('Tipo de candidatura inexistente' otherwise), masculine
      await call(t, ana, 'POST', `${ONBOARDING}/confirm`),
    ];
    expect(
      steps.map((s) => s.status),
      JSON.stringify(steps.map((s) => s.body)),
    ).toEqual([200, 200, 200, 200]);
    const records = await call(t, ana, 'GET', '/api/sys-admin/politicians');
    expect(records.body.data.list).toMatchObject([
      { politicalOffice: 'DEPUTADA_FEDERAL', candidateNumber: 1312 },
    ]);
    // the ballot number follows the office's rule whatever its form: a councillor's has 5 digits
    const short = await call(t, ana, 'PUT', `${ONBOARDING}/candidacy`, {
      ...CANDIDACY_STEP,
      politicalOffice: 'VEREADORA',
      candidateNumber: 1312,
    });
    expect([short.status, short.body.errors]).toEqual([
      400,
      { candidateNumber: ['O número de urna deste cargo tem 5 dígitos'] },
    ]);
  });

  it("answers the provider's refusal of the token as a pt-BR 403", async () => {
    // the sandbox opens no account for a token this short: 401, which is ours to answer as 403
    const { user } = await donationTenant(t, 'curto');
    expect((await call(t, user, 'GET', CAMPAIGNS)).status).toBe(200);
    await expect(onboard(t, user)).rejects.toThrow(/403/);
    const again = await call(t, user, 'POST', `${ONBOARDING}/confirm`);
    expect([again.status, again.body.message]).toEqual([403, M.noAccess]);
  });

  it('refuses hostile bodies with a pt-BR 400 and changes nothing', async () => {
    const { user } = await donationTenant(t, 'token-hostil-1');
    const proto = await t.api.inject({
      method: 'PUT',
      url: `${ONBOARDING}/politician`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: `{"__proto__":{"admin":true},"name":"X"}`,
    });
    expect(proto.statusCode).toBe(400);
    const unknown = await call(t, user, 'PUT', `${ONBOARDING}/politician`, {
      ...POLITICIAN_STEP,
      tenantId: 1,
    });
    expect(unknown.status).toBe(400);
    const control = await call(t, user, 'PUT', `${ONBOARDING}/politician`, {
      ...POLITICIAN_STEP,
      name: 'Ma\u0000ria',
    });
    expect(control.status).toBe(400);
    const huge = await call(t, user, 'PUT', `${ONBOARDING}/politician`, {
      ...POLITICIAN_STEP,
      name: 'x'.repeat(10_000),
    });
    expect(huge.status).toBe(400);
    const wrongType = await call(t, user, 'POST', CAMPAIGNS, { ...campaign, minCents: '5,00' });
    expect(wrongType.status).toBe(400);
    expect((await call(t, user, 'GET', `${CAMPAIGNS}/..%2F..%2Fx/donations`)).status).toBe(400);
    expect((await call(t, user, 'GET', ONBOARDING)).body.data.politician).toBeNull();
  });
});

describe(`donations: campaigns, provider failures and tenants (${testEngine})`, () => {
  let t: TestApp;
  let sandbox: DonationSandbox;
  let ana: Caller;
  let anaTenant: BuiltTenant;
  beforeAll(async () => {
    // one test waits for the time-out (a call the sandbox holds): long enough for a loaded
    // machine's answers, short enough to wait once
    ({ t, sandbox } = await donationsApp(5000));
    ({ user: ana, tenant: anaTenant } = await donationTenant(t, 'token-da-ana'));
    await confirmedAccount(t, sandbox, ana);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('checks every campaign rule in pt-BR, then creates and edits with the defaults', async () => {
    const errorsOf = async (body: object) => (await call(t, ana, 'POST', CAMPAIGNS, body)).body.errors;
    expect(await errorsOf({ ...campaign, minCents: 499 })).toMatchObject({
      minCents: [DONATION_TEXTS.campaign.minAtLeast],
    });
    expect(await errorsOf({ ...campaign, maxCents: 106_401 })).toMatchObject({
      maxCents: [DONATION_TEXTS.campaign.maxAtMost],
    });
    expect(await errorsOf({ ...campaign, minCents: 10_000, maxCents: 10_000 })).toMatchObject({
      minCents: [DONATION_TEXTS.campaign.minBelowMax],
    });
    expect(await errorsOf({ ...campaign, suggestedCents: 200_000 })).toMatchObject({
      suggestedCents: [DONATION_TEXTS.campaign.suggestedBetween],
    });
    expect(await errorsOf({ ...campaign, title: '' })).toMatchObject({ title: [MESSAGES.required] });

    const created = await call(t, ana, 'POST', CAMPAIGNS, campaign);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      title: 'Campanha 2026',
      active: true,
      minCents: 500,
      maxCents: 106_400,
      suggestedCents: 5_000,
    });
    expect(created.body.data.url).toMatch(/\/doar\//);
    const token = created.body.data.token as string;
    const edited = await call(t, ana, 'PUT', `${CAMPAIGNS}/${token}`, {
      ...campaign,
      title: 'Campanha editada',
      minCents: 1_050,
      suggestedCents: 2_000,
      active: false,
    });
    expect(edited.body.data).toMatchObject({
      title: 'Campanha editada',
      minCents: 1_050,
      suggestedCents: 2_000,
      active: false,
    });
    expect((await call(t, ana, 'PUT', `${CAMPAIGNS}/nao-existe`, campaign)).status).toBe(404);
    const list = await call(t, ana, 'GET', CAMPAIGNS);
    expect(list.body.data.items).toMatchObject([{ token, title: 'Campanha editada' }]);
    const donations = await call(t, ana, 'GET', `${CAMPAIGNS}/${token}/donations`);
    expect(donations.body.data).toEqual({ items: [], total: 0, paidTotalCents: 0, paidCount: 0 });
  });

  it('maps the provider failures to the pt-BR message of the call', { timeout: 120_000 }, async () => {
    sandbox.failNext({ path: '/campanhas', method: 'POST', kind: '5xx' });
    const fivexx = await call(t, ana, 'POST', CAMPAIGNS, campaign);
    expect([fivexx.status, fivexx.body.message]).toEqual([502, M.campaignSaveError]);
    sandbox.failNext({ path: '/campanhas', method: 'POST', kind: '422' });
    const invalid = await call(t, ana, 'POST', CAMPAIGNS, campaign);
    expect([invalid.status, invalid.body.message]).toEqual([400, M.campaignSaveError]);
    expect(Object.values(invalid.body.errors).flat().length).toBeGreaterThan(0);
    sandbox.failNext({ path: '/campanhas', method: 'POST', kind: 'timeout' });
    const slow = await call(t, ana, 'POST', CAMPAIGNS, campaign);
    expect([slow.status, slow.body.message]).toEqual([504, M.campaignSaveError]);
    // a GET is retried once: one failure is not seen, two are
    sandbox.failNext({ path: '/campanhas', method: 'GET', kind: '5xx' });
    expect((await call(t, ana, 'GET', CAMPAIGNS)).status).toBe(200);
    sandbox.failNext({ path: '/campanhas', method: 'GET', kind: '5xx', times: 2 });
    const listed = await call(t, ana, 'GET', CAMPAIGNS);
    expect([listed.status, listed.body.message]).toEqual([502, M.campaignsError]);
    // options fall back to the domain's enumerations when the provider fails
    sandbox.failNext({ path: '/partidos', kind: '5xx', times: 2 });
    const options = await call(t, ana, 'GET', '/api/donations/options');
    expect(options.status).toBe(200);
    expect(options.body.data.parties.map((p: { initials: string }) => p.initials)).not.toContain('UP');
    expect(options.body.data.offices).toHaveLength(8);
  });

  it("never shows one tenant's provider data to another, nor opens its token", async () => {
    const [mine] = (await call(t, ana, 'GET', CAMPAIGNS)).body.data.items;
    const { tenant: otherTenant, user: bruno } = await donationTenant(t, 'token-do-bruno');
    expect((await call(t, bruno, 'GET', ONBOARDING)).body.data.state).toBe('NOT_INTEGRATED');
    expect((await call(t, bruno, 'GET', CAMPAIGNS)).body.data.items).toEqual([]);
    await confirmedAccount(t, sandbox, bruno, { ...POLITICIAN_STEP, cpf: '390.533.447-05' });
    expect((await call(t, bruno, 'GET', CAMPAIGNS)).body.data.items).toEqual([]);
    expect((await call(t, bruno, 'GET', `${CAMPAIGNS}/${mine.token}/donations`)).status).toBe(404);
    expect((await call(t, bruno, 'PUT', `${CAMPAIGNS}/${mine.token}`, campaign)).status).toBe(404);
    // the sealed token is bound to its tenant: copied to another tenant's row it does not open
    const sealedOf = (tenantId: string) =>
      withTenant(t.db, tenantId, (ctx) =>
        ctx.trx.selectFrom('donation_accounts').select('provider_token_sealed').executeTakeFirstOrThrow(),
      );
    const anas = (await sealedOf(anaTenant.id)).provider_token_sealed;
    expect(anas).not.toContain('token-da-ana');
    await withTenant(t.db, otherTenant.id, (ctx) =>
      ctx.trx.updateTable('donation_accounts').set({ provider_token_sealed: anas }).execute(),
    );
    const stolen = await call(t, bruno, 'GET', CAMPAIGNS);
    expect([stolen.status, stolen.body.message]).toEqual([403, M.noAccess]);
  });
});
