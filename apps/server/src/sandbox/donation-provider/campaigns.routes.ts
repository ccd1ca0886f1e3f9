import {
  DONATION_LIMITS,
  DONATION_SANDBOX_TEXTS,
  DONATION_TEXTS,
  formatZoned,
  MESSAGES,
} from '@mandato/domain';
import type { FastifyInstance } from 'fastify';
import { campaignAnswer, fieldErrors, notFound, send } from './answers.ts';
import type { SandboxContext } from './context.ts';
import type { AccountOf } from './provider-api.ts';
import { CampaignBody, type CampaignInput, type FieldErrors, parseBody } from './provider-input.ts';
import { type Account, type Campaign, newKey } from './store.ts';

const T = DONATION_SANDBOX_TEXTS.api;
const C = DONATION_TEXTS.campaign;

function ruleErrors(input: CampaignInput): FieldErrors | undefined {
  const errors: FieldErrors = {};
  if (input.valor_minimo < DONATION_LIMITS.minCents) errors.valor_minimo = [C.minAtLeast];
  else if (input.valor_minimo >= input.valor_maximo) errors.valor_minimo = [C.minBelowMax];
  if (input.valor_maximo > DONATION_LIMITS.maxDailyCents) errors.valor_maximo = [C.maxAtMost];
  const suggested = input.valor_sugerido;
  if (suggested != null && (suggested < input.valor_minimo || suggested > input.valor_maximo))
    errors.valor_sugerido = [C.suggestedBetween];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The candidate the campaign belongs to must be this account's, and confirmed. */
function candidateErrors(account: Account, candidateId: number): FieldErrors | undefined {
  const candidate = account.candidates.find((c) => c.id === candidateId);
  if (!candidate) return { candidato_id: [T.candidateNotFound] };
  if (!candidate.confirmado) return { candidato_id: [T.candidateNotConfirmed] };
  return undefined;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/**
 * campanha_url: the tenant slug (the local part of the candidate's email_usuario, which the product
 * makes from the tenant) plus the slugged title, unique in the sandbox; kept when the title changes
 * (links already printed keep working).
 */
function campaignUrl(ctx: SandboxContext, account: Account, input: CampaignInput): string {
  const candidate = account.candidates.find((c) => c.id === input.candidato_id);
  const owner = slug(candidate?.email_usuario.split('@')[0] ?? '') || `candidato-${input.candidato_id}`;
  const base = `${owner}-${slug(input.nome) || 'campanha'}`;
  let url = base;
  for (let n = 2; ctx.store.campaignUrlTaken(url); n += 1) url = `${base}-${n}`;
  return url;
}

const suggestedOf = (input: CampaignInput) =>
  input.valor_sugerido ??
  Math.min(input.valor_maximo, Math.max(input.valor_minimo, DONATION_LIMITS.defaultSuggestedCents));

export function registerCampaignRoutes(api: FastifyInstance, ctx: SandboxContext, accountOf: AccountOf) {
  api.get<{ Querystring: Record<string, unknown> }>('/campanhas', async (request, reply) => {
    const raw = request.query.candidato_id;
    if (raw !== undefined && (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)))
      return fieldErrors(reply, { candidato_id: [MESSAGES.invalidNested] });
    const campaigns = accountOf(request).campaigns.filter(
      (c) => raw === undefined || c.candidato_id === Number(raw),
    );
    return send(reply, 200, { campanhas: campaigns.map((c) => campaignAnswer(c, ctx.baseUrl())) });
  });

  api.post('/campanhas', async (request, reply) => {
    const parsed = parseBody(CampaignBody, request.body);
    if (!parsed.ok) return fieldErrors(reply, parsed.errors);
    const account = accountOf(request);
    const errors = candidateErrors(account, parsed.value.candidato_id) ?? ruleErrors(parsed.value);
    if (errors) return fieldErrors(reply, errors);
    const input = parsed.value;
    const campaign: Campaign = {
      token: newKey(),
      candidato_id: input.candidato_id,
      nome: input.nome,
      ativo: input.ativo,
      minCents: input.valor_minimo,
      sugeridoCents: suggestedOf(input),
      maxCents: input.valor_maximo,
      data: formatZoned(new Date()),
      campanha_url: campaignUrl(ctx, account, input),
    };
    account.campaigns.push(campaign);
    ctx.store.save();
    return send(reply, 201, campaignAnswer(campaign, ctx.baseUrl()));
  });

  api.put<{ Params: { token: string } }>('/campanhas/:token', async (request, reply) => {
    const account = accountOf(request);
    const campaign = account.campaigns.find((c) => c.token === request.params.token);
    if (!campaign) return notFound(reply);
    const parsed = parseBody(CampaignBody, request.body);
    if (!parsed.ok) return fieldErrors(reply, parsed.errors);
    const input = parsed.value;
    const errors = candidateErrors(account, input.candidato_id) ?? ruleErrors(input);
    if (errors) return fieldErrors(reply, errors);
    Object.assign(campaign, {
      candidato_id: input.candidato_id,
      nome: input.nome,
      ativo: input.ativo,
      minCents: input.valor_minimo,
      sugeridoCents: suggestedOf(input),
      maxCents: input.valor_maximo,
    });
    ctx.store.save();
    return send(reply, 200, campaignAnswer(campaign, ctx.baseUrl()));
  });
}
