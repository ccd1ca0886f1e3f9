import type { DonationSandbox } from './server.ts';

/**
 * Calls of the sandbox's provider API for its tests (and the product's client tests): Basic auth of
 * a token, JSON in and out.
 */
export const basicAuth = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

export interface ProviderAnswer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  json: any;
  headers: Headers;
}

export async function callProvider(
  sandbox: DonationSandbox,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ProviderAnswer> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      ...(token !== undefined ? { authorization: basicAuth(token) } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, headers: response.headers };
}

/** A 1×1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A candidate body the provider accepts (CPF and título de eleitor with valid check digits). */
export function candidateBody(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Maria da Silva',
    cpf: '52998224725',
    rg: '123456789',
    orgao_expedidor: 'SSP/SP',
    titulo_eleitoral: '100000000124',
    data_nascimento: '1980-05-17',
    tipo_candidatura_id: 6,
    partido_id: 13,
    descricao_preferencia_campanha: 'Saúde e educação',
    email_usuario: 'gabinete@doacoes.mandato.local',
    imagem_base_64: PNG_BASE64,
    endereco_attributes: {
      tipo_endereco_id: 1,
      logradouro: 'Rua das Flores',
      numero: '100',
      uf_codigo_ibge: 35,
      municipio_codigo_ibge: 3550308,
      bairro: 'Centro',
      cep: '01001000',
      fone: '1133334444',
      celular: '11987654321',
      email: 'maria@example.com',
    },
    ...overrides,
  };
}

export const campaignBody = (candidateId: number, overrides: Record<string, unknown> = {}) => ({
  candidato_id: candidateId,
  nome: 'Campanha 2026',
  ativo: true,
  valor_minimo: 5,
  valor_sugerido: 50,
  valor_maximo: 1064,
  ...overrides,
});

/** The n-th of a series of valid CPFs (its two check digits computed), for tests needing many. */
export function validCpf(n: number): string {
  const base = String(100_000_000 + n).slice(-9);
  const digit = (digits: string) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (digits.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  return `${base}${first}${digit(`${base}${first}`)}`;
}
