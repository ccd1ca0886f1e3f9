import { LOGO_MESSAGES, type LogoAnswer } from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { SniffedType } from '../../platform/files/sniff-type.ts';
import { notFound } from '../../platform/http/errors.ts';
import { readRecordedUpload, replaceUpload } from '../../platform/storage/replace-upload.ts';
import type { StoredFile } from '../../platform/storage/storage.ts';
import { tenantsRepository } from './tenants.repository.ts';
import { forgetTenant } from './tenants.service.ts';

const EXTENSIONS: Partial<Record<SniffedType, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/**
 * A new logo for the caller's own tenant (the route checks ROLE_CONFIG; `slug` must be the
 * tenant of the session, else 404): stored under a fresh key, served from a new address, and
 * the one it replaces removed from the storage.
 */
export async function uploadLogo(
  ctx: RequestContext,
  auth: AuthContext,
  slug: string,
  file: { bytes: Buffer; type: SniffedType },
): Promise<LogoAnswer> {
  if (slug !== auth.tenant.slug) throw notFound(LOGO_MESSAGES.notFound);
  const logoUrl = await replaceUpload(
    ctx.app.files,
    {
      tenantId: ctx.tenantId,
      area: 'logo',
      file,
      extensions: EXTENSIONS,
      path: `/api/sys-admin/schemas/${slug}/logo`,
    },
    async (logo) => {
      const previous = await tenantsRepository.setLogo(ctx.trx, ctx.tenantId, logo);
      forgetTenant(slug);
      return previous;
    },
  );
  return { logoUrl };
}

/** The logo of an active tenant, as stored (public: it shows on the login page and in the shell). */
export async function readLogo(app: AppContext, slug: string): Promise<StoredFile & { extension: string }> {
  const file = await readRecordedUpload(app.files, await tenantsRepository.logoOf(app.db.kysely, slug));
  if (!file) throw notFound(LOGO_MESSAGES.notFound);
  return file;
}
