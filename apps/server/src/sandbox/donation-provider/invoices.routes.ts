import { DONATION_SANDBOX_TEXTS } from '@mandato/domain';
import type { FastifyInstance } from 'fastify';
import { fieldErrors, invoiceAnswer, notFound, send } from './answers.ts';
import type { AccountOf } from './provider-api.ts';

/** GET /faturas: the invoices of the campaign named by the X-Campanha-Token header (this account's). */
export function registerInvoiceRoutes(api: FastifyInstance, accountOf: AccountOf) {
  api.get('/faturas', async (request, reply) => {
    const token = request.headers['x-campanha-token'];
    if (typeof token !== 'string' || token.trim() === '')
      return fieldErrors(reply, { token: [DONATION_SANDBOX_TEXTS.api.campaignToken] });
    const account = accountOf(request);
    if (!account.campaigns.some((c) => c.token === token.trim())) return notFound(reply);
    const invoices = account.invoices.filter((i) => i.campanhaToken === token.trim());
    return send(reply, 200, { faturas: invoices.map(invoiceAnswer) });
  });
}
