import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { DEMO } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import type { Database } from '../../platform/db/engine.ts';
import { setProviderToken } from '../donations/donations.service.ts';

/**
 * The demo's donations (issue 30): the demo tenant's account at the embedded provider sandbox, its
 * politician (demo-politician.ts) taken through the wizard and confirmed, one campaign and a few
 * donations, paid and pending. It runs once the server and the sandbox listen, over HTTP, through
 * the same calls a person makes (our API, the sandbox's operator call, the public donation page):
 * the demo's account is then written by the donations module itself, and the sandbox's state file
 * only by the sandbox.
 */
export const DEMO_DONATIONS = {
  /** the demo tenant's account at the sandbox (the token is the account) */
  providerToken: 'demo-doacoes-ambiente-de-testes',
  campaignTitle: 'Helena Duarte Deputada Estadual',
  politician: {
    name: 'Helena Duarte Ramos',
    cpf: '390.533.447-05',
    rg: '7.654.321',
    idDispatchingAgency: 'SDS/PE',
    voterRegistration: '0043 5687 0906',
    birthday: '12/04/1978',
    email: 'helena.duarte@demo.mandato.app',
  },
  candidacy: {
    politicalOffice: 'DEPUTADO_ESTADUAL',
    politicalParty: 'PSB',
    candidateNumber: 40123,
    donationCampaignDescription: 'Saúde, educação e emprego para Pernambuco',
    phone: '(81) 3333-4444',
    mobilePhone: '(81) 98765-4321',
    zipCode: '50030-310',
    street: 'Rua do Bom Jesus',
    number: '125',
    neighborhood: 'Recife',
    city: 'Recife',
    state: 'PE',
  },
  /** valor as the donor types it; paid or left pending */
  donations: [
    {
      nome: 'Carlos Menezes',
      email: 'carlos.menezes@exemplo.com.br',
      cpf: '111.444.777-35',
      celular: '(81) 99876-1234',
      valor: '50,00',
      paid: true,
    },
    {
      nome: 'Beatriz Farias',
      email: 'beatriz.farias@exemplo.com.br',
      cpf: '529.982.247-25',
      celular: '(81) 99123-4567',
      valor: '120,00',
      paid: true,
    },
    {
      nome: 'João Pedro Lins',
      email: 'joao.lins@exemplo.com.br',
      cpf: '935.411.347-80',
      celular: '(81) 98765-0001',
      valor: '25,00',
      paid: false,
    },
    {
      nome: 'Marta Cavalcanti',
      email: 'marta.cavalcanti@exemplo.com.br',
      cpf: '853.513.468-93',
      celular: '(81) 99555-4321',
      valor: '200,00',
      paid: true,
    },
  ],
} as const;

/** Cents the demo campaign has raised: the paid donations only. */
export const DEMO_DONATIONS_PAID_CENTS = DEMO_DONATIONS.donations
  .filter((d) => d.paid)
  .reduce((sum, d) => sum + Number(d.valor.replace(',', '')), 0);

async function check(response: Response, what: string): Promise<Response> {
  if (response.status >= 400) {
    const text = await response.text();
    // the donation page's own messages (its HTML), else the start of the answer
    const said = [...text.matchAll(/class="(?:error|alert)"[^>]*>([^<]+)</g)].map((m) => m[1]).join('; ');
    throw new Error(
      `doações de demonstração: ${what} respondeu ${response.status}: ${said || text.slice(0, 300)}`,
    );
  }
  return response;
}

/** Our API as the demo's administrator: the session of POST /api/auth/login. */
async function demoSession(apiUrl: string) {
  const login = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-schema': DEMO.slug },
    body: JSON.stringify({
      email: DEMO.adminEmail,
      password: createHash('sha256').update(DEMO.password).digest('hex'),
    }),
  });
  const { token } = ((await (await check(login, 'login')).json()) as { data: { token: string } }).data;
  const headers = { 'x-schema': DEMO.slug, authorization: `Bearer ${token}` };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${apiUrl}/api${path}`, {
      method,
      headers: body === undefined || isForm ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    return ((await (await check(response, `${method} ${path}`)).json()) as { data: T }).data;
  };
}

/** Gives a donation on the campaign's public page (the sandbox's), paying it when `paid`. */
async function donate(campaignUrl: string, donation: (typeof DEMO_DONATIONS.donations)[number]) {
  const form = new URLSearchParams({
    nome: donation.nome,
    cpf: donation.cpf,
    email: donation.email,
    celular: donation.celular,
    valor: donation.valor,
  });
  const given = await check(
    await fetch(campaignUrl, { method: 'POST', body: form, redirect: 'manual' }),
    'doação',
  );
  const invoice = given.headers.get('location');
  if (given.status !== 303 || !invoice) throw new Error('doações de demonstração: a doação não criou fatura');
  if (donation.paid)
    await check(
      await fetch(new URL(`${invoice}/pagar`, campaignUrl), { method: 'POST', redirect: 'manual' }),
      'pagamento',
    );
}

/**
 * Seeds the demo's donations once the server at `apiUrl` and the sandbox at the config's
 * providerUrl listen. For a freshly seeded demo tenant (seedDemo) only: the wizard refuses a second run.
 */
export async function seedDemoDonations(
  app: Pick<AppContext, 'db' | 'config'> & { db: Database },
  apiUrl: string,
) {
  await setProviderToken(app, DEMO.slug, DEMO_DONATIONS.providerToken);
  const api = await demoSession(apiUrl);
  await api('PUT', '/donations/onboarding/politician', DEMO_DONATIONS.politician);
  await api('PUT', '/donations/onboarding/candidacy', DEMO_DONATIONS.candidacy);
  const photo = new FormData();
  photo.append('file', new Blob([new Uint8Array(demoPortrait())], { type: 'image/png' }), 'helena.png');
  await api('PUT', '/donations/onboarding/photo', photo);
  const sent = await api<{ candidateId: number | null }>('POST', '/donations/onboarding/confirm');
  if (sent.candidateId === null) throw new Error('doações de demonstração: candidato não criado');
  await check(
    await fetch(`${app.config.donation.providerUrl}/_sandbox/candidatos/${sent.candidateId}/confirmar`, {
      method: 'POST',
    }),
    'confirmação do candidato',
  );
  const onboarding = await api<{ state: string }>('GET', '/donations/onboarding');
  if (onboarding.state !== 'CONFIRMED') throw new Error('doações de demonstração: candidato não confirmado');
  const campaign = await api<{ url: string }>('POST', '/donations/campaigns', {
    title: DEMO_DONATIONS.campaignTitle,
    active: true,
    minCents: 1_000,
    maxCents: 106_400,
    suggestedCents: 5_000,
  });
  for (const donation of DEMO_DONATIONS.donations) await donate(campaign.url, donation);
}

/** A 200×200 PNG portrait placeholder (a figure on the brand's colour), made here: no binary in the repository. */
export function demoPortrait(size = 200): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const head = (x - size / 2) ** 2 + (y - size * 0.4) ** 2 < (size * 0.18) ** 2;
      const body = (x - size / 2) ** 2 + (y - size * 1.05) ** 2 < (size * 0.42) ** 2;
      const [r, g, b] = head || body ? [236, 240, 245] : [22, 119, 255];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
