import type { Role } from '@mandato/domain';
import { setProviderToken } from '../modules/donations/donations.service.ts';
import { type DonationSandbox, startDonationSandbox } from '../sandbox/donation-provider/server.ts';
import { type Caller, call, signedIn } from './crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from './test-app.ts';

/** A PNG's first bytes (the photo step sniffs them) and a few more. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-foto-de-teste'),
]);

/** Step 1 of the wizard as the web sends it (masks, BR date). */
export const POLITICIAN_STEP = {
  name: 'Maria da Silva',
  cpf: '529.982.247-25',
  rg: '123456789',
  idDispatchingAgency: 'SSP/SP',
  voterRegistration: '1000 0000 0124',
  birthday: '17/05/1980',
  email: 'maria@exemplo.com.br',
};

/** Step 2 of the wizard (São Paulo: IBGE 35 / 3550308 in the offline table). */
export const CANDIDACY_STEP = {
  politicalOffice: 'DEPUTADO_FEDERAL',
  politicalParty: 'PT',
  donationCampaignDescription: 'Saúde e educação',
  phone: '(11) 3333-4444',
  mobilePhone: '(11) 98765-4321',
  zipCode: '01001-000',
  street: 'Praça da Sé',
  number: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};

/**
 * A test app whose provider is a sandbox of its own, started beside it. The sandbox shares this
 * process's event loop with the database: on a loaded machine an answer can take over a second,
 * so the client's time-out is generous (a test that waits for it pays it once).
 */
export async function donationsApp(
  timeoutMs = 10_000,
  geoUrl?: string,
): Promise<{ t: TestApp; sandbox: DonationSandbox }> {
  const sandbox = await startDonationSandbox();
  const t = await createTestApp({
    donation: { providerUrl: sandbox.url, timeoutMs, key: undefined, geoUrl },
  });
  return { t, sandbox };
}

/** A PREMIUM tenant with its provider token and a user of ROLE_DONATION (and ROLE_CONFIG). */
export async function donationTenant(
  t: TestApp,
  token: string | undefined,
  roles: Role[] = ['ROLE_DONATION', 'ROLE_CONFIG'],
): Promise<{ tenant: BuiltTenant; user: Caller }> {
  const tenant = await buildTenant(t);
  if (token) await setProviderToken(t.app, tenant.slug, token);
  return { tenant, user: await signedIn(t, tenant, roles, 'Doações') };
}

/** A multipart body with one `file` part. */
export function photoBody(bytes: Buffer, name = 'foto.png') {
  const boundary = `----mandato${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function putPhoto(t: TestApp, who: Caller, bytes: Buffer) {
  const body = photoBody(bytes);
  const res = await t.api.inject({
    method: 'PUT',
    url: '/api/donations/onboarding/photo',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** Steps 1–3 and confirm: the tenant's candidate at the provider, awaiting approval; its id. */
export async function onboard(t: TestApp, who: Caller, step = POLITICIAN_STEP): Promise<number> {
  const steps = [
    await call(t, who, 'PUT', '/api/donations/onboarding/politician', step),
    await call(t, who, 'PUT', '/api/donations/onboarding/candidacy', CANDIDACY_STEP),
    await putPhoto(t, who, PNG),
    await call(t, who, 'POST', '/api/donations/onboarding/confirm'),
  ];
  for (const s of steps)
    if (s.status !== 200) throw new Error(`onboarding: ${s.status} ${JSON.stringify(s.body)}`);
  return steps[3]?.body.data.candidateId as number;
}

/** Onboarded and confirmed in the sandbox: ready for campaigns. */
export async function confirmedAccount(
  t: TestApp,
  sandbox: DonationSandbox,
  who: Caller,
  step = POLITICIAN_STEP,
) {
  const id = await onboard(t, who, step);
  sandbox.confirmCandidate(id);
  const state = await call(t, who, 'GET', '/api/donations/onboarding');
  if (state.body.data.state !== 'CONFIRMED') throw new Error(`not confirmed: ${JSON.stringify(state.body)}`);
  return id;
}
