import { DONATION_TEXTS, DonationProviderStatusSchema, DonationProviderTokenSchema } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { DONATION_PROVIDER_ADMIN_RULE } from './donations.policy.ts';
import { hasProviderToken, storeProviderToken } from './donations.service.ts';

const PATH = '/api/sys-admin/donation-provider';
const tags = ['sys-admin'];

/**
 * Configurações › Sistema › Provedor de doações (issue 40 item 10): the tenant's token at the
 * donation provider, set while the server runs (the CLI's `donation-token` needs the embedded
 * database to itself), sealed at rest as the CLI seals it; never answered back.
 */
export function registerDonationProviderTokenRoutes(api: Api, app: AppContext) {
  const sandbox = () => app.config.donation.sandbox === true;

  api.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Se a conta tem token do provedor de doações e se o provedor é o ambiente de testes',
        ...authenticated(DonationProviderStatusSchema),
      },
    },
    async (request) => ({
      data: {
        connected: await withAuth(app, request, DONATION_PROVIDER_ADMIN_RULE, (ctx) => hasProviderToken(ctx)),
        sandbox: sandbox(),
      },
    }),
  );

  api.put(
    `${PATH}/token`,
    {
      ...strictInput(DONATION_TEXTS.provider.invalidToken),
      schema: {
        tags,
        summary: 'Guarda (cifrado) o token da conta no provedor de doações; o anterior deixa de valer',
        body: DonationProviderTokenSchema,
        ...authenticated(DonationProviderStatusSchema),
      },
    },
    async (request) => {
      // the key before the transaction: its first read may write app_settings (one PGlite connection)
      const key = await app.donationKeys.key();
      await withAuth(app, request, DONATION_PROVIDER_ADMIN_RULE, (ctx) =>
        storeProviderToken(ctx, key, request.body.token),
      );
      return { data: { connected: true, sandbox: sandbox() } };
    },
  );
}
