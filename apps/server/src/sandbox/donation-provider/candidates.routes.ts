import { DONATION_SANDBOX_TEXTS, formatZoned, onlyDigits } from '@mandato/domain';
import type { FastifyInstance } from 'fastify';
import { candidateAnswer, fieldErrors, notFound, send } from './answers.ts';
import { confirmCandidate, type SandboxContext } from './context.ts';
import type { AccountOf } from './provider-api.ts';
import { CandidateBody, parseBody } from './provider-input.ts';

export function registerCandidateRoutes(api: FastifyInstance, ctx: SandboxContext, accountOf: AccountOf) {
  api.post('/candidatos', async (request, reply) => {
    const parsed = parseBody(CandidateBody, request.body);
    if (!parsed.ok) return fieldErrors(reply, parsed.errors);
    const account = accountOf(request);
    const input = parsed.value;
    if (account.candidates.some((c) => c.cpf === input.cpf))
      return fieldErrors(reply, { cpf: [DONATION_SANDBOX_TEXTS.api.cpfTaken] });
    const { imagem_base_64: foto, ...fields } = input;
    const candidate = {
      ...fields,
      id: ctx.store.takeCandidateId(),
      confirmado: false,
      foto,
      criadoEm: formatZoned(new Date()),
    };
    account.candidates.push(candidate);
    ctx.store.save();
    if (ctx.confirmDelayMs !== undefined)
      ctx.later(() => confirmCandidate(ctx, candidate.id), ctx.confirmDelayMs);
    return send(reply, 201, candidateAnswer(candidate));
  });

  api.get<{ Params: { cpf: string } }>('/candidatos/:cpf', async (request, reply) => {
    const cpf = onlyDigits(request.params.cpf);
    const candidate = accountOf(request).candidates.find((c) => c.cpf === cpf);
    if (!candidate || cpf === '') return notFound(reply);
    return send(reply, 200, candidateAnswer(candidate));
  });
}
