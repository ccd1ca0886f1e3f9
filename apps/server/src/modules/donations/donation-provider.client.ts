import { DONATION_TEXTS } from '@mandato/domain';
import type { z } from 'zod';
import { AppError } from '../../platform/http/errors.ts';
import {
  type ProviderCampaign,
  type ProviderCampaignBody,
  ProviderCampaignSchema,
  ProviderCampaignsSchema,
  type ProviderCandidate,
  type ProviderCandidateBody,
  ProviderCandidateSchema,
  ProviderFieldErrorsSchema,
  type ProviderInvoice,
  ProviderInvoicesSchema,
  ProviderOfficesSchema,
  ProviderPartiesSchema,
} from './donation-provider.answers.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the fundraising provider's HTTP API (modules/donations/donation-provider.client.ts) */
    donationProvider: DonationProviderClient;
  }
}

/**
 * A provider call that failed, as our API answers it (spec 3 §8): the call's pt-BR message, with
 * the provider's field messages on a 422 (400 here), 403 when the provider refuses the token, 404
 * for a record it does not have, 504 on a time-out, 502 for a 5xx, no answer or a malformed one.
 */
export class DonationProviderError extends AppError {}

export interface DonationProviderOptions {
  baseUrl: string;
  timeoutMs: number;
  /** extra attempts of a GET after a time-out, a 5xx or no answer (default 1) */
  getRetries?: number;
  /** wait before the first retry, doubled at each (default 250 ms) */
  retryDelayMs?: number;
}

/** An answer larger than this is not read (the invoices of one campaign stay far below). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** One call: what it is, the §8 message of its failure and its field names in our API. */
interface Call<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  token: string;
  failure: string;
  answer: S;
  body?: unknown;
  headers?: Record<string, string>;
  /** the provider's field names (dotted when nested) → ours, for its 422 */
  fields?: Readonly<Record<string, string>>;
}

class Retryable extends Error {
  constructor(readonly error: DonationProviderError) {
    super(error.message);
  }
}

const CANDIDATE_FIELDS: Readonly<Record<string, string>> = {
  nome: 'name',
  cpf: 'cpf',
  rg: 'rg',
  orgao_expedidor: 'idDispatchingAgency',
  titulo_eleitoral: 'voterRegistration',
  data_nascimento: 'birthday',
  email_usuario: 'email',
  tipo_candidatura_id: 'politicalOffice',
  partido_id: 'politicalParty',
  descricao_preferencia_campanha: 'donationCampaignDescription',
  imagem_base_64: 'photo',
  'endereco_attributes.logradouro': 'street',
  'endereco_attributes.numero': 'number',
  'endereco_attributes.complemento': 'complement',
  'endereco_attributes.bairro': 'neighborhood',
  'endereco_attributes.cep': 'zipCode',
  'endereco_attributes.fone': 'phone',
  'endereco_attributes.celular': 'mobilePhone',
  'endereco_attributes.email': 'email',
  'endereco_attributes.uf_codigo_ibge': 'state',
  'endereco_attributes.municipio_codigo_ibge': 'city',
};

const CAMPAIGN_FIELDS: Readonly<Record<string, string>> = {
  nome: 'title',
  ativo: 'active',
  valor_minimo: 'minCents',
  valor_maximo: 'maxCents',
  valor_sugerido: 'suggestedCents',
};

const T = DONATION_TEXTS.messages;

/**
 * The fundraising provider's API (spec 3 §7.5) over HTTP: Basic auth with the tenant's token as
 * the user, JSON with the provider's names, a time-out per call, GETs retried with back-off (the
 * only idempotent calls), every answer parsed before use. A member of the app context, built from
 * config in services.ts; `close` cancels the calls under way.
 */
export class DonationProviderClient {
  private readonly inFlight = new Set<AbortController>();

  constructor(private readonly options: DonationProviderOptions) {}

  /** GET candidatos/{cpf}; undefined when the provider has no candidate with it. */
  async candidateByCpf(token: string, cpf: string): Promise<ProviderCandidate | undefined> {
    try {
      return await this.call({
        method: 'GET',
        path: `/candidatos/${encodeURIComponent(cpf)}`,
        token,
        failure: T.politicianError,
        answer: ProviderCandidateSchema,
      });
    } catch (error) {
      if (error instanceof DonationProviderError && error.status === 404) return undefined;
      throw error;
    }
  }

  createCandidate(token: string, body: ProviderCandidateBody): Promise<ProviderCandidate> {
    return this.call({
      method: 'POST',
      path: '/candidatos',
      token,
      body,
      failure: T.candidateSaveError,
      answer: ProviderCandidateSchema,
      fields: CANDIDATE_FIELDS,
    });
  }

  async campaigns(token: string, candidateId: number): Promise<ProviderCampaign[]> {
    const answer = await this.call({
      method: 'GET',
      path: `/campanhas?candidato_id=${candidateId}`,
      token,
      failure: T.campaignsError,
      answer: ProviderCampaignsSchema,
    });
    return answer.campanhas;
  }

  createCampaign(token: string, body: ProviderCampaignBody): Promise<ProviderCampaign> {
    return this.call({
      method: 'POST',
      path: '/campanhas',
      token,
      body,
      failure: T.campaignSaveError,
      answer: ProviderCampaignSchema,
      fields: CAMPAIGN_FIELDS,
    });
  }

  updateCampaign(
    token: string,
    campaignToken: string,
    body: ProviderCampaignBody,
  ): Promise<ProviderCampaign> {
    return this.call({
      method: 'PUT',
      path: `/campanhas/${encodeURIComponent(campaignToken)}`,
      token,
      body,
      failure: T.campaignSaveError,
      answer: ProviderCampaignSchema,
      fields: CAMPAIGN_FIELDS,
    });
  }

  async invoices(token: string, campaignToken: string): Promise<ProviderInvoice[]> {
    const answer = await this.call({
      method: 'GET',
      path: '/faturas',
      token,
      headers: { 'x-campanha-token': campaignToken },
      failure: T.donationsError,
      answer: ProviderInvoicesSchema,
    });
    return answer.faturas;
  }

  async parties(token: string) {
    const answer = await this.call({
      method: 'GET',
      path: '/partidos',
      token,
      failure: T.candidateSaveError,
      answer: ProviderPartiesSchema,
    });
    return answer.partidos;
  }

  async offices(token: string) {
    const answer = await this.call({
      method: 'GET',
      path: '/tipos_candidatura',
      token,
      failure: T.candidateSaveError,
      answer: ProviderOfficesSchema,
    });
    return answer.tipos_candidatura;
  }

  /** Cancels the calls under way (shutdown): each fails as a provider without answer. */
  close(): void {
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
  }

  private async call<S extends z.ZodType>(call: Call<S>): Promise<z.output<S>> {
    const retries = call.method === 'GET' ? (this.options.getRetries ?? 1) : 0;
    let delay = this.options.retryDelayMs ?? 250;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(call);
      } catch (error) {
        if (!(error instanceof Retryable)) throw error;
        if (attempt >= retries) throw error.error;
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay *= 2;
      }
    }
  }

  private async attempt<S extends z.ZodType>(call: Call<S>): Promise<z.output<S>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), this.options.timeoutMs);
    this.inFlight.add(controller);
    const failed = (status: number, errors?: Record<string, string[]>) =>
      new DonationProviderError(status, call.failure, errors ?? call.failure);
    try {
      let response: Response;
      try {
        response = await fetch(providerUrl(this.options.baseUrl, call.path), {
          method: call.method,
          headers: {
            authorization: `Basic ${Buffer.from(`${call.token}:`, 'utf8').toString('base64')}`,
            accept: 'application/json',
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...call.headers,
          },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: controller.signal,
          redirect: 'error',
        });
      } catch {
        throw new Retryable(failed(controller.signal.aborted && timedOut(controller) ? 504 : 502));
      }
      const text = await readLimited(response, controller).catch(() => {
        throw new Retryable(failed(timedOut(controller) ? 504 : 502));
      });
      if (response.status === 401 || response.status === 403)
        throw new DonationProviderError(403, T.noAccess, T.noAccess);
      if (response.status === 404) throw failed(404);
      if (response.status === 422) throw failed(400, fieldErrorsOf(text, call.fields));
      if (response.status >= 500) throw new Retryable(failed(502));
      if (response.status < 200 || response.status >= 300) throw failed(502);
      const parsed = call.answer.safeParse(parseJson(text));
      if (!parsed.success) throw failed(502);
      return parsed.data;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }
}

/**
 * The URL of a provider call: the call's path (with its query) after the base's own path, so a
 * provider whose API lives under a prefix (`DONATION_PROVIDER_URL=https://host/api/v1`, with or
 * without the trailing slash) is called at `https://host/api/v1/candidatos`. `new URL('/candidatos',
 * base)` resolved the path from the host's root and dropped `/api/v1`.
 */
export function providerUrl(baseUrl: string, path: string): URL {
  const url = new URL(baseUrl);
  const [pathname = '', query] = path.split(/\?(.*)/s, 2);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${pathname.replace(/^\/+/, '')}`;
  url.search = query ?? '';
  url.hash = '';
  return url;
}

const timedOut = (controller: AbortController) =>
  controller.signal.aborted && (controller.signal.reason as Error | undefined)?.message === 'timeout';

/** The body as text, refused past MAX_ANSWER_BYTES (the call is cancelled). */
async function readLimited(response: Response, controller: AbortController): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      controller.abort(new Error('too large'));
      throw new Error('answer too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A 422's field messages under our field names (unknown fields under 'base'); at most 20 fields. */
function fieldErrorsOf(
  text: string,
  fields: Readonly<Record<string, string>> | undefined,
): Record<string, string[]> | undefined {
  const parsed = ProviderFieldErrorsSchema.safeParse(parseJson(text));
  if (!parsed.success) return undefined;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(parsed.data.errors).slice(0, 20)) {
    const ours = (fields && Object.hasOwn(fields, field) ? fields[field] : undefined) ?? 'base';
    const list = messages.slice(0, 5).map((m) => m.slice(0, 300));
    errors[ours] = [...(errors[ours] ?? []), ...list];
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
