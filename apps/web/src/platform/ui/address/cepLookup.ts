import { DEFAULT_CEP_URL, onlyDigits } from '@mandato/domain';

export interface CepAddress {
  street?: string;
  neighborhood?: string;
  city?: string;
  state?: string;
}

interface ViaCepAnswer {
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
}

export function cepUrl(
  cep: string,
  template: string = import.meta.env.VITE_CEP_URL || DEFAULT_CEP_URL,
): string {
  const digits = onlyDigits(cep);
  return template.includes('{cep}')
    ? template.replace('{cep}', digits)
    : `${template.replace(/\/$/, '')}/${digits}/json/`;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Looks a CEP up; throws on a network error, an HTTP failure or an unknown CEP. */
export async function lookupCep(
  cep: string,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  signal?: AbortSignal,
): Promise<CepAddress> {
  const response = await fetchImpl(cepUrl(cep), { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`CEP ${cep}: HTTP ${response.status}`);
  const body = (await response.json()) as ViaCepAnswer;
  if (!body || body.erro === true || body.erro === 'true') throw new Error(`CEP ${cep} não encontrado`);
  return {
    street: text(body.logradouro),
    neighborhood: text(body.bairro),
    city: text(body.localidade),
    state: text(body.uf),
  };
}
