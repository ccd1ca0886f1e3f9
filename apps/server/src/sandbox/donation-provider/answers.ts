import { DONATION_SANDBOX_TEXTS } from '@mandato/domain';
import type { FastifyReply } from 'fastify';
import { providerJson, reais } from './money.ts';
import type { FieldErrors } from './provider-input.ts';
import type { Campaign, Candidate, Invoice } from './store.ts';

/** An answer of the provider API: its JSON, money as numbers with two decimals. */
export function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type('application/json; charset=utf-8').send(providerJson(body));
}

export const fieldErrors = (reply: FastifyReply, errors: FieldErrors) => send(reply, 422, { errors });

export const failure = (reply: FastifyReply, status: number, message: string) =>
  send(reply, status, { errors: { base: [message] } });

export const notFound = (reply: FastifyReply) => failure(reply, 404, DONATION_SANDBOX_TEXTS.api.notFound);

export const candidateAnswer = (c: Candidate) => ({
  id: c.id,
  confirmado: c.confirmado,
  nome: c.nome,
  cpf: c.cpf,
  tipo_candidatura_id: c.tipo_candidatura_id,
  partido_id: c.partido_id,
  email_usuario: c.email_usuario,
});

export const campaignAnswer = (c: Campaign, baseUrl: string) => ({
  candidato_id: c.candidato_id,
  nome: c.nome,
  ativo: c.ativo,
  valor_minimo: reais(c.minCents),
  valor_sugerido: reais(c.sugeridoCents),
  valor_maximo: reais(c.maxCents),
  data: c.data,
  campanha_url: c.campanha_url,
  token: c.token,
  url: `${baseUrl}/doar/${c.campanha_url}`,
});

export const invoiceAnswer = (i: Invoice) => ({
  id: i.id,
  data: i.data,
  doador: i.doador,
  valor: reais(i.valorCents),
  status: i.status,
});
