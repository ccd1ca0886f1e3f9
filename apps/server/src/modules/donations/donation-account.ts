import { DONATION_LIMITS, DONATION_TEXTS } from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { unseal } from '../../platform/crypto/sealed-value.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { PROVIDER_TOKEN_PURPOSE } from './donation-keys.ts';
import { type DonationAccountRow, donationsRepository } from './donations.repository.ts';

const T = DONATION_TEXTS.messages;

/**
 * How a donations call reaches the database: each `tx` is a short transaction of the one guard
 * (withAuth with DONATIONS_RULE, checked again each time); provider calls run between them, never
 * inside one (PGlite has a single connection for every tenant).
 */
export interface DonationSteps {
  app: AppContext;
  tx<T>(work: (ctx: RequestContext, auth: AuthContext) => Promise<T>): Promise<T>;
}

/** The invoices of one campaign we read at most: past it the provider is answering more than a table holds. */
export const MAX_INVOICES = DONATION_LIMITS.invoicesPerCampaign;

export const noAccess = () => forbidden(T.noAccess);

/** The account of the tenant or 403 (no provider token: spec 3 §6). */
export async function accountOf(ctx: RequestContext): Promise<DonationAccountRow> {
  const row = await donationsRepository.find(ctx);
  if (!row) throw noAccess();
  return row;
}

/**
 * Reads the account (and whatever `more` reads) in one short transaction and opens its provider
 * token after it: the key is read before (it may write app_settings the first time).
 */
export async function readAccount<R = undefined>(
  steps: DonationSteps,
  more?: (ctx: RequestContext, auth: AuthContext, row: DonationAccountRow) => Promise<R>,
) {
  const key = await steps.app.donationKeys.key();
  const read = await steps.tx(async (ctx, auth) => {
    const row = await accountOf(ctx);
    return { row, tenantId: ctx.tenantId, slug: auth.tenant.slug, more: (await more?.(ctx, auth, row)) as R };
  });
  let token: string;
  try {
    token = unseal(key, PROVIDER_TOKEN_PURPOSE, read.row.provider_token_sealed, read.tenantId);
  } catch {
    throw noAccess();
  }
  return { ...read, token };
}
