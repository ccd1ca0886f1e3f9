import { AREAS, LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES, type LogoAnswer } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import type { SniffedType } from '../../platform/files/sniff-type.ts';
import { notFound } from '../../platform/http/errors.ts';
import { receiveSmallFile } from '../../platform/http/upload.ts';
import { readRecordedUpload, replaceUpload } from '../../platform/storage/replace-upload.ts';
import type { StoredFile } from '../../platform/storage/storage.ts';
import { tenantsRepository } from './tenants.repository.ts';
import { forgetTenant } from './tenants.service.ts';

const EXTENSIONS: Partial<Record<SniffedType, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/**
 * POST /api/sys-admin/schemas/{slug}/upload-logo, for the caller's own tenant (`slug` of another is
 * a 404): tenant, session and role checked before the body is read; the file is stored with no
 * transaction open, then a short transaction records it (the replaced logo is removed from the
 * storage after that commit; the new one, if the record fails).
 */
export async function uploadLogo(
  app: AppContext,
  request: FastifyRequest,
  slug: string,
): Promise<LogoAnswer> {
  const tenantId = await withAuth(app, request, AREAS.admin, async (ctx, auth) => {
    if (slug !== auth.tenant.slug) throw notFound(LOGO_MESSAGES.notFound);
    return ctx.tenantId;
  });
  const file = await receiveSmallFile(request, {
    maxBytes: LOGO_MAX_BYTES,
    types: LOGO_TYPES,
    messages: {
      noFile: LOGO_MESSAGES.noFile,
      tooLarge: LOGO_MESSAGES.tooLarge,
      wrongType: LOGO_MESSAGES.onlyImages,
    },
  });
  const logoUrl = await replaceUpload(
    app,
    { tenantId, area: 'logo', file, extensions: EXTENSIONS, path: `/api/sys-admin/schemas/${slug}/logo` },
    (logo) =>
      withAuth(app, request, AREAS.admin, (ctx) => tenantsRepository.setLogo(ctx.trx, ctx.tenantId, logo)),
  );
  forgetTenant(app, slug);
  return { logoUrl };
}

/** The logo of an active tenant, as stored (public: it shows on the login page and in the shell). */
export async function readLogo(app: AppContext, slug: string): Promise<StoredFile & { extension: string }> {
  const file = await readRecordedUpload(app.files, await tenantsRepository.logoOf(app.db.kysely, slug));
  if (!file) throw notFound(LOGO_MESSAGES.notFound);
  return file;
}
