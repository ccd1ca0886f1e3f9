import {
  SPONSOR_FAVICON_MAX_BYTES,
  SPONSOR_FAVICON_TYPES,
  SPONSOR_MESSAGES,
  type SponsorFaviconAnswerSchema,
} from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import type { SniffedType } from '../../platform/files/sniff-type.ts';
import { receiveSmallFile } from '../../platform/http/upload.ts';
import { removeReplacedUpload, replaceUpload } from '../../platform/storage/replace-upload.ts';
import { SPONSOR_ADMIN_RULE } from './sponsor.policy.ts';
import { recordFavicon } from './sponsor.service.ts';

type FaviconAnswer = z.infer<typeof SponsorFaviconAnswerSchema>;

const FAVICON_EXTENSIONS: Partial<Record<SniffedType, string>> = {
  png: 'png',
  ico: 'ico',
  jpeg: 'jpg',
  webp: 'webp',
};

/**
 * POST …/godfather-form/favicon: tenant, session and role checked before the body is read; the
 * file is stored with no transaction open, then a short transaction records it (the replaced
 * favicon is removed from the storage after that commit; the new one, if the record fails).
 */
export async function uploadFavicon(app: AppContext, request: FastifyRequest): Promise<FaviconAnswer> {
  const tenant = await withAuth(app, request, SPONSOR_ADMIN_RULE, async (_ctx, auth) => auth.tenant);
  const file = await receiveSmallFile(request, {
    maxBytes: SPONSOR_FAVICON_MAX_BYTES,
    types: SPONSOR_FAVICON_TYPES,
    messages: {
      noFile: SPONSOR_MESSAGES.faviconNoFile,
      tooLarge: SPONSOR_MESSAGES.faviconTooLarge,
      wrongType: SPONSOR_MESSAGES.faviconOnlyImages,
    },
  });
  const faviconUrl = await replaceUpload(
    app,
    {
      tenantId: tenant.id,
      area: 'sponsor-favicon',
      file,
      extensions: FAVICON_EXTENSIONS,
      path: `/api/sys-admin/schemas/${tenant.slug}/sponsor-favicon`,
    },
    (favicon) => withAuth(app, request, SPONSOR_ADMIN_RULE, (ctx, auth) => recordFavicon(ctx, auth, favicon)),
  );
  return { faviconUrl };
}

/** DELETE …/godfather-form/favicon: the form loses its favicon; the file goes once that is committed. */
export async function removeFavicon(app: AppContext, request: FastifyRequest): Promise<FaviconAnswer> {
  const previous = await withAuth(app, request, SPONSOR_ADMIN_RULE, (ctx, auth) =>
    recordFavicon(ctx, auth, null),
  );
  if (previous) await removeReplacedUpload(app, previous);
  return { faviconUrl: null };
}
