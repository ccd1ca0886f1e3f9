import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProvider, campaignBody, candidateBody, validCpf } from './provider-test-kit.ts';
import { type DonationSandbox, startDonationSandbox } from './server.ts';

const TOKEN = 'token-pagina';
let sandbox: DonationSandbox;
beforeAll(async () => {
  sandbox = await startDonationSandbox();
});
afterAll(() => sandbox.close());

let nextCpf = 0;

async function campaign(s: DonationSandbox, overrides: Record<string, unknown> = {}, token = TOKEN) {
  const created = await callProvider(
    s,
    token,
    'POST',
    '/candidatos',
    candidateBody({ cpf: validCpf(++nextCpf) }),
  );
  s.confirmCandidate(created.json.id);
  const answer = await callProvider(s, token, 'POST', '/campanhas', campaignBody(created.json.id, overrides));
  expect(answer.status).toBe(201);
  return answer.json as { token: string; campanha_url: string; url: string };
}

const DONOR = {
  nome: 'João Doador',
  cpf: '935.411.347-80',
  email: 'joao@example.com',
  celular: '(11) 98765-4321',
};

async function donate(
  s: DonationSandbox,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${s.url}/doar/${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

const invoicesOf = async (s: DonationSandbox, campaignToken: string, token = TOKEN) =>
  (await callProvider(s, token, 'GET', '/faturas', undefined, { 'x-campanha-token': campaignToken })).json
    .faturas;

describe('donor page', () => {
  it('shows the campaign, escaped, with the Ambiente de testes banner, a strict CSP and no script', async () => {
    const c = await campaign(sandbox, {
      nome: '<script>alert(1)</script> & Cia',
      valor_minimo: 10,
      valor_maximo: 500,
    });
    const response = await fetch(c.url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Ambiente de testes');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Cia');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Valores entre R$ 10,00 e R$ 500,00');
    expect(html).toContain('value="50,00"');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const css = await fetch(`${sandbox.url}/_sandbox/estilo.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('refuses an invalid CPF, e-mail, phone, a value below the minimum and above the maximum with the form again (400)', async () => {
    const c = await campaign(sandbox, { valor_minimo: 10, valor_maximo: 500, valor_sugerido: 20 });
    const bad = await donate(sandbox, c.campanha_url, {
      nome: '"><b>x</b>',
      cpf: '123.456.789-00',
      email: 'joao@',
      celular: '123',
      valor: '9,99',
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('CPF inválido');
    expect(bad.html).toContain('E-mail inválido');
    expect(bad.html).toContain('Celular inválido');
    expect(bad.html).toContain('O valor mínimo desta campanha é R$ 10,00');
    expect(bad.html).toContain('value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;"');
    const above = await donate(sandbox, c.campanha_url, { ...DONOR, valor: '500,01' });
    expect(above.status).toBe(400);
    expect(above.html).toContain('O valor máximo desta campanha é R$ 500,00');
    const empty = await donate(sandbox, c.campanha_url, {});
    expect(empty.status).toBe(400);
    expect(empty.html.match(/Campo Obrigatório/g)).toHaveLength(5);
    const hostile = await donate(sandbox, c.campanha_url, { ...DONOR, nome: 'João\u0007', valor: 'dez' });
    expect(hostile.html).toContain('Texto inválido');
    expect(hostile.html).toContain('Valor inválido');
    expect(await invoicesOf(sandbox, c.token)).toEqual([]);
  });

  it('creates a Pendente invoice shown with Simular pagamento, which makes it Paga (also in /faturas)', async () => {
    const c = await campaign(sandbox, { valor_minimo: 10, valor_maximo: 500 });
    const done = await donate(sandbox, c.campanha_url, { ...DONOR, valor: 'R$ 25,50' });
    expect(done.status).toBe(303);
    expect(done.location).toMatch(new RegExp(`^/doar/${c.campanha_url}/fatura/[0-9a-f]{32}$`));
    const pending = await (await fetch(`${sandbox.url}${done.location}`)).text();
    expect(pending).toContain('Pendente');
    expect(pending).toContain('Simular pagamento');
    expect(pending).toContain('R$ 25,50');
    const [invoice] = await invoicesOf(sandbox, c.token);
    expect(invoice).toMatchObject({
      valor: 25.5,
      status: 'Pendente',
      doador: { nome: 'João Doador', cpf: '93541134780', email: 'joao@example.com', celular: '11987654321' },
    });
    const paid = await fetch(`${sandbox.url}${done.location}/pagar`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const after = await (await fetch(`${sandbox.url}${done.location}`)).text();
    expect(after).toContain('Paga');
    expect(after).not.toContain('Simular pagamento');
    expect((await invoicesOf(sandbox, c.token))[0].status).toBe('Paga');
    expect(
      (await fetch(`${sandbox.url}/doar/${c.campanha_url}/fatura/00000000000000000000000000000000`)).status,
    ).toBe(404);
  });

  it('the daily limit per donor CPF sums that day’s invoices across campaigns and accounts', async () => {
    const first = await campaign(sandbox);
    const second = await campaign(sandbox, {}, 'token-outra-conta');
    const donor = { ...DONOR, cpf: '453.178.287-91' };
    expect((await donate(sandbox, first.campanha_url, { ...donor, valor: '1.000,00' })).status).toBe(303);
    const refused = await donate(sandbox, second.campanha_url, { ...donor, valor: '100' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('hoje ainda é possível doar R$ 64,00');
    expect((await donate(sandbox, second.campanha_url, { ...donor, valor: '64,00' })).status).toBe(303);
    expect((await donate(sandbox, first.campanha_url, { ...donor, valor: '5' })).html).toContain(
      'hoje ainda é possível doar R$ 0,00',
    );
    expect(
      (await donate(sandbox, first.campanha_url, { ...DONOR, cpf: '111.444.777-35', valor: '5' })).status,
    ).toBe(303);
  });

  it('an inactive campaign shows no form and takes no donation; an unknown one is a 404 page', async () => {
    const c = await campaign(sandbox, { ativo: false });
    const html = await (await fetch(c.url)).text();
    expect(html).toContain('Esta campanha não está recebendo doações no momento.');
    expect(html).not.toContain('<form');
    expect((await donate(sandbox, c.campanha_url, { ...DONOR, valor: '10' })).status).toBe(400);
    const unknown = await fetch(`${sandbox.url}/doar/nao-existe`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Ambiente de testes');
  });

  it('hostile posts: a huge body, a cross-site form, JSON instead of a form — pages, never a 500', async () => {
    const c = await campaign(sandbox);
    const huge = await donate(sandbox, c.campanha_url, { ...DONOR, nome: 'x'.repeat(20_000), valor: '10' });
    expect(huge.status).toBe(413);
    expect(huge.html).toContain('Ambiente de testes');
    const crossSite = await donate(
      sandbox,
      c.campanha_url,
      { ...DONOR, valor: '10' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const json = await fetch(`${sandbox.url}/doar/${c.campanha_url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...DONOR, valor: '10', __proto__: { x: 1 } }),
    });
    expect(json.status).toBe(400);
    const plain = await fetch(`${sandbox.url}/doar/${c.campanha_url}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(plain.status).toBe(415);
    expect(await plain.text()).toContain('Ambiente de testes');
    expect(await invoicesOf(sandbox, c.token)).toEqual([]);
  });
});

describe('operator page', () => {
  it('lists candidates with Confirmar and invoices with Marcar paga; its forms confirm and pay', async () => {
    const created = await callProvider(
      sandbox,
      'token-operador',
      'POST',
      '/candidatos',
      candidateBody({ nome: 'Ana <Operadora>' }),
    );
    const page = await fetch(`${sandbox.url}/_sandbox`);
    const html = await page.text();
    expect(html).toContain('Ambiente de testes');
    expect(html).toContain('Ana &lt;Operadora&gt;');
    expect(html).toContain(`action="/_sandbox/candidatos/${created.json.id}/confirmar"`);
    expect(html).not.toContain('token-operador');
    const confirm = await fetch(`${sandbox.url}/_sandbox/candidatos/${created.json.id}/confirmar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sandbox.url },
      body: '',
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('/_sandbox');
    expect(
      (await callProvider(sandbox, 'token-operador', 'GET', '/candidatos/52998224725')).json.confirmado,
    ).toBe(true);

    const c = await campaign(sandbox);
    await donate(sandbox, c.campanha_url, { ...DONOR, cpf: '714.287.938-60', valor: '10' });
    const [invoice] = await invoicesOf(sandbox, c.token);
    expect(await (await fetch(`${sandbox.url}/_sandbox`)).text()).toContain(
      `action="/_sandbox/faturas/${invoice.id}/pagar"`,
    );
    const refused = await fetch(`${sandbox.url}/_sandbox/faturas/${invoice.id}/pagar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: '',
      redirect: 'manual',
    });
    expect(refused.status).toBe(403);
    expect(sandbox.payInvoice(invoice.id)).toBe(true);
    expect((await invoicesOf(sandbox, c.token))[0].status).toBe('Paga');
    expect(sandbox.payInvoice(999_999)).toBe(false);
  });
});

describe('limits and delays', () => {
  it('the public page is rate-limited per IP (429 page with Retry-After)', async () => {
    const limited = await startDonationSandbox({ donorRateLimit: { capacity: 2, perMinute: 1 } });
    try {
      for (const _ of [1, 2]) expect((await fetch(`${limited.url}/doar/x`)).status).toBe(404);
      const refused = await fetch(`${limited.url}/doar/x`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await refused.text()).toContain('Muitas tentativas. Aguarde um minuto e tente novamente.');
      expect((await callProvider(limited, TOKEN, 'GET', '/partidos')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('payDelayMs pays an invoice by itself', async () => {
    const paying = await startDonationSandbox({ payDelayMs: 50 });
    try {
      const c = await campaign(paying);
      expect((await donate(paying, c.campanha_url, { ...DONOR, valor: '10' })).status).toBe(303);
      // the sandbox pays 50 ms after the donation by its own timer: wait for the state, not for the
      // timer (the poll's default second is the machine's speed, not the sandbox's)
      await expect
        .poll(async () => (await invoicesOf(paying, c.token))[0].status, { timeout: 20_000 })
        .toBe('Paga');
    } finally {
      await paying.close();
    }
  });
});
