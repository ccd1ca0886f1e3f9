import { DONATION_SANDBOX_TEXTS, formatZoned, zonedDate } from '@mandato/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { payInvoice, type SandboxContext } from './context.ts';
import { checkDonation, readDonorForm } from './donor-form.ts';
import { donorPage, invoicePage } from './donor-page.html.ts';
import { messagePage, sendPage } from './pages.ts';
import { type Invoice, newKey } from './store.ts';

const T = DONATION_SANDBOX_TEXTS.donor;

type CampaignParams = { Params: { url: string } };
type InvoiceParams = { Params: { url: string; key: string } };

/** A form posted from another site (its Origin is not this server) is refused. */
export const crossSite = (request: FastifyRequest) => {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== 'null' && origin !== `http://${request.headers.host}`;
};

/**
 * The public donation page of a campaign (its `url`): the donor's form, the invoice it creates
 * (Pendente) and its simulated payment (Paga). Limited per IP.
 */
export function registerDonorPage(app: FastifyInstance, ctx: SandboxContext) {
  app.register(async (pages) => {
    pages.addHook('onRequest', async (request, reply) => {
      const taken = ctx.donorLimit.take(request.ip);
      if (!taken.allowed) {
        reply.header('Retry-After', String(taken.retryAfterSeconds));
        return messagePage(reply, 429, T.tooManyTitle, T.tooMany);
      }
      if (request.method === 'POST' && crossSite(request))
        return messagePage(reply, 403, T.errorTitle, T.forbidden);
    });

    const campaignOf = (url: string) => ctx.store.campaignByUrl(url);

    pages.get<CampaignParams>('/doar/:url', async (request, reply) => {
      const found = campaignOf(request.params.url);
      if (!found) return messagePage(reply, 404, T.notFound, T.notFoundDetail);
      return sendPage(reply, 200, donorPage(found.campaign));
    });

    pages.post<CampaignParams>('/doar/:url', async (request, reply) => {
      const found = campaignOf(request.params.url);
      if (!found) return messagePage(reply, 404, T.notFound, T.notFoundDetail);
      const { campaign, account } = found;
      if (!campaign.ativo) return sendPage(reply, 400, donorPage(campaign));
      const form = readDonorForm(request.body);
      const today = zonedDate(new Date());
      const checked = checkDonation(form, campaign, (cpf) => ctx.store.donorDayCents(cpf, today));
      if (!checked.ok) return sendPage(reply, 400, donorPage(campaign, form, checked.errors));
      const { cents, ...doador } = checked.donation;
      const invoice: Invoice = {
        id: ctx.store.takeInvoiceId(),
        chave: newKey(),
        campanhaToken: campaign.token,
        data: formatZoned(new Date()),
        doador,
        valorCents: cents,
        status: 'Pendente',
      };
      account.invoices.push(invoice);
      ctx.store.save();
      if (ctx.payDelayMs !== undefined) ctx.later(() => payInvoice(ctx, invoice.id), ctx.payDelayMs);
      return reply.redirect(`/doar/${campaign.campanha_url}/fatura/${invoice.chave}`, 303);
    });

    const invoiceOf = (url: string, key: string) => {
      const found = campaignOf(url);
      const invoice = found?.account.invoices.find(
        (i) => i.chave === key && i.campanhaToken === found.campaign.token,
      );
      return found && invoice ? { campaign: found.campaign, invoice } : undefined;
    };

    pages.get<InvoiceParams>('/doar/:url/fatura/:key', async (request, reply) => {
      const found = invoiceOf(request.params.url, request.params.key);
      if (!found) return messagePage(reply, 404, T.invoiceNotFound, T.notFoundDetail);
      return sendPage(reply, 200, invoicePage(found.campaign, found.invoice));
    });

    pages.post<InvoiceParams>('/doar/:url/fatura/:key/pagar', async (request, reply) => {
      const found = invoiceOf(request.params.url, request.params.key);
      if (!found) return messagePage(reply, 404, T.invoiceNotFound, T.notFoundDetail);
      payInvoice(ctx, found.invoice.id);
      return reply.redirect(`/doar/${found.campaign.campanha_url}/fatura/${found.invoice.chave}`, 303);
    });
  });
}
