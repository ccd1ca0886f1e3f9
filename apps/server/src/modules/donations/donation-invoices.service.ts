import {
  DONATION_TEXTS,
  type DonationInvoice,
  type DonationList,
  type DonationListQuery,
  formatBrlCents,
  formatZoned,
  maskDonorCpf,
  maskDonorPhone,
} from '@mandato/domain';
import { toCsv } from '../../platform/export/csv.ts';
import { recordExport } from '../../platform/export/export-log.repository.ts';
import { AppError, conflict } from '../../platform/http/errors.ts';
import { type DonationSteps, MAX_INVOICES, readAccount } from './donation-account.ts';
import type { ProviderInvoice } from './donation-provider.answers.ts';
import { DonationProviderError } from './donation-provider.client.ts';

const T = DONATION_TEXTS.messages;

function presentInvoice(i: ProviderInvoice): DonationInvoice {
  return {
    date: i.data,
    donorName: i.doador.nome,
    cpfMasked: maskDonorCpf(i.doador.cpf),
    email: i.doador.email,
    phoneMasked: maskDonorPhone(i.doador.celular),
    valueCents: i.valor,
    status: i.status === 'Paga' ? 'PAID' : 'PENDING',
  };
}

/**
 * The campaign's invoices from the provider, at most MAX_INVOICES: past it a 409 that says so (the
 * provider answered well; it is our limit), nothing listed nor exported.
 */
async function campaignInvoices(steps: DonationSteps, campaignToken: string): Promise<DonationInvoice[]> {
  const { token } = await readAccount(steps);
  const invoices = await steps.app.donationProvider.invoices(token, campaignToken).catch((error) => {
    if (error instanceof DonationProviderError && error.status === 404)
      throw new AppError(404, T.campaignNotFound, T.campaignNotFound);
    throw error;
  });
  if (invoices.length > MAX_INVOICES) throw conflict(T.tooManyDonations);
  return invoices.map(presentInvoice);
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

const COMPARE: Record<DonationListQuery['orderBy'], (a: DonationInvoice, b: DonationInvoice) => number> = {
  date: (a, b) => a.date.localeCompare(b.date),
  donorName: (a, b) => collator.compare(a.donorName, b.donorName),
  valueCents: (a, b) => a.valueCents - b.valueCents,
  status: (a, b) => a.status.localeCompare(b.status),
};

function sorted(items: DonationInvoice[], orderBy: DonationListQuery['orderBy'], ascending: boolean) {
  const by = COMPARE[orderBy];
  const direction = ascending ? 1 : -1;
  // ties: newest first, whatever the column
  return [...items].sort((a, b) => direction * by(a, b) || b.date.localeCompare(a.date));
}

/**
 * GET /donations/campaigns/{token}/donations: a page of the campaign's donations, sorted here;
 * the totals count paid donations only, in integer cents, over the whole campaign.
 */
export async function listDonations(
  steps: DonationSteps,
  campaignToken: string,
  query: DonationListQuery,
): Promise<DonationList> {
  const items = await campaignInvoices(steps, campaignToken);
  const paid = items.filter((i) => i.status === 'PAID');
  const start = (query.page - 1) * query.itemsPerPage;
  return {
    items: sorted(items, query.orderBy, query.ascending).slice(start, start + query.itemsPerPage),
    total: items.length,
    paidTotalCents: paid.reduce((sum, i) => sum + i.valueCents, 0),
    paidCount: paid.length,
  };
}

const at = (iso: string) => formatZoned(new Date(iso)).slice(0, 16).replace('T', ' ');

/**
 * GET /donations/campaigns/{token}/donations/export: every donation of the campaign, newest first,
 * as CSV (formula-neutralised, CPF and phone masked as on screen), recorded in the export log.
 */
export async function exportDonations(steps: DonationSteps, campaignToken: string): Promise<string> {
  const items = sorted(await campaignInvoices(steps, campaignToken), 'date', false);
  const c = DONATION_TEXTS.columns;
  const csv = toCsv(
    [c.date, c.donorName, c.cpf, c.email, c.phone, c.value, c.status],
    items.map((i) => [
      at(i.date),
      i.donorName,
      i.cpfMasked,
      i.email,
      i.phoneMasked,
      formatBrlCents(i.valueCents),
      DONATION_TEXTS.invoiceStatus[i.status],
    ]),
  );
  await steps.tx((ctx, auth) =>
    recordExport(ctx, auth.user.id, 'donation', { campaign: campaignToken }, items.length),
  );
  return csv;
}
