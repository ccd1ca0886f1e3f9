import { formatZoned } from '@mandato/domain';
import type { FaultPlan } from './faults.ts';
import type { DonorRateLimit } from './rate-limit.ts';
import { type DonationStore, newKey } from './store.ts';

/** What the sandbox's routes share: one instance's state (nothing at module level). */
export interface SandboxContext {
  store: DonationStore;
  faults: FaultPlan;
  /** the sandbox's own address, e.g. http://127.0.0.1:3001 (the campaigns' url) */
  baseUrl(): string;
  /** with the option `tokens`, only these open an account */
  acceptedTokens: ReadonlySet<string> | undefined;
  confirmDelayMs: number | undefined;
  payDelayMs: number | undefined;
  donorLimit: DonorRateLimit;
  /** runs `task` after `ms` unless the sandbox closed first */
  later(task: () => void, ms: number): void;
  /** keeps a call open without an answer until the client gives up or the sandbox closes */
  hold(response: import('node:http').ServerResponse): void;
}

/** Confirms a candidate (operator action or delay): false when there is no such candidate. */
export function confirmCandidate(ctx: SandboxContext, id: number): boolean {
  const candidate = ctx.store.candidateById(id);
  if (!candidate) return false;
  if (!candidate.confirmado) {
    candidate.confirmado = true;
    ctx.store.save();
  }
  return true;
}

/** Marks an invoice Paga (donor's simulated payment, operator action or delay). */
export function payInvoice(ctx: SandboxContext, id: number): boolean {
  const invoice = ctx.store.invoiceById(id);
  if (!invoice) return false;
  if (invoice.status !== 'Paga') {
    invoice.status = 'Paga';
    ctx.store.save();
  }
  return true;
}

/**
 * Adds `count` paid donations of R$ 10,00 to a campaign in one step (a campaign with many
 * donations, for tests; the public page would take one request each): false without that campaign.
 */
export function addPaidInvoices(ctx: SandboxContext, campaignToken: string, count: number): boolean {
  const account = ctx.store
    .entries()
    .find(([, a]) => a.campaigns.some((c) => c.token === campaignToken))?.[1];
  if (!account) return false;
  const data = formatZoned(new Date());
  for (let n = 0; n < count; n++) {
    account.invoices.push({
      id: ctx.store.takeInvoiceId(),
      chave: newKey(),
      campanhaToken: campaignToken,
      data,
      doador: {
        nome: `Doador ${n + 1}`,
        cpf: '52998224725',
        email: 'doador@exemplo.com.br',
        celular: '11987654321',
      },
      valorCents: 1_000,
      status: 'Paga',
    });
  }
  ctx.store.save();
  return true;
}
